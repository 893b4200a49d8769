/**
 * Answers from the site's indexed pages only (DESIGN.md flow: visitor question ─► analyse ─►
 * retrieve ─► rank ─► answer + citations | "not covered"). Below the evidence threshold the
 * answer is "not covered", in the question's language: never a guess, never another site.
 */
import type { Answer } from "../core/answer.js";
import type { Pages, TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { AIDS_IN_USE, type Aids } from "./aids.js";
import { byPage } from "./by-page.js";
import { type AnswerCache, freshSite, type SiteState, siteVersion } from "./cache.js";
import { type Composed, citePassages, compose, type PageTexts, passagesToCite } from "./compose.js";
import { withCompanions } from "./cooccurrence.js";
import { questionIdf } from "./coverage.js";
import { type Evidence, evidenceOf, isCovered } from "./evidence.js";
import { expandTerms } from "./expand.js";
import { asksNothing, withoutFraming } from "./framing-words.js";
import { withGermanVerbs } from "./german-verbs.js";
import { echoedHeadings } from "./heading-echo.js";
import { withJoinedWords } from "./joined-words.js";
import { type AnswerModels, modelsFromEnv, withSimilarity, writtenAnswer } from "./models.js";
import { nameForm, namePhrases } from "./name-phrases.js";
import { notCoveredMessage } from "./not-covered.js";
import { anchorShares, leadShares } from "./page-evidence.js";
import { type AnalysedQuestion, analyseQuestion, isTitleCase, type QueryTerm } from "./question.js";
import { type Ranked, rank } from "./rank.js";
import { retrieve, weighTerms } from "./retrieve.js";
import { splitBySite } from "./site-compounds.js";
import type { TermIndex } from "./term-index.js";

/** Passages ranked fully (text, headings, proximity) after the first pass. */
const RERANK = 60;

export { EVIDENCE } from "./evidence.js";

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
  const isName = (t: QueryTerm) =>
    !t.extra && names.some((n) => n === t.term || (t.term.length >= 4 && n.startsWith(t.term)));
  // A question only of the name ("What is PostgreSQL?") asks about the site itself.
  if (terms.every((t) => t.extra || isName(t))) return terms;
  return terms.map((t) => (isName(t) ? { ...t, extra: true } : t));
}

/**
 * The pages of the passages whose headings the question repeats come first, each led by that
 * passage; the other pages keep their order.
 */
function echoesFirst(ranked: Ranked[], echoes: ReadonlySet<number>): Ranked[] {
  if (echoes.size === 0) return ranked;
  const pageOf = (r: Ranked) => r.chunk.places[0]?.url ?? "";
  const echoed = ranked.filter((r) => echoes.has(r.chunk.id));
  const first = new Set(echoed.map(pageOf));
  const rest = ranked.filter((r) => !echoes.has(r.chunk.id));
  const front = [...first].flatMap((url) => [
    ...echoed.filter((r) => pageOf(r) === url),
    ...rest.filter((r) => pageOf(r) === url),
  ]);
  return [...front, ...rest.filter((r) => !first.has(pageOf(r)))];
}

/**
 * The question's names of several words ("SQL Server") that no passage found writes together, in
 * its text, headings or page title: passages holding both words would have been found.
 */
function unsaidNames(text: string, lang: string, ranked: readonly Ranked[]): string[] {
  const names = namePhrases(text, lang, isTitleCase(text));
  if (names.length === 0) return [];
  const said = ranked.map((r) => {
    const place = r.chunk.places[0];
    return nameForm([place?.title ?? "", ...(place?.headingPath ?? []), r.chunk.text].join(" "));
  });
  return names.filter((name) => !said.some((passage) => passage.includes(nameForm(name))));
}

/**
 * The indexed text of the passages' pages as the page shows it: each heading once, where it
 * stands, and the sections' text.
 */
async function textsOfPages(
  texts: TextIndex,
  siteId: number,
  passages: readonly Ranked[],
): Promise<PageTexts> {
  const urls = [...new Set(passages.map((p) => p.chunk.places[0]?.url ?? ""))].filter(Boolean);
  const read = await Promise.all(
    urls.map(async (url) => {
      const lines: string[] = [];
      let path: readonly string[] = [];
      for (const section of await texts.sections(siteId, url)) {
        // The headings this section opens: those its path does not share with the one before.
        let shared = 0;
        while (shared < path.length && path[shared] === section.headingPath[shared]) shared++;
        lines.push(...section.headingPath.slice(shared), section.text);
        path = section.headingPath;
      }
      return [url, lines.join("\n")] as const;
    }),
  );
  return new Map(read);
}

/**
 * The question's terms with what the aids add: a compound's parts where the site writes them
 * apart, words the site writes joined, synonyms, a German verb's particle, the words the site
 * keeps company with them.
 */
