/**
 * What the site's own links say about a page (src/index/anchors.ts), as evidence that the page
 * answers: the share of the question (by idf) held by the words of the one link that holds most,
 * as a book index's "password file" says it of The Password File's page. Links count one by one:
 * between them, the many links to a large page hold words of almost any question.
 */
import type { TextIndex } from "../store/types.js";
import { analyzerFor } from "../text/index.js";
import { coveredIdf } from "./coverage.js";
import { isMain } from "./question.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/** Per page of the ranked passages: the best link's share of the question (pages with one). */
export async function anchorShares(
  texts: TextIndex,
  siteId: number,
  passages: readonly Ranked[],
  terms: readonly WeightedTerm[],
  lang: string,
): Promise<Map<string, number>> {
  const urls = new Set(passages.map((p) => p.chunk.places[0]?.url ?? ""));
  const anchors = await texts.anchors(siteId, [...urls]);
  const totalIdf = terms.filter(isMain).reduce((sum, t) => sum + t.idf, 0) || 1;
  const analyzer = analyzerFor(lang);
  const searched = new Set(terms.map((t) => t.term));
  const shares = new Map<string, number>();
  for (const [url, list] of anchors) {
    let best = 0;
    for (const text of list) {
      const found = new Set<string>();
      analyzer.forEachTerm(text, (term) => {
        if (searched.has(term)) found.add(term);
      });
      if (found.size > 0) best = Math.max(best, coveredIdf(terms, (t) => found.has(t)) / totalIdf);
    }
    if (best > 0) shares.set(url, best);
  }
  return shares;
}
