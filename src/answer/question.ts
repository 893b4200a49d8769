/**
 * The question, analysed like the pages (DESIGN.md flow: "visitor question ─► analyse"): its
 * language among the site's, and its terms, each weighted once however often it is typed.
 */
import { createAnalyzer, detectLanguage } from "../text/index.js";

export interface QueryTerm {
  term: string;
  /** The word as typed, for messages and highlighting. */
  word: string;
  /** A compound part or identifier piece: supporting evidence, weighed less. */
  extra: boolean;
  /**
   * A word related to the question's term `for` (a thesaurus synonym), not in the question itself:
   * searched with `weight` (0…1) of a question word's weight, and counted in part for `for`.
   */
  related?: { for: string; weight: number };
}

export interface AnalysedQuestion {
  text: string;
  lang: string;
  terms: QueryTerm[];
}

export const MAX_QUESTION_CHARS = 2_000;
/**
 * Distinct terms kept from a question, in order: far more than any visitor's question has, and a
 * bound on the work (thesaurus lookups, postings) a hostile one can cause.
 */
export const MAX_QUESTION_TERMS = 40;

/** The question's own words: not compound parts or identifier pieces, not related words. */
export function isMain(term: QueryTerm): boolean {
  return !term.extra && term.related === undefined;
}

export function analyseQuestion(
  question: string,
  siteLanguages: readonly string[],
): AnalysedQuestion {
  const text = question.replace(/\s+/g, " ").trim().slice(0, MAX_QUESTION_CHARS);
  const guess = detectLanguage(text, { candidates: siteLanguages });
  // A question in a language the site does not have is still matched with the site's analysis
  // when detection is unsure: visitors mix in the site's own words.
  const lang =
    siteLanguages.length > 0 && !siteLanguages.includes(guess.lang) && guess.confidence < 0.1
      ? (siteLanguages[0] as string)
      : guess.lang;
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const token of createAnalyzer(lang).analyze(text)) {
    if (seen.has(token.term)) continue;
    if (seen.size >= MAX_QUESTION_TERMS) break;
    seen.add(token.term);
    terms.push({
      term: token.term,
      word: text.slice(token.start, token.end),
      extra: token.extra === true,
    });
  }
  return { text, lang, terms };
}
