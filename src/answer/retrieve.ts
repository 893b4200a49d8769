/**
 * Retrieval (DESIGN.md flow: "retrieve"): the passages that hold the question's terms, scored by
 * BM25 over the site's chunks. Terms the site never uses are corrected against its own vocabulary
 * first ("postgress" → "postgr"), so a typo does not lose the question. One code path for every
 * store: only `TextIndex` reads.
 */
import type { TextIndex } from "../store/types.js";
import { createSpeller, type Speller } from "../text/index.js";
import { termWeight } from "./coverage.js";
import { inLexicon } from "./lexicon.js";
import { isMain, type QueryTerm } from "./question.js";

export interface WeightedTerm extends QueryTerm {
  idf: number;
  /** The term as typed when the site did not know it and a correction stands in. */
  correctedFrom?: string;
}

export interface Candidate {
  chunkId: number;
  /** First-pass BM25 without length normalisation (lengths come with the chunk, in ranking). */
  score: number;
  /** tf of each query term in the chunk. */
  tf: Map<string, number>;
}

export const BM25_K1 = 1.2;
/** Weight of compound parts and identifier pieces beside whole words. */
export const EXTRA_WEIGHT = 0.4;
/** Related words found in more than this share of the site's passages are not searched. */
const MAX_RELATED_SHARE = 0.2;

const spellers = new Map<number, Promise<Speller>>();

/** The site's speller, built once per process from the site's vocabulary. */
function spellerFor(texts: TextIndex, siteId: number): Promise<Speller> {
  let speller = spellers.get(siteId);
  if (!speller) {
    speller = texts.vocabulary(siteId).then((vocabulary) => createSpeller(vocabulary));
    spellers.set(siteId, speller);
  }
  return speller;
}

export async function weighTerms(
  texts: TextIndex,
  siteId: number,
  chunks: number,
  terms: readonly QueryTerm[],
  lang: string,
): Promise<WeightedTerm[]> {
  const df = await texts.documentFrequencies(
    siteId,
    terms.map((t) => t.term),
  );
  const weighted: WeightedTerm[] = [];
  const seen = new Set<string>();
  for (const term of terms) {
    let known = term;
    let frequency = df.get(term.term) ?? 0;
    let correctedFrom: string | undefined;
    if (frequency === 0 && isMain(term)) {
      const suggestion = (await spellerFor(texts, siteId)).suggest(term.term, {
        max: 1,
        maxDistance: term.term.length >= 8 ? 2 : 1,
      })[0];
      if (
        suggestion &&
        suggestion.distance > 0 &&
        plausibleTypo(term.term, suggestion.term) &&
        inLexicon(lang, term.word) !== true
      ) {
        known = { ...term, term: suggestion.term };
        frequency = suggestion.frequency;
        correctedFrom = term.term;
      }
    }
    if (frequency === 0 || seen.has(known.term)) continue;
    // A related word most of the site uses says nothing about which page answers.
    if (term.related && frequency > chunks * MAX_RELATED_SHARE) continue;
    seen.add(known.term);
    const idf = Math.log(1 + (chunks - frequency + 0.5) / (frequency + 0.5));
    weighted.push({ ...known, idf, ...(correctedFrom ? { correctedFrom } : {}) });
  }
  return weighted;
}

/**
 * Whether the site's term could be what the visitor meant to type. In a large site's vocabulary
 * almost every short word has a neighbour ("helm" → "help", "docker" → "locker"), and a wrong
 * correction turns a question the site cannot answer into a confident answer: a typo keeps the
 * word's first letter, a four-letter word is only corrected for a letter left out ("indx"), and
 * shorter words never (nor, by the caller, ordinary words of the language: "sensor", "Wetter").
 */
function plausibleTypo(typed: string, term: string): boolean {
  if (typed[0] !== term[0]) return false;
  return typed.length >= 5 || (typed.length === 4 && term.length === 5);
}

/** The best `limit` chunks for the weighted terms, by first-pass BM25. */
export async function retrieve(
  texts: TextIndex,
  siteId: number,
  terms: readonly WeightedTerm[],
  limit: number,
): Promise<Candidate[]> {
  if (terms.length === 0) return [];
  const postings = await texts.postings(
    siteId,
    terms.map((t) => t.term),
  );
  const byTerm = new Map(terms.map((t) => [t.term, t]));
  const candidates = new Map<number, Candidate>();
  for (const list of postings) {
    const term = byTerm.get(list.term);
    if (!term) continue;
    const weight = term.idf * termWeight(term, EXTRA_WEIGHT);
    for (let i = 0; i < list.chunkIds.length; i++) {
      const chunkId = list.chunkIds[i] as number;
      const tf = list.tf[i] as number;
      let candidate = candidates.get(chunkId);
      if (!candidate) {
        candidate = { chunkId, score: 0, tf: new Map() };
        candidates.set(chunkId, candidate);
      }
      candidate.tf.set(term.term, tf);
      candidate.score += (weight * (tf * (BM25_K1 + 1))) / (tf + BM25_K1);
    }
  }
  return [...candidates.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
