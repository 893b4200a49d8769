/**
 * Whether the pages cover the question (DESIGN.md flow: "answer + citations | not covered"): how
 * much of the question the best page holds, every question word counted — also the words the
 * site never uses, which say most about whether the question is the site's at all.
 */
import { answerability } from "./answerability.js";
import { foundShares } from "./coverage.js";
import { inLexicon } from "./lexicon.js";
import { capitalisesNouns, isMain, type QueryTerm } from "./question.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/**
 * How the question's words are weighed as evidence, and how likely (answerability.ts) the best
 * page must be to answer before Hooty answers from it. Calibrated on the evaluation sets
 * (test/fixtures/eval): see BENCHMARKS.md, evidence.
 */
export const EVIDENCE = {
  /** The least answerability (answerability.ts) to answer from the best page. */
  answerable: 0.65,
  /**
   * The least share of the question the best page must hold, whatever the model says: the model
   * was fitted on questions of up to a dozen words, and a long story around a question the site
   * does not cover can match many of its small words here and there.
   */
  leastCoverage: 0.25,
  /** An unknown word's weight beside the rarest known word's: an ordinary word of the language… */
  unknownWord: 0.5,
  /** …a name or a term the language does not know… */
  unknownName: 1.5,
  /**
   * …a word typed all in lower case that the language's thesaurus does not list, where a name
   * would be written with a capital: more often a form it does not list ("tolgo", "zittisco") or
   * a typo past correcting than a name…
   */
  unknownUnlisted: 1,
  /** …and either, when this machine has no thesaurus of the language to tell. */
  unknownUnsure: 1.25,
  /**
   * …and a value typed as an example ("2024-01-31", "rows 21 to 30", "an updated_at column"): the
   * page that explains how shows other values, so one the site never uses says little about
   * whether it covers the question.
   */
  unknownValue: 0.25,
  /** What a corrected word found counts for beside the word itself. */
  correctedCredit: 0.5,
  /**
   * A corrected word weighs at least this share of the rarest word's weight: the word as typed is
   * unknown to the site, and the correction only a guess ("Fortnite" → "forno").
   */
  correctedWeight: 0.5,
};

function unknownWeight({ word, name, ownName }: QueryTerm, lang: string): number {
  if ((/\d/.test(word) && !/\p{L}/u.test(word)) || ownName) return EVIDENCE.unknownValue;
  // Written as a name ("Teams", "Neon", "Arch Linux"), it names a thing, whatever else it means.
  if (name) return EVIDENCE.unknownName;
  const ordinary = inLexicon(lang, word);
  if (ordinary === null) return EVIDENCE.unknownUnsure;
  if (ordinary) return EVIDENCE.unknownWord;
  // An identifier ("pg_repack") or a capitalised word stays a name.
  return /^\p{Ll}+$/u.test(word) && !capitalisesNouns(lang)
    ? EVIDENCE.unknownUnlisted
    : EVIDENCE.unknownName;
}

export interface TermEvidence {
  /** The word as typed. */
  word: string;
  /** The term searched: the analysed word, or the site's term standing in for a typo. */
  term: string;
  /** `parts`: unknown as a whole, asked in its parts, which the site knows ("Tastaturlayout"). */
  status: "known" | "corrected" | "parts" | "unknown";
  /** How informative the word is (idf; a word the site never uses counts as the rarest). */
  weight: number;
  /**
   * Found in the best page's retrieved passages (text, title or headings): 1, a share when only a
   * related word was found or the word stands corrected, 0 when not found.
   */
  found: number;
}

export interface Evidence {
  /** Share of the question (by weight) that the best page covers, 0…1. */
  coverage: number;
  /** The largest share of the question (by weight) that one word missing from the best page has. */
  missing: number;
  /** The weight of the question's words found on the best page. */
  idf: number;
  /** The question's whole weight (its words' weights summed). */
  weight: number;
  /** Share of the question (by weight) in words the site never uses. */
  unknown: number;
  /** The best passage's score. */
  score: number;
  terms: TermEvidence[];
}

