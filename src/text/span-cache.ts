/**
 * A bounded cache keyed by a span of a text (`text.slice(start, end)`), looked up without cutting
 * the span out: a page's words are mostly known ones, and a hit then costs a hash over the span's
 * characters and one comparison, and no new string.
 *
 * Open addressing over an `Int32Array` of slots, grown by doubling and kept at most half full.
 * When `capacity` entries are held it is emptied, so memory stays bounded.
 */
import { codeUnitAt, holdsAt } from "../core/code-units.js";
export interface SpanCache<V> {
  /** The value for `text.slice(start, end)`, or undefined when it is not cached. */
  get(text: string, start: number, end: number): V | undefined;
  /** `get`, for a span whose `spanHash` the caller has computed already. */
  getHashed(text: string, start: number, end: number, hash: number): V | undefined;
  /** Caches `value` for `key`, which `get` has just missed. */
  add(key: string, value: V): void;
}

const EMPTY = -1;
const FIRST_SLOTS = 1024;

export function createSpanCache<V>(capacity: number): SpanCache<V> {
  let slots = new Int32Array(FIRST_SLOTS).fill(EMPTY);
  let keys: string[] = [];
  let values: V[] = [];
  let hashes: number[] = [];
  // Read beside the keys: a key's own `length` is a slow look-up on strings of many kinds.
  let lengths: number[] = [];

  const place = (hash: number, index: number) => {
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    slots[slot] = index;
  };

  const getHashed = (text: string, start: number, end: number, hash: number): V | undefined => {
    const mask = slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const index = slots[slot] as number;
      if (index === EMPTY) return undefined;
      if (hashes[index] !== hash || lengths[index] !== length) continue;
      if (holdsAt(text, keys[index] as string, start)) return values[index];
    }
  };

  return {
    get: (text, start, end) => getHashed(text, start, end, hashSpan(text, start, end)),
    getHashed,
    add(key, value) {
      if (keys.length >= capacity) {
        slots.fill(EMPTY);
        keys = [];
        values = [];
        hashes = [];
        lengths = [];
      }
      if ((keys.length + 1) * 2 > slots.length) {
        slots = new Int32Array(slots.length * 2).fill(EMPTY);
        hashes.forEach(place);
      }
      const hash = hashSpan(key, 0, key.length);
      place(hash, keys.length);
      keys.push(key);
      values.push(value);
      hashes.push(hash);
      lengths.push(key.length);
    },
  };
}

/** The hash of an empty span; `spanHashStep` adds one UTF-16 unit (FNV-1a). */
export const SPAN_HASH_START = 0x811c9dc5;

export function spanHashStep(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, 0x01000193);
}

/** The span's hash, over its UTF-16 units. */
export function hashSpan(text: string, start: number, end: number): number {
  let hash = SPAN_HASH_START;
  for (let i = start; i < end; i++) hash = spanHashStep(hash, codeUnitAt(text, i));
  return hash;
}
