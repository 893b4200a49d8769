/**
 * Ranking (DESIGN.md flow: "rank"): the retrieved passages weighed on what shows they answer the
 * question — BM25 with length normalisation, how much of the question they cover (in their text
 * and in their page title and headings), how close together the question's words stand, whether
 * a heading names just what the question asks about, and whether they are in the question's
 * language.
 */
import type { ChunkRecord } from "../store/types.js";
import { type Analyzer, analyzerFor } from "../text/index.js";
import { isLabel } from "../text/label.js";
import { coveredIdf, questionIdf, termWeight } from "./coverage.js";
import { withoutNumbering } from "./heading-echo.js";
import { isMain } from "./question.js";
import { BM25_K1, type Candidate, EXTRA_WEIGHT, type WeightedTerm } from "./retrieve.js";

export const BM25_B = 0.75;
/** Weight of proximity beside the question's idf. */
const PROXIMITY = 0.3;
/** Weight of the question's word pairs found side by side, beside the question's idf. */
const PHRASE = 0.6;
/**
 * Weights of the share of the question found in the passage's headings and in its page title,
 * beside the question's idf. The shares count squared: a title that holds most of the question
 * says far more than one that shares a word with it ("Quick Setup" for "empty a table quickly").
 */
const HEADING = 0.6;
const TITLE = 0.8;
/**
 * Weight, beside the question's idf, of a passage whose own heading or opening label is all and
 * only what the question asks about ("What is a decorator?" and the glossary's "decorator"; a
 * section "Handlers" for "what are handlers"), over those that name it among other things
 * ("Utilities and Decorators"). The evaluation sets were unchanged (0.3–0.6): their questions ask
 * about more than one thing.
 */
const NAMED = 0.6;
/** Passages sure to be weighed for proximity (those that could overtake them are too). */
const PROXIMITY_DEPTH = 20;

export interface Ranked {
  chunk: ChunkRecord;
  score: number;
  /** Share (by idf) of the question's words found in the passage or its title and headings. */
  coverage: number;
  /** Share (by idf) found in the title and headings alone. */
  headingCoverage: number;
  /** 0…1: the question's words close together in the passage. */
  proximity: number;
  /** BM25 of the passage text (length-normalised). */
  bm25: number;
  /** The question's terms found in the passage text. */
  matched: Set<string>;
}

export function rank(
  candidates: readonly Candidate[],
  chunks: readonly ChunkRecord[],
  terms: readonly WeightedTerm[],
  lang: string,
  averageLength: number,
): Ranked[] {
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const analyzer = analyzerFor(lang);
  const main = terms.filter(isMain);
  const asked = new Set(main.filter((t) => !t.related).map((t) => t.term));
  const totalIdf = questionIdf(terms) || 1;
  const termsOfText = new Map<string, Set<string>>();
  const analysed = (text: string) => {
    let found = termsOfText.get(text);
    if (!found) {
      found = termsOf(analyzer, text);
      termsOfText.set(text, found);
    }
    return found;
  };
  const ranked: Ranked[] = [];
  for (const candidate of candidates) {
    const chunk = byId.get(candidate.chunkId);
    if (!chunk) continue;
    let bm25 = 0;
    for (const term of terms) {
      const tf = candidate.tf.get(term.term) ?? 0;
      if (tf === 0) continue;
      const norm = 1 - BM25_B + (BM25_B * chunk.length) / (averageLength || 1);
      bm25 +=
        (term.idf * termWeight(term, EXTRA_WEIGHT) * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * norm);
    }
    const place = chunk.places[0];
    const titleTerms = analysed(place?.title ?? "");
    const label = leadingLabel(chunk.text);
    const headingTerms = analysed([...(place?.headingPath ?? []), label].join(" \n "));
    const named =
      sameTerms(analysed(label), asked) ||
      sameTerms(analysed(withoutNumbering(place?.headingPath.at(-1) ?? "")), asked);
    const matched = new Set([...candidate.tf.keys()]);
    const inHeadings = (term: string) => titleTerms.has(term) || headingTerms.has(term);
    const coverage = coveredIdf(terms, (t) => matched.has(t) || inHeadings(t)) / totalIdf;
    const headingCoverage = coveredIdf(terms, inHeadings) / totalIdf;
    const titleCoverage = coveredIdf(terms, (t) => titleTerms.has(t)) / totalIdf;
    const sameLanguage = chunk.lang === lang || chunk.lang === "und" ? 1 : 0;
    const score =
      bm25 * (0.5 + coverage) +
      totalIdf * (HEADING * headingCoverage ** 2 + TITLE * titleCoverage ** 2) +
      sameLanguage * 0.5 +
      (named ? NAMED * totalIdf : 0);
    ranked.push({ chunk, score, coverage, headingCoverage, proximity: 0, bm25, matched });
  }
  // Proximity reads the passage word by word: only for passages it can still lift into the top.
  ranked.sort((a, b) => b.score - a.score);
  const bar =
    (ranked[PROXIMITY_DEPTH - 1]?.score ?? Number.NEGATIVE_INFINITY) -
    (PROXIMITY + PHRASE) * totalIdf;
  const pairs = questionPairs(main);
  for (const passage of ranked) {
    if (passage.score < bar) break;
    const near = nearnessOf(analyzer, passage.chunk.text, main, passage.matched, pairs, totalIdf);
    passage.proximity = near.proximity;
    passage.score += totalIdf * (PROXIMITY * near.proximity + PHRASE * near.phrases);
  }
  return ranked.sort((a, b) => b.score - a.score);
}

