/**
 * Which letter typed for another is a slip of the hand or of spelling: neighbouring keys on the
 * common Latin keyboards (QWERTY, QWERTZ, AZERTY), or one vowel for another ("seperate"). A word
 * that differs by any other letter ("chrome" and the site's "cdrom", "regres" and "repres") is a
 * different word, not a typo of it.
 */
import { osaDistance } from "./suggest.js";

/** Rows of letters, top to bottom; each row starts further right than the one above. */
const LAYOUTS = [
  ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
  ["qwertzuiop", "asdfghjkl", "yxcvbnm"],
  ["azertyuiop", "qsdfghjklm", "wxcvbn"],
];
const ROW_OFFSETS = [0, 0.25, 0.75];
const VOWELS = new Set("aeiouy");

const neighbours: Map<string, Set<string>> = (() => {
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    let set = map.get(a);
    if (!set) {
      set = new Set();
      map.set(a, set);
    }
    set.add(b);
  };
  for (const rows of LAYOUTS) {
    const keys = rows.flatMap((row, r) =>
      [...row].map((key, i) => ({ key, r, x: i + (ROW_OFFSETS[r] ?? 0) })),
    );
    for (const a of keys) {
      for (const b of keys) {
        if (a !== b && Math.abs(a.r - b.r) <= 1 && Math.abs(a.x - b.x) <= 1) add(a.key, b.key);
      }
    }
  }
  return map;
})();

/** Whether `typed` in place of `meant` (single lower-case letters, folded) is a plausible slip. */
export function plausibleSubstitution(typed: string, meant: string): boolean {
  if (typed === meant) return true;
  if (VOWELS.has(typed) && VOWELS.has(meant)) return true;
  return neighbours.get(typed)?.has(meant) === true;
}

/**
 * Edits from `typed` to `meant` as `osaDistance` counts them, except that a letter for another
 * that is no slip counts two (one left out, another put in); `limit + 1` once it must exceed it.
 */
export function typoDistance(typed: string, meant: string, limit: number): number {
  return osaDistance(typed, meant, limit, (a, b) => (plausibleSubstitution(a, b) ? 1 : 2));
}
