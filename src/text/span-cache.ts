/**
 * A bounded cache keyed by a span of a text (`text.slice(start, end)`), looked up without cutting
 * the span out: a page's words are mostly known ones, and a hit then costs a hash over the span's
 * characters and one comparison, and no new string.
 *
 * Open addressing over an `Int32Array` of slots, grown by doubling and kept at most half full.
 * When `capacity` entries are held it is emptied, so memory stays bounded.
 */
export interface SpanCache<V> {
  /** The value for `text.slice(start, end)`, or undefined when it is not cached. */
  get(text: string, start: number, end: number): V | undefined;
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

  const place = (hash: number, index: number) => {
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    slots[slot] = index;
  };

  return {
    get(text, start, end) {
      const mask = slots.length - 1;
      const length = end - start;
      for (let slot = hashSpan(text, start, end) & mask; ; slot = (slot + 1) & mask) {
        const index = slots[slot] as number;
        if (index === EMPTY) return undefined;
        const key = keys[index] as string;
        if (key.length === length && text.startsWith(key, start)) return values[index];
      }
    },
    add(key, value) {
      if (keys.length >= capacity) {
        slots.fill(EMPTY);
        keys = [];
        values = [];
        hashes = [];
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
    },
  };
}

/** FNV-1a over the span's UTF-16 units. */
function hashSpan(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}