/** The passage's first paragraph when it is a label (a glossary's term, "port (integer)"), else "". */
function leadingLabel(text: string): string {
  const end = text.indexOf("\n\n");
  if (end < 0) return "";
  const first = text.slice(0, end);
  return isLabel(first) ? first : "";
}

/** Whether two sets of terms are the same. */
function sameTerms(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || a.size !== b.size) return false;
  for (const t of a) if (!b.has(t)) return false;
  return true;
}

function termsOf(analyzer: Analyzer, text: string): Set<string> {
  const terms = new Set<string>();
  analyzer.forEachTerm(text, (term) => {
    terms.add(term);
  });
  return terms;
}

/** The question's neighbouring words ("disk space", "read only"), as `first second` keys, by idf. */
function questionPairs(main: readonly WeightedTerm[]): Map<string, number> {
  const pairs = new Map<string, number>();
  for (let i = 1; i < main.length; i++) {
    const [a, b] = [main[i - 1] as WeightedTerm, main[i] as WeightedTerm];
    pairs.set(`${a.term} ${b.term}`, (a.idf + b.idf) / 2);
  }
  return pairs;
}

/**
 * How tightly the passage's matched question words cluster (proximity: the smallest window of
 * words that holds every distinct matched term, compared with the number of terms; 1 when
 * adjacent), and the share (by idf) of the question's word pairs found side by side (phrases).
 */
function nearnessOf(
  analyzer: Analyzer,
  text: string,
  main: readonly WeightedTerm[],
  matched: ReadonlySet<string>,
  pairs: ReadonlyMap<string, number>,
  totalIdf: number,
): { proximity: number; phrases: number } {
  const wanted = new Set(main.filter((t) => matched.has(t.term)).map((t) => t.term));
  if (wanted.size < 2) return { proximity: wanted.size === 1 ? 0.5 : 0, phrases: 0 };
  const hits: { term: string; position: number }[] = [];
  analyzer.forEachTerm(text, (term, position) => {
    if (wanted.has(term)) hits.push({ term, position });
  });
  const found = new Set<string>();
  for (let i = 1; i < hits.length; i++) {
    const [a, b] = [hits[i - 1], hits[i]] as { term: string; position: number }[];
    if (a && b && b.position === a.position + 1 && pairs.has(`${a.term} ${b.term}`))
      found.add(`${a.term} ${b.term}`);
  }
  let phrases = 0;
  for (const pair of found) phrases += pairs.get(pair) ?? 0;
  return { proximity: proximityOf(hits, wanted), phrases: Math.min(1, phrases / totalIdf) };
}

function proximityOf(
  hits: readonly { term: string; position: number }[],
  wanted: ReadonlySet<string>,
): number {
  const counts = new Map<string, number>();
  let best = Number.POSITIVE_INFINITY;
  let from = 0;
  for (let to = 0; to < hits.length; to++) {
    const hit = hits[to] as { term: string; position: number };
    counts.set(hit.term, (counts.get(hit.term) ?? 0) + 1);
    while (counts.size === wanted.size) {
      const first = hits[from] as { term: string; position: number };
      best = Math.min(best, hit.position - first.position + 1);
      const left = (counts.get(first.term) ?? 1) - 1;
      if (left === 0) counts.delete(first.term);
      else counts.set(first.term, left);
      from++;
    }
  }
  if (!Number.isFinite(best)) return 0;
  return Math.min(1, wanted.size / best);
}
