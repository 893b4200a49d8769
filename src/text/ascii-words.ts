/**
 * A small fixed set of lower-case ASCII words (stopwords) looked up straight from a stretch of a
 * text, upper case folded as it is read: no string is cut out, lower-cased or hashed by the
 * engine for the many words of a page checked against a few hundred stopwords.
 */
import { codeUnitAt } from "../core/code-units.js";

/** `find`'s answer for a word with a character outside ASCII: the caller decides the slow way. */
export const NOT_ASCII = -1;

export interface AsciiWords {
  /**
   * The value stored for `text.slice(start, end).toLowerCase()`, 0 when it is not in the set, or
   * `NOT_ASCII`.
   */
  find(text: string, start: number, end: number): number;
}

/** Builds the set from lower-case words with positive values (ASCII words only are kept). */
export function asciiWords(entries: Iterable<readonly [string, number]>): AsciiWords {
  const words: [string, number][] = [];
  for (const [word, value] of entries)
    if (isLowerAscii(word) && value > 0) words.push([word, value]);
  let capacity = 16;
  while (capacity < words.length * 4) capacity *= 2;
  const mask = capacity - 1;
  const keys: string[] = new Array<string>(capacity).fill("");
  const values = new Int32Array(capacity);
  for (const [word, value] of words) {
    let slot = hashOf(word, 0, word.length) & mask;
    while (keys[slot] !== "" && keys[slot] !== word) slot = (slot + 1) & mask;
    keys[slot] = word;
    values[slot] = value;
  }

  return {
    find(text, start, end) {
      let h = 0x811c9dc5;
      for (let i = start; i < end; i++) {
        let c = codeUnitAt(text, i);
        if (c > 0x7f) return NOT_ASCII;
        if (c >= 0x41 && c <= 0x5a) c += 0x20;
        h = Math.imul(h ^ c, 0x01000193);
      }
      const length = end - start;
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        const key = keys[slot] as string;
        if (key === "") return 0;
        if (key.length === length && sameLower(key, text, start)) return values[slot] as number;
      }
    },
  };
}

function hashOf(word: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ codeUnitAt(word, i), 0x01000193);
  return h;
}

function isLowerAscii(word: string): boolean {
  if (word === "") return false;
  for (let i = 0; i < word.length; i++) {
    const c = codeUnitAt(word, i);
    if (c > 0x7f || (c >= 0x41 && c <= 0x5a)) return false;
  }
  return true;
}

/** Whether `text` from `start` equals `key` once ASCII upper case is folded. */
function sameLower(key: string, text: string, start: number): boolean {
  for (let i = 0; i < key.length; i++) {
    let c = codeUnitAt(text, start + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== codeUnitAt(key, i)) return false;
  }
  return true;
}
