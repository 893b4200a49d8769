/**
 * What the site's own links say about a page (src/index/anchors.ts), as evidence that the page
 * answers: the share of the question (by idf) held by the words of the one link that holds most,
 * as a book index's "password file" says it of The Password File's page. Links count one by one:
 * between them, the many links to a large page hold words of almost any question.
 */
import type { TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { coveredIdf, questionIdf } from "./coverage.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/**
 * Each link text's terms, by language and text: the pages an answer weighs come back question
 * after question, with the same links (a large site's index pages list thousands).
 */
const analysed = new Map<string, string[]>();
const MAX_ANALYSED = 50_000;
/**
 * Pages whose links are read, in the order of their best passage: the evaluation sets ranked alike
 * with 10 of them and with all, and a large site's index pages cost milliseconds each.
 */
const PAGES = 20;

function termsOf(lang: string, text: string): string[] {
  const key = `${lang}\u0000${text}`;
  let terms = analysed.get(key);
  if (!terms) {
    const found = new Set<string>();
    analyzerFor(lang).forEachTerm(text, (term) => {
      found.add(term);
    });
    terms = [...found];
    if (analysed.size >= MAX_ANALYSED) analysed.clear();
    analysed.set(key, terms);
  }
  return terms;
}

/** Per page of the first ranked passages: the best link's share of the question (pages with one). */
export async function anchorShares(
  texts: TextIndex,
  siteId: number,
  passages: readonly Ranked[],
  terms: readonly WeightedTerm[],
  lang: string,
): Promise<Map<string, number>> {
  const urls = new Set<string>();
  for (const passage of passages) {
    if (urls.size >= PAGES) break;
    urls.add(passage.chunk.places[0]?.url ?? "");
  }
  const anchors = await texts.anchors(siteId, [...urls]);
  const totalIdf = questionIdf(terms) || 1;
  const searched = new Set(terms.map((t) => t.term));
  const shares = new Map<string, number>();
  for (const [url, list] of anchors) {
    let best = 0;
    for (const text of list) {
      const found = termsOf(lang, text).filter((term) => searched.has(term));
      if (found.length > 0)
        best = Math.max(best, coveredIdf(terms, (t) => found.includes(t)) / totalIdf);
    }
    if (best > 0) shares.set(url, best);
  }
  return shares;
}
