/**
 * How the SQLite text index spells terms (migration 6): the rows of its forward index and the
 * tokens of its inverted index. Terms are stored as they are, without ids.
 *
 * A chunk's forward row (`chunks.terms`) is a JSON array of its terms and their frequencies,
 * flat: ["term", tf, "term", tf, …].
 *
 * The inverted index is an FTS5 table (`detail = none`, `tokenize = 'ascii'`) whose document for a
 * chunk holds one token per distinct term: "s<site>x<term>zt<tf>". The `ascii` tokenizer keeps
 * lowercase letters, digits and every non-ASCII character in a token and folds or splits on the
 * rest, so a term is escaped: `a`-`y`, `0`-`9` and non-ASCII characters stand for themselves, any
 * other ASCII character (and `z`) is "z" and two hex digits. "zt" is never part of an escaped
 * term, so a term's tokens (one per term frequency) are exactly those starting with
 * "s<site>x<term>zt", and a site's tokens those starting with "s<site>x".
 */

import type { ChunkTerm } from "../types.js";

const PLAIN = /^[a-y0-9\u0080-\uffff]*$/;
const ESCAPE = 0x7a; // "z"

/** The term as token characters. */
export function escapeTerm(term: string): string {
  if (PLAIN.test(term)) return term;
  let out = "";
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    const plain = code >= 0x80 || (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code < ESCAPE);
    out += plain ? term[i] : `z${code.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** The term an escaped term stands for. */
export function unescapeTerm(escaped: string): string {
  if (!escaped.includes("z")) return escaped;
  return escaped.replace(/z([0-9a-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Start of every token of the term in the site: the token is this and the term frequency. */
export const termPrefix = (siteId: number, term: string) => `s${siteId}x${escapeTerm(term)}zt`;

/** Start of every token of the site. */
export const sitePrefix = (siteId: number) => `s${siteId}x`;

/**
 * The smallest string above every string starting with `prefix`, for `token >= prefix AND token <
 * end` (both prefixes end in an ASCII letter below "z").
 */
export const prefixEnd = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** The term and term frequency a token of the site stands for. */
export function readToken(token: string, siteStart: number): { term: string; tf: number } {
  const marker = token.lastIndexOf("zt");
  return {
    term: unescapeTerm(token.slice(siteStart, marker)),
    tf: Number(token.slice(marker + 2)),
  };
}

/** A chunk's row of the forward index. */
export function forwardRow(terms: readonly ChunkTerm[]): string {
  const flat: (string | number)[] = [];
  for (const { term, tf } of terms) flat.push(term, tf);
  return JSON.stringify(flat);
}

export function readForwardRow(row: string): ChunkTerm[] {
  const flat = JSON.parse(row) as (string | number)[];
  const terms: ChunkTerm[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    terms.push({ term: flat[i] as string, tf: flat[i + 1] as number });
  }
  return terms;
}

/**
 * A chunk's document of the inverted index: one token per term, with its frequency. Joined once:
 * a document waits in memory for its batch (pending-postings.ts), and one flat string is far
 * cheaper for the garbage collector to keep than a tree of the pieces it was appended from.
 */
export function postingsDocument(siteId: number, terms: readonly ChunkTerm[]): string {
  return terms.map(({ term, tf }) => `${termPrefix(siteId, term)}${tf}`).join(" ");
}
