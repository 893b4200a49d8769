/**
 * Retrieval (DESIGN.md flow: "retrieve"): the passages that hold the question's terms, scored by
 * BM25 over the site's chunks. Terms the site never uses are corrected against its own vocabulary
 * first ("postgress" → "postgr"), so a typo does not lose the question. One code path for every
 * store: postings come through `TermIndex` (the store's, or a copy in memory).
 */
import { analyzerFor, fold, type Speller, type Suggestion, typoDistance } from "../text/index.js";
import { termWeight } from "./coverage.js";
import { inLexicon } from "./lexicon.js";
import { isMain, type QueryTerm } from "./question.js";
import { surfaceCorrection } from "./surface-typos.js";
import type { TermIndex } from "./term-index.js";

export interface WeightedTerm extends QueryTerm {
  idf: number;
  /** The term as typed when the site did not know it and a correction stands in. */
  correctedFrom?: string;
  /**
   * The question's word, unknown to the site as a whole, that this part stands for with its
   * other parts ("Tastaturlayout": "tastatur" and "layout"): a main term then, not an extra.
   */
  partOf?: string;
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

export async function weighTerms(
  index: TermIndex,
  /** Null: no word is corrected. */
  speller: (() => Promise<Speller>) | null,
  chunks: number,
  terms: readonly QueryTerm[],
  lang: string,
): Promise<WeightedTerm[]> {
  const df = await index.documentFrequencies(
    terms.flatMap((t) => (t.otherwise === undefined ? [t.term] : [t.term, t.otherwise])),
  );
  const weighted: WeightedTerm[] = [];
  const seen = new Set<string>();
  /** Parts standing for their unknown whole word, by the part's position in `terms`. */
  const standIns = new Map<number, string>();
  for (const [i, term] of terms.entries()) {
    let known: QueryTerm = term;
    let frequency = df.get(term.term) ?? 0;
    if (frequency === 0 && term.otherwise !== undefined) {
      known = { ...term, term: term.otherwise };
      frequency = df.get(term.otherwise) ?? 0;
    }
    let correctedFrom: string | undefined;
    if (frequency === 0 && isMain(term) && !term.name && speller) {
      const ordinary = inLexicon(lang, term.word) === true;
      const typed = (among?: ReadonlySet<string>) =>
        isIdentifier(term.word)
          ? undefined
          : surfaceCorrection(
              index,
              analyzerFor(lang),
              fold(term.word.toLowerCase()),
              term.term,
              among,
            );
      let suggestion: Suggestion | undefined;
      if (!ordinary) suggestion = correction(await speller(), term) ?? (await typed());
      else {
        // A misspelling the thesaurus takes for a form of a word ("shiping" for "ship"): corrected
        // only to that same word, where one slip of the typed word makes it ("shipping").
        const forms = new Set(terms.filter((t) => t.related?.for === term.term).map((t) => t.term));
        if (forms.size > 0) suggestion = await typed(forms);
      }
      if (suggestion) {
        known = { ...term, term: suggestion.term };
        frequency = suggestion.frequency;
        correctedFrom = term.term;
      }
    }
    if (frequency === 0 && isMain(term) && !correctedFrom && !isIdentifier(term.word)) {
      for (const part of knownParts(terms, i, df)) standIns.set(part, term.term);
    }
    const partOf = standIns.get(i);
    if (partOf !== undefined) known = { ...term, extra: false };
    if (frequency === 0 || seen.has(known.term)) continue;
    // A related word most of the site uses says nothing about which page answers.
    if (term.related && frequency > chunks * MAX_RELATED_SHARE) continue;
    seen.add(known.term);
    const idf = Math.log(1 + (chunks - frequency + 0.5) / (frequency + 0.5));
    weighted.push({
      ...known,
      idf,
      ...(correctedFrom ? { correctedFrom } : {}),
      ...(partOf !== undefined ? { partOf } : {}),
    });
  }
  return weighted;
}

/**
 * A name made of pieces ("pg_cron", "mysql_fdw", "v2.1"): the site knowing its pieces says
 * nothing of whether it knows the thing named. A qualified name ("ArrayUtils.reverse",
 * "os.path") is not one: a reference names the member on its owner's page, apart.
 */
function isIdentifier(word: string): boolean {
  return /[\d_]/.test(word);
}

/**
 * The positions of the parts (compound parts, pieces of a hyphenated word) that follow the
 * unknown word at `at`, when there are at least two and the site knows every one: a compound
 * the site never writes whole ("Tastaturlayout", "Paket-Update") is still asked in its parts.
 */
function knownParts(terms: readonly QueryTerm[], at: number, df: ReadonlyMap<string, number>) {
  const whole = terms[at] as QueryTerm;
  const parts: number[] = [];
  for (let i = at + 1; i < terms.length; i++) {
    const part = terms[i] as QueryTerm;
    if (!part.extra || part.word !== whole.word || part.related) break;
    if ((df.get(part.term) ?? 0) === 0) return [];
    parts.push(i);
  }
  return parts.length >= 2 ? parts : [];
}

/**
 * The site's term the visitor most likely meant by a term it never uses. The analysed term is
 * tried first; then the word as typed, since a typo can stem into something far from the word it
 * spoils ("ahaed" stems to "aha", two edits from "ahead" but one from the typed word).
 */
function correction(speller: Speller, term: QueryTerm): Suggestion | undefined {
  const typed = fold(term.word.toLowerCase());
  for (const query of typed === term.term ? [term.term] : [term.term, typed]) {
    const maxDistance = query.length >= 8 ? 2 : 1;
    const suggestion = speller
      .suggest(query, { max: SUGGESTIONS, maxDistance })
      .find(
        (s) =>
          s.distance > 0 &&
          plausibleTypo(query, s.term) &&
          typoDistance(query, s.term, maxDistance) <= maxDistance,
      );
    if (suggestion) return suggestion;
  }
  return undefined;
}

/** The site's nearest terms weighed as corrections of a word, at most. */
const SUGGESTIONS = 5;

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

/** Scores by chunk id, reused from question to question: growing, never shrinking. */
let scratch = new Float64Array(1 << 16);

/**
 * The best `limit` chunks for the weighted terms, by first-pass BM25. Scores add up in an array
 * indexed by chunk id (a large site's common terms have tens of thousands of postings); the term
 * frequencies are gathered for the chunks kept only.
 */
export async function retrieve(
  index: TermIndex,
  terms: readonly WeightedTerm[],
  limit: number,
): Promise<Candidate[]> {
  if (terms.length === 0 || limit <= 0) return [];
  const postings = await index.postings(terms.map((t) => t.term));
  const byTerm = new Map(terms.map((t) => [t.term, t]));
  let maxId = 0;
  for (const list of postings) {
    const last = list.chunkIds[list.chunkIds.length - 1];
    if (last !== undefined && last > maxId) maxId = last;
  }
  if (scratch.length <= maxId) scratch = new Float64Array(Math.max(maxId + 1, scratch.length * 2));
  const scores = scratch;
  const touched: number[] = [];
  for (const list of postings) {
    const term = byTerm.get(list.term);
    if (!term) continue;
    const weight = term.idf * termWeight(term, EXTRA_WEIGHT);
    const { chunkIds, tf } = list;
    for (let i = 0; i < chunkIds.length; i++) {
      const chunkId = chunkIds[i] as number;
      const n = tf[i] as number;
      if (scores[chunkId] === 0) touched.push(chunkId);
      scores[chunkId] =
        (scores[chunkId] as number) + (weight * (n * (BM25_K1 + 1))) / (n + BM25_K1);
    }
  }
  const best = topScores(touched, scores, limit);
  for (const chunkId of touched) scores[chunkId] = 0;
  const kept = new Map<number, Candidate>(
    best.map(([chunkId, score]) => [chunkId, { chunkId, score, tf: new Map() }]),
  );
  for (const list of postings) {
    const { chunkIds, tf } = list;
    for (let i = 0; i < chunkIds.length; i++) {
      kept.get(chunkIds[i] as number)?.tf.set(list.term, tf[i] as number);
    }
  }
  return [...kept.values()];
}

/** The `limit` highest scores among `ids`, best first (ties: lower id first). */
function topScores(
  ids: readonly number[],
  scores: Float64Array,
  limit: number,
): [id: number, score: number][] {
  if (ids.length <= limit * 4) {
    return ids
      .map((id): [number, number] => [id, scores[id] as number])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit);
  }
  // Keep the running best `limit`, re-sorting only when a score beats the weakest kept.
  const kept: [number, number][] = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    const score = scores[id] as number;
    if (kept.length >= limit && score <= floor) continue;
    kept.push([id, score]);
    if (kept.length >= limit * 2) {
      kept.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      kept.length = limit;
      floor = kept[limit - 1]?.[1] ?? floor;
    }
  }
  return kept.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
}
