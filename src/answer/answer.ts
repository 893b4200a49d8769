/**
 * Answers from the site's indexed pages only (DESIGN.md flow: visitor question ─► analyse ─►
 * retrieve ─► rank ─► answer + citations | "not covered"). Below the evidence threshold the
 * answer is "not covered", in the question's language: never a guess, never another site.
 */
import type { Answer } from "../core/answer.js";
import type { Pages, TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { compose } from "./compose.js";
import { notCoveredMessage } from "./not-covered.js";
import { analyseQuestion, type QueryTerm } from "./question.js";
import { type Ranked, rank } from "./rank.js";
import { retrieve, type WeightedTerm, weighTerms } from "./retrieve.js";

/** Passages ranked fully (text, headings, proximity) after the first pass. */
const RERANK = 60;

/**
 * The evidence a passage needs before Hooty answers with it: most of the question's informative
 * words (by idf) found in the passage or its headings, and enough of them to be specific.
 * Calibrated on the evaluation set (test/fixtures/eval): see BENCHMARKS.md.
 */
export const EVIDENCE = { coverage: 0.6, idf: 2 };

export interface AnswerDetails extends Answer {
  lang: string;
  /** The question's terms as searched (with corrections), for `hooty eval` and debugging. */
  terms: string[];
  /** Evidence of the best passage. */
  evidence: { coverage: number; idf: number; score: number } | null;
}

export interface AnswerSources {
  texts: TextIndex;
  pages: Pages;
}

interface SiteProfile {
  /** The site's languages, most pages first. */
  languages: string[];
  /** The home page's title: the site's own name ("PostgreSQL 15 Documentation"). */
  name: string;
}

const profiles = new Map<number, Promise<SiteProfile>>();

/** What the answer phase needs to know of a site as a whole (cached per process). */
function siteProfile(pages: Pages, siteId: number): Promise<SiteProfile> {
  let profile = profiles.get(siteId);
  if (!profile) {
    profile = pages.list(siteId).then((list) => {
      const counts = new Map<string, number>();
      for (const page of list) {
        if (page.lang) counts.set(page.lang, (counts.get(page.lang) ?? 0) + 1);
      }
      const depth = (url: string) => new URL(url).pathname.length;
      const home = [...list].sort((a, b) => depth(a.url) - depth(b.url))[0];
      return {
        languages: [...counts].sort((a, b) => b[1] - a[1]).map(([lang]) => lang),
        name: home?.title ?? "",
      };
    });
    profiles.set(siteId, profile);
  }
  return profile;
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

/**
 * How much of the question the best passage's page covers: the question's words found in that
 * page's retrieved passages (text, title and headings), by idf. A page answers with its sections
 * together, not one passage alone.
 */
function pageCoverage(ranked: readonly Ranked[], terms: readonly WeightedTerm[]): number {
  const page = ranked[0]?.chunk.places[0]?.url;
  const main = terms.filter((t) => !t.extra);
  const total = main.reduce((sum, t) => sum + t.idf, 0);
  if (!page || total === 0) return 0;
  const found = new Set<string>();
  for (const candidate of ranked) {
    if (candidate.chunk.places.some((place) => place.url === page)) {
      for (const term of candidate.matched) found.add(term);
    }
  }
  return main.reduce((sum, t) => sum + (found.has(t.term) ? t.idf : 0), 0) / total;
}

export async function answerQuestion(
  sources: AnswerSources,
  siteId: number,
  question: string,
): Promise<AnswerDetails> {
  const profile = await siteProfile(sources.pages, siteId);
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
  const stats = await sources.texts.stats(siteId);
  if (stats.chunks === 0 || analysed.terms.length === 0) return notCovered([], null);
  const terms = await weighTerms(sources.texts, siteId, stats.chunks, analysed.terms);
  const searched = terms.map((t) => t.term);
  const candidates = await retrieve(sources.texts, siteId, terms, RERANK);
  if (candidates.length === 0) return notCovered(searched, null);
  const chunks = await sources.texts.chunks(candidates.map((c) => c.chunkId));
  const ranked = rank(candidates, chunks, terms, analysed.lang, stats.totalLength / stats.chunks);
  const best = ranked[0];
  if (!best) return notCovered(searched, null);
  // Words the site does not know at all count against the evidence: they are part of the question.
  const askedIdf =
    analysed.terms.filter((t) => !t.extra).length > 0
      ? terms.filter((t) => !t.extra).reduce((sum, t) => sum + t.idf, 0)
      : 0;
  const unknownWords = analysed.terms.filter(
    (t) => !t.extra && !terms.some((w) => w.word === t.word),
  ).length;
  const mainWords = analysed.terms.filter((t) => !t.extra).length || 1;
  const coverage = pageCoverage(ranked, terms) * (1 - unknownWords / mainWords);
  const evidence = { coverage, idf: best.coverage * askedIdf, score: best.score };
  if (coverage < EVIDENCE.coverage || evidence.idf < EVIDENCE.idf)
    return notCovered(searched, evidence);
  const composed = compose(ranked, terms, analysed.lang);
  if (composed.citations.length === 0) return notCovered(searched, evidence);
  return { covered: true, ...composed, lang: analysed.lang, terms: searched, evidence };
}
