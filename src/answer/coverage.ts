/**
 * How much of the question a passage or page covers: the question's own words by idf, a word
 * counting in part when only a related word (a thesaurus synonym) stands for it. One rule for
 * ranking, page order and the evidence threshold.
 */
import { isMain, type QueryTerm } from "./question.js";
import type { WeightedTerm } from "./retrieve.js";

/** What a related word found in place of the question's word is worth beside the word itself. */
export const RELATED_CREDIT = 0.5;

/** Weight of a term in scoring beside a main word of the same idf. */
export function termWeight(term: QueryTerm, extraWeight: number): number {
  return (term.extra ? extraWeight : 1) * (term.related?.weight ?? 1);
}

/** Share of each main term found, by term: 1 for the word itself, RELATED_CREDIT for a related word. */
export function foundShares(
  terms: readonly WeightedTerm[],
  has: (term: string) => boolean,
): Map<string, number> {
  const shares = new Map<string, number>();
  for (const term of terms) {
    if (isMain(term)) {
      if (has(term.term)) shares.set(term.term, 1);
    } else if (term.related && has(term.term)) {
      if ((shares.get(term.related.for) ?? 0) < RELATED_CREDIT)
        shares.set(term.related.for, RELATED_CREDIT);
    }
  }
  return shares;
}

/** Σ idf over the main terms: the whole question, as coverage shares are counted against. */
export function questionIdf(terms: readonly WeightedTerm[]): number {
  let total = 0;
  for (const term of terms) if (isMain(term)) total += term.idf;
  return total;
}

/** Σ idf × share over the main terms. */
export function coveredIdf(terms: readonly WeightedTerm[], has: (term: string) => boolean): number {
  const shares = foundShares(terms, has);
  let covered = 0;
  for (const term of terms) if (isMain(term)) covered += term.idf * (shares.get(term.term) ?? 0);
  return covered;
}
