/**
 * Pages answer, not passages alone: the ranked passages regrouped by page, pages in order of their
 * best passage plus what the rest of the page adds — more of the question's words found across its
 * sections, and a little for each further passage that matches.
 */
import { coveredIdf } from "./coverage.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/** Weight of the page's coverage of the question (share by idf, times the question's idf). */
const PAGE_COVERAGE = 0.5;
/** Weight of the page's other matching passages' scores beside its best one. */
const OTHER_PASSAGES = 0.05;

/**
 * The passages in page order (best page first), each page's passages best first. A passage that
 * stands on several pages counts for the first of them, where it is cited.
 */
export function byPage(ranked: readonly Ranked[], terms: readonly WeightedTerm[]): Ranked[] {
  const pages = new Map<string, { passages: Ranked[]; found: Set<string>; sum: number }>();
  for (const passage of ranked) {
    const url = passage.chunk.places[0]?.url ?? "";
    let page = pages.get(url);
    if (!page) {
      page = { passages: [], found: new Set(), sum: 0 };
      pages.set(url, page);
    }
    page.passages.push(passage);
    page.sum += passage.score;
    for (const term of passage.matched) page.found.add(term);
  }
  const scored = [...pages.values()].map((page) => {
    const best = page.passages[0]?.score ?? 0;
    const covered = coveredIdf(terms, (t) => page.found.has(t));
    return {
      page,
      score: best + PAGE_COVERAGE * covered + OTHER_PASSAGES * (page.sum - best),
    };
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.flatMap((s) => s.page.passages);
}