async function relatedWords(
  question: AnalysedQuestion,
  index: TermIndex,
  aids: Readonly<Aids>,
  site: SiteState,
): Promise<QueryTerm[]> {
  const { text, lang } = question;
  let terms = question.terms;
  if (aids.compounds) terms = await splitBySite(terms, lang, index);
  if (aids.joinedWords) terms = await withJoinedWords(terms, text, lang, index);
  if (aids.synonyms) terms = expandTerms(terms, lang);
  if (aids.germanVerbs) terms = withGermanVerbs(terms, text, lang);
  if (aids.cooccurrence) terms = withCompanions(await site.cooccurrence(), terms);
  return terms;
}

export async function answerQuestion(
  sources: AnswerSources,
  siteId: number,
  question: string,
  models: AnswerModels = modelsFromEnv(),
  aids: Readonly<Aids> = AIDS_IN_USE,
): Promise<AnswerDetails> {
  const stats = await sources.texts.stats(siteId);
  const site = sources.cache
    ? sources.cache.site(sources.texts, sources.pages, siteId, siteVersion(stats))
    : freshSite(sources.texts, sources.pages, siteId);
  const profile = await site.profile();
  const asked = analyseQuestion(question, profile.languages);
  const named = aids.siteName ? markSiteName(asked.terms, profile.name, asked.lang) : asked.terms;
  const analysed = {
    ...asked,
    terms: aids.framing ? withoutFraming(named, asked.lang, asked.text) : named,
  };
  const notCovered = (terms: string[], evidence: AnswerDetails["evidence"]): AnswerDetails => ({
    covered: false,
    answer: notCoveredMessage(analysed.replyLang),
    citations: [],
    lang: analysed.lang,
    terms,
    evidence,
  });
  if (stats.chunks === 0 || analysed.terms.length === 0 || asksNothing(asked.terms)) {
    return notCovered([], null);
  }
  const index = site.terms();
  const inSiteLanguage =
    profile.languages.length === 0 || profile.languages.includes(analysed.lang);
  const terms = await weighTerms(
    index,
    // A question in a language the site is not in has no typos of the site's words ("¿Cómo creo
    // un índice?" on an English site: "creo" is no slip of "care").
    aids.spelling && inSiteLanguage ? site.speller : null,
    stats.chunks,
    await relatedWords(analysed, index, aids, site),
    analysed.lang,
  );
  const searched = terms.map((t) => t.term);
  const [found, headings] = await Promise.all([retrieve(index, terms, RERANK), site.headings()]);
  // A section whose heading the question repeats is read, whatever its words weigh.
  const echoes = new Set(
    aids.headingEcho
      ? echoedHeadings(analysed.text, analysed.lang, headings, profile.name).map((h) => h.chunkId)
      : [],
  );
  const candidates = [
    ...found,
    ...[...echoes]
      .filter((id) => !found.some((c) => c.chunkId === id))
      .map((chunkId) => ({ chunkId, score: 0, tf: new Map<string, number>() })),
  ];
  if (candidates.length === 0) return notCovered(searched, null);
  const chunks = await sources.texts.chunks(candidates.map((c) => c.chunkId));
  let passages = rank(candidates, chunks, terms, analysed.lang, stats.totalLength / stats.chunks);
  if (models.embeddings) {
    passages = await withSimilarity(models.embeddings, analysed.text, passages, questionIdf(terms));
  }
  const onPages = { texts: sources.texts, siteId, passages, terms, lang: analysed.lang };
  const [anchors, leads] = await Promise.all([
    aids.anchors ? anchorShares(onPages) : undefined,
    aids.leads ? leadShares(onPages) : undefined,
  ]);
  const ranked = echoesFirst(byPage(passages, terms, { anchors, leads }), echoes);
  const best = ranked[0];
  if (!best) return notCovered(searched, null);
  const evidence = evidenceOf(
    ranked,
    analysed.terms,
    terms,
    stats.chunks,
    analysed.lang,
    unsaidNames(analysed.text, analysed.lang, ranked),
  );
  if (!isCovered(evidence) && !echoes.has(best.chunk.id)) return notCovered(searched, evidence);
  const answered = (composed: Composed): AnswerDetails => ({
    covered: true,
    ...composed,
    lang: analysed.lang,
    terms: searched,
    evidence,
  });
  const pageTexts = await textsOfPages(
    sources.texts,
    siteId,
    passagesToCite(ranked, analysed.lang),
  );
  if (models.written) {
    const written = await writtenAnswer(
      models.written,
      analysed.text,
      analysed.replyLang,
      ranked,
      (cited) => citePassages(cited, terms, analysed.lang, pageTexts, profile.titleAffixes),
    );
    if (written?.kind === "not-covered") return notCovered(searched, evidence);
    if (written) return answered({ answer: written.answer, citations: written.citations });
  }
  const composed = compose(ranked, terms, analysed.lang, pageTexts, profile.titleAffixes);
  if (composed.citations.length === 0) return notCovered(searched, evidence);
  return answered(composed);
}
