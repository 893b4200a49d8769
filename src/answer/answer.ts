/**
 * Answers from the site's indexed pages only (DESIGN.md flow: visitor question ─► analyse ─►
 * retrieve ─► rank ─► answer + citations | "not covered"). Below the evidence threshold the
 * answer is "not covered", in the question's language: never a guess, never another site.
 */
import type { Answer } from "../core/answer.js";
import type { Pages, TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { byPage } from "./by-page.js";
import { type AnswerCache, freshSite } from "./cache.js";
import { type Composed, citePassages, compose } from "./compose.js";
import { foundShares } from "./coverage.js";
import { expandTerms } from "./expand.js";
import { inLexicon } from "./lexicon.js";
import { type AnswerModels, modelsFromEnv, withSimilarity, writtenAnswer } from "./models.js";
import { notCoveredMessage } from "./not-covered.js";
import { analyseQuestion, isMain, type QueryTerm } from "./question.js";
import { type Ranked, rank } from "./rank.js";
import { retrieve, type WeightedTerm, weighTerms } from "./retrieve.js";

/** Passages ranked fully (text, headings, proximity) after the first pass. */
const RERANK = 60;

/**
 * The evidence a passage needs before Hooty answers with it: most of the question's informative
 * words (by idf) found in the passage or its headings, and enough of them to be specific.
 * Calibrated on the evaluation set (test/fixtures/eval): see BENCHMARKS.md.
 */
export const EVIDENCE = {
  coverage: 0.45,
  idf: 2,
  /** An unknown word's weight beside the rarest known word's: an ordinary word of the language… */
  unknownWord: 0.5,
  /** …a name or a term the language does not know… */
  unknownName: 1.5,
  /** …and either, when this machine has no thesaurus of the language to tell. */
  unknownUnsure: 1.25,
  /** What a corrected word found counts for beside the word itself. */
  correctedCredit: 0.5,
  /**
   * A corrected word weighs at least this share of the rarest word's weight: the word as typed is
   * unknown to the site, and the correction only a guess ("Fortnite" → "forno").
   */
  correctedWeight: 0.5,
};

function unknownWeight(ordinary: boolean | null): number {
  if (ordinary === null) return EVIDENCE.unknownUnsure;
  return ordinary ? EVIDENCE.unknownWord : EVIDENCE.unknownName;
}

export interface AnswerDetails extends Answer {
  lang: string;
  /** The question's terms as searched (with corrections), for `hooty eval` and debugging. */
  terms: string[];
  /** Evidence of the best page. */
  evidence: Evidence | null;
}

export interface AnswerSources {
  texts: TextIndex;
  pages: Pages;
  /** What to keep between questions (a process answering many); without it, nothing is kept. */
  cache?: AnswerCache;
}

/**
 * On a site, its own name says nothing about which page answers ("backup postgres?" on the
 * PostgreSQL manual): a question word that names the site (or begins one of its name's words)
 * stays as supporting evidence only.
 */
function markSiteName(terms: QueryTerm[], name: string, lang: string): QueryTerm[] {
  const names: string[] = [];
  analyzerFor(lang).forEachTerm(name, (term) => {
    if (!/\d/.test(term)) names.push(term);
  });
  return terms.map((t) =>
    !t.extra && names.some((n) => n === t.term || (t.term.length >= 4 && n.startsWith(t.term)))
      ? { ...t, extra: true }
      : t,
  );
}

export interface TermEvidence {
  /** The word as typed. */
  word: string;
  /** The term searched: the analysed word, or the site's term standing in for a typo. */
  term: string;
  status: "known" | "corrected" | "unknown";
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
  /** The weight of the question's words found on the best page. */
  idf: number;
  score: number;
  terms: TermEvidence[];
}

/**
 * How much of the question the best passage's page covers: the question's words found in that
 * page's retrieved passages (text, title and headings), by idf. A page answers with its sections
 * together, not one passage alone. A word the site never uses is part of the question too, and the
 * most telling part ("WhatsApp" on a Debian manual): it weighs as the rarest word would.
 */
function evidenceOf(
  ranked: readonly Ranked[],
  asked: readonly QueryTerm[],
  terms: readonly WeightedTerm[],
  chunks: number,
  lang: string,
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
    const weighted = terms.find((t) => t.word === question.word && isMain(t));
    if (!weighted) {
      evidence.push({
        word: question.word,
        term: question.term,
        status: "unknown",
        weight: rarest * unknownWeight(inLexicon(lang, question.word)),
        found: 0,
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
  const total = evidence.reduce((sum, e) => sum + e.weight, 0);
  const covered = evidence.reduce((sum, e) => sum + e.weight * e.found, 0);
  return {
    coverage: total > 0 ? covered / total : 0,
    idf: covered,
    score: ranked[0]?.score ?? 0,
    terms: evidence,
  };
}

let envModels: AnswerModels | undefined;

/** The models the environment configures, read on first use. */
function configuredModels(): AnswerModels {
  envModels ??= modelsFromEnv();
  return envModels;
}

export async function answerQuestion(
  sources: AnswerSources,
  siteId: number,
  question: string,
  models: AnswerModels = configuredModels(),
): Promise<AnswerDetails> {
  const stats = await sources.texts.stats(siteId);
  const site = sources.cache
    ? sources.cache.site(
        sources.texts,
        sources.pages,
        siteId,
        `${stats.pages}/${stats.chunks}/${stats.totalLength}`,
      )
    : freshSite(sources.texts, sources.pages, siteId);
  const profile = await site.profile();
  const asked = analyseQuestion(question, profile.languages);
  const analysed = { ...asked, terms: markSiteName(asked.terms, profile.name, asked.lang) };
  const notCovered = (terms: string[], evidence: AnswerDetails["evidence"]): AnswerDetails => ({
    covered: false,
    answer: notCoveredMessage(analysed.lang),
    citations: [],
    lang: analysed.lang,
    terms,
    evidence,
  });
  if (stats.chunks === 0 || analysed.terms.length === 0) return notCovered([], null);
  const index = site.terms();
  const terms = await weighTerms(
    index,
    site.speller,
    stats.chunks,
    expandTerms(analysed.terms, analysed.lang),
    analysed.lang,
  );
  const searched = terms.map((t) => t.term);
  const candidates = await retrieve(index, terms, RERANK);
  if (candidates.length === 0) return notCovered(searched, null);
  const chunks = await sources.texts.chunks(candidates.map((c) => c.chunkId));
  let passages = rank(candidates, chunks, terms, analysed.lang, stats.totalLength / stats.chunks);
  if (models.embeddings) {
    const questionIdf = terms.filter(isMain).reduce((sum, t) => sum + t.idf, 0);
    passages = await withSimilarity(models.embeddings, analysed.text, passages, questionIdf);
  }
  const ranked = byPage(passages, terms);
  const best = ranked[0];
  if (!best) return notCovered(searched, null);
  const evidence = evidenceOf(ranked, analysed.terms, terms, stats.chunks, analysed.lang);
  if (evidence.coverage < EVIDENCE.coverage || evidence.idf < EVIDENCE.idf)
    return notCovered(searched, evidence);
  const answered = (composed: Composed): AnswerDetails => ({
    covered: true,
    ...composed,
    lang: analysed.lang,
    terms: searched,
    evidence,
  });
  if (models.written) {
    const written = await writtenAnswer(
      models.written,
      analysed.text,
      analysed.lang,
      ranked,
      (cited) => citePassages(cited, terms, analysed.lang),
    );
    if (written?.kind === "not-covered") return notCovered(searched, evidence);
    if (written) return answered({ answer: written.answer, citations: written.citations });
  }
  const composed = compose(ranked, terms, analysed.lang);
  if (composed.citations.length === 0) return notCovered(searched, evidence);
  return answered(composed);
}