/**
 * How much of the question the best passage's page covers: the question's words found in that
 * page's retrieved passages (text, title and headings), by idf. A page answers with its sections
 * together, not one passage alone. A word the site never uses is part of the question too, and the
 * most telling part ("WhatsApp" on a Debian manual): it weighs as the rarest word would.
 */
export function evidenceOf(
  ranked: readonly Ranked[],
  asked: readonly QueryTerm[],
  terms: readonly WeightedTerm[],
  chunks: number,
  lang: string,
  /** Names of several words the site never writes together ("VS Code"; name-phrases.ts). */
  unsaidNames: readonly string[] = [],
): Evidence {
  const page = ranked[0]?.chunk.places[0]?.url;
  const found = new Set<string>();
  for (const candidate of ranked) {
    if (candidate.chunk.places.some((place) => place.url === page)) {
      for (const term of candidate.matched) found.add(term);
    }
  }
  const shares = foundShares(terms, (term) => found.has(term));
  const rarest = Math.log(1 + (chunks + 0.5) / 0.5);
  const evidence: TermEvidence[] = [];
  for (const question of asked) {
    if (!isMain(question)) continue;
    const parts = terms.filter((t) => t.partOf === question.term && t.word === question.word);
    if (parts.length > 0) {
      if (evidence.some((e) => e.term === question.term)) continue;
      // A word the site never writes whole weighs as one it never uses, found as its parts are.
      evidence.push({
        word: question.word,
        term: question.term,
        status: "parts",
        weight: rarest * unknownWeight(question, lang),
        found: parts.reduce((sum, p) => sum + (shares.get(p.term) ?? 0), 0) / parts.length,
      });
      continue;
    }
    const weighted = terms.find((t) => t.word === question.word && isMain(t));
    if (!weighted) {
      evidence.push({
        word: question.word,
        term: question.term,
        status: "unknown",
        weight: rarest * unknownWeight(question, lang),
        // The site never uses the word, but the page may hold a synonym or a form derived from it
        // ("delivery" for "deliver"): found in part, as a known word's synonym is.
        found: shares.get(question.term) ?? 0,
      });
      continue;
    }
    if (evidence.some((e) => e.term === weighted.term)) continue;
    const corrected = weighted.correctedFrom !== undefined;
    evidence.push({
      word: question.word,
      term: weighted.term,
      status: corrected ? "corrected" : "known",
      weight: corrected ? Math.max(weighted.idf, rarest * EVIDENCE.correctedWeight) : weighted.idf,
      found: (shares.get(weighted.term) ?? 0) * (corrected ? EVIDENCE.correctedCredit : 1),
    });
  }
  for (const name of unsaidNames) {
    evidence.push({
      word: name,
      term: name.toLowerCase(),
      status: "unknown",
      weight: rarest * EVIDENCE.unknownName,
      found: 0,
    });
  }
  const total = evidence.reduce((sum, e) => sum + e.weight, 0);
  const covered = evidence.reduce((sum, e) => sum + e.weight * e.found, 0);
  let missing = 0;
  for (const e of evidence) missing = Math.max(missing, e.weight * (1 - e.found));
  const unknown = evidence.reduce((sum, e) => sum + (e.status === "unknown" ? e.weight : 0), 0);
  return {
    coverage: total > 0 ? covered / total : 0,
    missing: total > 0 ? missing / total : 1,
    idf: covered,
    weight: total,
    unknown: total > 0 ? unknown / total : 0,
    score: ranked[0]?.score ?? 0,
    terms: evidence,
  };
}

/**
 * Whether the evidence is enough to answer from the best page; `answerable` is the threshold on
 * the model (the benchmark tries others).
 */
export function isCovered(evidence: Evidence, answerable = EVIDENCE.answerable): boolean {
  return evidence.coverage >= EVIDENCE.leastCoverage && answerability(evidence) >= answerable;
}
