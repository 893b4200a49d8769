/**
 * Visitors' words are not the pages' words: each question word brings its thesaurus synonyms
 * (src/text/synonyms) as related terms, searched at a fraction of the word's weight and counted
 * in part for it. Only what the evaluation showed to help is taken (BENCHMARKS.md, answers).
 */
import { analyzerFor } from "../text/index.js";
import { openThesaurus, type Relation } from "../text/synonyms/index.js";
import { isMain, type QueryTerm } from "./question.js";

const EXPANSION = {
  /** Languages whose thesaurus is used. */
  languages: new Set(["en"]),
  relations: ["synonym", "derived"] as Relation[],
  /**
   * Related words below this thesaurus weight are left out, and a related word searches at half
   * its thesaurus weight: weak synonyms are rare words of the site ("tabular" for "table",
   * "novel" for "new"), and at full weight their idf let them outweigh the question's own words.
   */
  minWeight: 0.4,
  /** A related word's search weight: its thesaurus weight times this. */
  factor: 0.5,
  /** Related words per question word, at most. */
  perWord: 4,
};

export function expandTerms(terms: readonly QueryTerm[], lang: string): QueryTerm[] {
  if (!EXPANSION.languages.has(lang)) return [...terms];
  const thesaurus = openThesaurus(lang);
  if (!thesaurus) return [...terms];
  const analyzer = analyzerFor(lang);
  const known = new Set(terms.map((t) => t.term));
  const related: QueryTerm[] = [];
  for (const term of terms) {
    if (!isMain(term)) continue;
    let taken = 0;
    for (const entry of thesaurus.lookup(term.word, {
      relations: EXPANSION.relations,
    })) {
      if (taken >= EXPANSION.perWord || entry.weight < EXPANSION.minWeight) break;
      if (entry.term.includes(" ")) continue;
      const analysed = analyzer.analyze(entry.term).filter((t) => t.extra !== true);
      const only = analysed.length === 1 ? analysed[0] : undefined;
      if (!only || known.has(only.term)) continue;
      known.add(only.term);
      taken++;
      related.push({
        term: only.term,
        word: entry.term,
        extra: false,
        related: { for: term.term, weight: entry.weight * EXPANSION.factor },
      });
    }
  }
  return [...terms, ...related];
}
