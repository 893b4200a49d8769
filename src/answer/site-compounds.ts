/**
 * German and Dutch write compounds as one word, and a visitor's compound is often one the site
 * never writes whole ("Tastaturlayout" where the site says "Tastatur" and "Layout"). The analysis
 * splits compounds only by the words it ships with; a question word the site does not know is
 * also split where both halves are words the site uses, so it is asked in its parts.
 */
import { analyzerFor, rulesFor } from "../text/index.js";
import type { QueryTerm } from "./question.js";
import type { TermIndex } from "./term-index.js";

/** Shortest half, in letters, and shortest word worth splitting. */
const MIN_PART = 4;
const MIN_WORD = 2 * MIN_PART;

export async function splitBySite(
  terms: readonly QueryTerm[],
  lang: string,
  index: TermIndex,
): Promise<QueryTerm[]> {
  const rules = rulesFor(lang);
  if (!rules?.compounds) return [...terms];
  // The halves may be joined by the language's linking letters ("Arbeit-s-speicher").
  const links = ["", ...rules.linkers];
  const analyzer = analyzerFor(lang);
  const candidates = new Map<number, [string, string][]>();
  for (const [i, term] of terms.entries()) {
    if (term.extra || term.related || terms[i + 1]?.extra) continue;
    const word = term.word.toLowerCase();
    if (word.length < MIN_WORD || !/^\p{L}+$/u.test(word)) continue;
    const splits: [string, string][] = [];
    for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
      const right = analyzer.term(word.slice(at));
      if (!right) continue;
      const head = word.slice(0, at);
      for (const link of links) {
        if (!head.endsWith(link) || head.length - link.length < MIN_PART) continue;
        const left = analyzer.term(head.slice(0, head.length - link.length));
        if (left) splits.push([left, right]);
      }
    }
    if (splits.length > 0) candidates.set(i, splits);
  }
  if (candidates.size === 0) return [...terms];
  const wanted = new Set<string>();
  for (const [i, splits] of candidates) {
    wanted.add((terms[i] as QueryTerm).term);
    for (const [left, right] of splits) wanted.add(left).add(right);
  }
  const df = await index.documentFrequencies([...wanted]);
  const known = (term: string) => df.get(term) ?? 0;
  const out: QueryTerm[] = [];
  for (const [i, term] of terms.entries()) {
    out.push(term);
    const splits = candidates.get(i);
    if (!splits || known(term.term) > 0) continue;
    // The split whose rarer half the site uses most: the likeliest reading of the word.
    let best: [string, string] | undefined;
    let bestScore = 0;
    for (const split of splits) {
      const score = Math.min(known(split[0]), known(split[1]));
      if (score > bestScore) [best, bestScore] = [split, score];
    }
    if (!best || best[0] === best[1]) continue;
    for (const part of best) out.push({ term: part, word: term.word, extra: true });
  }
  return out;
}
