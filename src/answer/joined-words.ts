/**
 * Two words a visitor writes apart that the site writes as one ("shut down" → "shutdown", "power
 * off" → "poweroff", "log in" → "login", "time zone" → "timezone"): the joined word is searched
 * too, as a word related to the pair's first word that is searched, or as a question word of its
 * own when both are stopwords ("set up" where "set" is one).
 */
import { analyzerFor, scanWords } from "../text/index.js";
import type { QueryTerm } from "./question.js";
import type { TermIndex } from "./term-index.js";

/**
 * Weight of the joined word beside the question word it is related to: the pair's meaning, not a
 * synonym's (0.5 found one question fewer on the evaluation sets).
 */
const JOINED_WEIGHT = 1;
/** Letters the joined word has at least: shorter joins ("in" + "to") are words of their own. */
const MIN_JOINED = 6;

export async function withJoinedWords(
  terms: readonly QueryTerm[],
  question: string,
  lang: string,
  index: TermIndex,
): Promise<QueryTerm[]> {
  const analyzer = analyzerFor(lang);
  const words: { start: number; end: number }[] = [];
  scanWords(question, (start, end) => {
    words.push({ start, end });
  });
  const known = new Set(terms.map((t) => t.term));
  const pairs: { joined: string; first: string; second: string; typed: string }[] = [];
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1] as { start: number; end: number };
    const b = words[i] as { start: number; end: number };
    const between = question.slice(a.end, b.start);
    if (between !== " " && between !== "-") continue;
    const [first, second] = [question.slice(a.start, a.end), question.slice(b.start, b.end)];
    if (!/^\p{L}+$/u.test(first) || !/^\p{L}+$/u.test(second)) continue;
    const joinedWord = `${first}${second}`.toLowerCase();
    if (joinedWord.length < MIN_JOINED) continue;
    const joined = analyzer.term(joinedWord);
    // A stem that ends inside the first word ("some tables" → "somet") names another word.
    if (!joined || known.has(joined) || joined.length <= first.length + 1) continue;
    pairs.push({ joined, first, second, typed: `${first} ${second}` });
  }
  if (pairs.length === 0) return [...terms];
  const df = await index.documentFrequencies(pairs.map((p) => p.joined));
  const out = [...terms];
  for (const pair of pairs) {
    if ((df.get(pair.joined) ?? 0) === 0 || known.has(pair.joined)) continue;
    known.add(pair.joined);
    const anchor = [analyzer.term(pair.first), analyzer.term(pair.second)].find(
      (t) => t !== null && terms.some((q) => q.term === t && !q.extra && !q.related),
    );
    out.push(
      anchor
        ? {
            term: pair.joined,
            word: pair.typed,
            extra: false,
            related: { for: anchor, weight: JOINED_WEIGHT },
          }
        : { term: pair.joined, word: pair.typed, extra: false },
    );
  }
  return out;
}
