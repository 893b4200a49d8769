/**
 * What shows a page answers besides its passages, as a share of the question (by idf):
 * - what the site's own links say about it (src/index/anchors.ts): the words of the one link
 *   that holds most, as a book index's "password file" says it of The Password File's page.
 *   Links count one by one: between them, the many links to a large page hold words of almost
 *   any question;
 * - its lead, the words it opens with, which say what the page is about as its title does
 *   ("TRUNCATE — empty a table or set of tables") and need not be in the passage that ranked.
 * Both are read for the pages of the first ranked passages only.
 */
import type { TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { coveredIdf, questionIdf } from "./coverage.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/**
 * Each text's terms, by language and text: the pages an answer weighs come back question after
 * question, with the same links and leads (a large site's index pages list thousands of links).
 */
const analysed = new Map<string, string[]>();
/** Bounds of what `analysed` holds: texts, and their characters (leads run to hundreds each). */
const MAX_ANALYSED = 50_000;
const MAX_ANALYSED_CHARS = 4_000_000;
let analysedChars = 0;
/**
 * Pages weighed, in the order of their best passage: the evaluation sets ranked alike with 10 of
 * them and with all, and a large site's index pages cost milliseconds each.
 */
const PAGES = 20;
/**
 * Words of a page's first section that make its lead: the evaluation sets ranked best with 15 to
 * 30 (a page's opening line or two); at 60 the lead is ordinary text and helps no more.
 */
const LEAD_WORDS = 30;

function termsOf(lang: string, text: string, words: number): string[] {
  const key = `${lang}\u0000${words}\u0000${text}`;
  let terms = analysed.get(key);
  if (!terms) {
    const found = new Set<string>();
    analyzerFor(lang).forEachTerm(text, (term, position) => {
      if (position < words) found.add(term);
    });
    terms = [...found];
    if (analysed.size >= MAX_ANALYSED || analysedChars + key.length > MAX_ANALYSED_CHARS) {
      analysed.clear();
      analysedChars = 0;
    }
    analysed.set(key, terms);
    analysedChars += key.length;
  }
  return terms;
}

/** The pages of the first ranked passages, best first. */
function firstPages(passages: readonly Ranked[]): string[] {
  const urls = new Set<string>();
  for (const passage of passages) {
    if (urls.size >= PAGES) break;
    urls.add(passage.chunk.places[0]?.url ?? "");
  }
  return [...urls];
}

/** Per page, the best share of the question held by one of its texts (pages with a share > 0). */
function bestShares(
  textsByPage: ReadonlyMap<string, readonly string[]>,
  terms: readonly WeightedTerm[],
  lang: string,
  words: number,
): Map<string, number> {
  const totalIdf = questionIdf(terms) || 1;
  const searched = new Set(terms.map((t) => t.term));
  const shares = new Map<string, number>();
  for (const [url, texts] of textsByPage) {
    let best = 0;
    for (const text of texts) {
      const found = termsOf(lang, text, words).filter((term) => searched.has(term));
      if (found.length > 0)
        best = Math.max(best, coveredIdf(terms, (t) => found.includes(t)) / totalIdf);
    }
    if (best > 0) shares.set(url, best);
  }
  return shares;
}

/** What the page evidence is read for: a site's question and its ranked passages. */
export interface PageQuestion {
  texts: TextIndex;
  siteId: number;
  passages: readonly Ranked[];
  terms: readonly WeightedTerm[];
  lang: string;
}

/** Per page of the first ranked passages: the best link's share of the question (pages with one). */
export async function anchorShares(q: PageQuestion): Promise<Map<string, number>> {
  const anchors = await q.texts.anchors(q.siteId, firstPages(q.passages));
  return bestShares(anchors, q.terms, q.lang, Number.POSITIVE_INFINITY);
}

/** Per page of the first ranked passages: its lead's share of the question (pages with one). */
export async function leadShares(q: PageQuestion): Promise<Map<string, number>> {
  const leads = await q.texts.leads(q.siteId, firstPages(q.passages));
  const byPage = new Map([...leads].map(([url, lead]): [string, string[]] => [url, [lead]]));
  return bestShares(byPage, q.terms, q.lang, LEAD_WORDS);
}
