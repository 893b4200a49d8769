/**
 * The tokenizer: finds the words of a text in one pass, without allocating per character.
 *
 * A word is a run of Unicode letters, digits, combining marks and "_" (so `pg_dump` and `__init__`
 * stay whole). Inside a word a joiner is kept when a word character follows it:
 * - "-" and the Unicode hyphens ("apt-get", "E-Mail-Adresse", "x86-64"),
 * - "." before a lower-case letter or a digit ("postgresql.conf", "node.js", "15.4", "1.2.3"), so a
 *   sentence end followed by a capital ("done.Next") still splits,
 * - apostrophes ' ’ ʼ ("l'installazione", "it's", "aujourd'hui"),
 * - the soft hyphen (removed by the analyser).
 * Ideographs and kana (CJK scripts write no spaces) are one word per character. Everything else
 * (spaces, punctuation, symbols, emoji, controls) separates words. A word is cut after
 * `MAX_WORD_LENGTH` UTF-16 units, so a hostile text without separators costs no more than others.
 */

import { codeUnitAt } from "../core/code-units.js";
import { hashSpan, SPAN_HASH_START, spanHashStep } from "./span-cache.js";

/** The word holds a digit. */
export const HAS_DIGIT = 1;
/** The word holds a hyphen joiner. */
export const HAS_HYPHEN = 2;
/** The word holds a dot joiner. */
export const HAS_DOT = 4;
/** The word holds "_". */
export const HAS_UNDERSCORE = 8;
/** The word holds an apostrophe joiner. */
export const HAS_APOSTROPHE = 16;
/** The word holds a soft hyphen (U+00AD). */
export const HAS_SOFT_HYPHEN = 32;
/** The word is a single ideograph or kana. */
export const IS_IDEOGRAPH = 64;

/** Longest word kept whole, in UTF-16 units; longer runs are cut into words of this length. */
export const MAX_WORD_LENGTH = 128;

/**
 * Called for each word: `text.slice(start, end)` is its surface form, `hash` its `hashSpan`, so a
 * cache keyed by words (span-cache.ts) is looked up without reading the word a second time.
 */
export type WordVisitor = (start: number, end: number, flags: number, hash: number) => void;

const UNKNOWN = 0;
const WORD = 1;
const OTHER = 2;
const IDEOGRAPH = 3;

/** Character classes of the Basic Multilingual Plane, filled in as characters are first seen. */
const CLASS = new Uint8Array(0x10000);
const WORD_RE = /^[\p{L}\p{N}\p{M}_]$/u;
const IDEOGRAPH_RE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

for (let c = 0; c < 128; c++) {
  const isWord =
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
  CLASS[c] = isWord ? WORD : OTHER;
}

function classOf(code: number): number {
  const known = CLASS[code] ?? UNKNOWN;
  if (known !== UNKNOWN) return known;
  let kind = OTHER;
  if (code < 0xd800 || code > 0xdfff) {
    const ch = String.fromCharCode(code);
    if (IDEOGRAPH_RE.test(ch)) kind = IDEOGRAPH;
    else if (WORD_RE.test(ch)) kind = WORD;
  }
  CLASS[code] = kind;
  return kind;
}

/** Class of the code point at `i` (surrogate pairs looked up whole, without caching). */
function classAt(text: string, i: number): number {
  const code = codeUnitAt(text, i);
  if (code < 0xd800 || code > 0xdbff) return classOf(code);
  const cp = text.codePointAt(i) ?? code;
  if (cp <= 0xffff) return OTHER;
  const ch = String.fromCodePoint(cp);
  if (IDEOGRAPH_RE.test(ch)) return IDEOGRAPH;
  return WORD_RE.test(ch) ? WORD : OTHER;
}

function width(text: string, i: number): number {
  const code = codeUnitAt(text, i);
  if (code < 0xd800 || code > 0xdbff) return 1;
  const low = codeUnitAt(text, i + 1);
  return low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
}

function joinerFlag(code: number): number {
  switch (code) {
    case 0x2d: // -
    case 0x2010: // hyphen
    case 0x2011: // non-breaking hyphen
      return HAS_HYPHEN;
    case 0x2e:
      return HAS_DOT;
    case 0x27: // '
    case 0x2019: // ’
    case 0x02bc: // ʼ
      return HAS_APOSTROPHE;
    case 0xad:
      return HAS_SOFT_HYPHEN;
    default:
      return 0;
  }
}

/** Whether the word character at `i` may follow a dot inside a word: not an upper-case letter. */
function mayFollowDot(text: string, i: number): boolean {
  const code = codeUnitAt(text, i);
  if (code < 128) return !(code >= 0x41 && code <= 0x5a);
  const ch = text.charAt(i);
  return ch.toLowerCase() === ch;
}

/** Calls `visit` for each word of `text`, in order. */
export function scanWords(text: string, visit: WordVisitor): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = codeUnitAt(text, i);
    let kind = CLASS[code] as number;
    if (kind === UNKNOWN || (code >= 0xd800 && code <= 0xdfff)) kind = classAt(text, i);
    if (kind === OTHER) {
      i += width(text, i);
      continue;
    }
    if (kind === IDEOGRAPH) {
      const w = width(text, i);
      visit(i, i + w, IS_IDEOGRAPH, hashSpan(text, i, i + w));
      i += w;
      continue;
    }
    const start = i;
    let flags = code >= 0x30 && code <= 0x39 ? HAS_DIGIT : code === 0x5f ? HAS_UNDERSCORE : 0;
    let hash = spanHashStep(SPAN_HASH_START, code);
    if (width(text, i) === 2) hash = spanHashStep(hash, codeUnitAt(text, ++i));
    i++;
    const limit = Math.min(n, start + MAX_WORD_LENGTH);
    while (i < limit) {
      const next = codeUnitAt(text, i);
      if (next < 128) {
        if (CLASS[next] === WORD) {
          if (next <= 0x39 && next >= 0x30) flags |= HAS_DIGIT;
          else if (next === 0x5f) flags |= HAS_UNDERSCORE;
          hash = spanHashStep(hash, next);
          i++;
          continue;
        }
      } else {
        let nextKind = CLASS[next] as number;
        if (nextKind === UNKNOWN || (next >= 0xd800 && next <= 0xdfff)) nextKind = classAt(text, i);
        if (nextKind === WORD) {
          hash = spanHashStep(hash, next);
          if (next >= 0xd800 && next <= 0xdbff && width(text, i) === 2)
            hash = spanHashStep(hash, codeUnitAt(text, ++i));
          i++;
          continue;
        }
      }
      const joiner = joinerFlag(next);
      if (joiner === 0 || i + 1 >= n || classAt(text, i + 1) !== WORD) break;
      if (joiner === HAS_DOT && !mayFollowDot(text, i + 1)) break;
      flags |= joiner;
      hash = spanHashStep(hash, next);
      i++;
    }
    visit(start, i, flags, hash);
  }
}
