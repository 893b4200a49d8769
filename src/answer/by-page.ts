/**
 * Pages answer, not passages alone: the ranked passages regrouped by page, pages in order of their
 * best passage plus what the rest of the page adds — more of the question's words found across its
 * sections, a little for each further passage that matches, what the site's links to the page
 * say and the words the page opens with (page-evidence.ts). Release notes count for less
 * (change-notes.ts), and so does a site's index of terms (book-index.ts).
 */
import { isBookIndex } from "./book-index.js";
import { isChangeNotes } from "./change-notes.js";
import { coveredIdf, questionIdf } from "./coverage.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/** Weight of the page's coverage of the question (share by idf, times the question's idf). */
const PAGE_COVERAGE = 0.5;
/** Weight of the page's other matching passages' scores beside its best one. */
const OTHER_PASSAGES = 0.05;
/**
 * Passages of a page whose scores count, best first: a long page (a whole chapter, a one-page
 * manual) matches a question's words here and there in dozens of passages, which summed to more
 * than a short page's best answer is worth. Between 8 and 12 the evaluation sets gave the same
 * pages in the top three and a few more right first; below 8 they lost.
 */
const COUNTED_PASSAGES = 8;
/**
 * Weight of the best link's share of the question, squared as the title's is (rank.ts), beside
 * the question's idf.
 */
const ANCHOR = 1.5;
/**
 * Release notes and change logs (change-notes.ts) keep this share of their score: they still lead
 * when they hold the question far better than any other page ("what changed in 15.3"). 0.5–0.7
 * gave the same results on the evaluation sets (one question more at 0.6) and two more on eight
 * real sites of other generators (a plugin guide, a theme translation guide over MkDocs' notes).
 */
const CHANGE_NOTES = 0.6;
/**
 * A site's index of terms (book-index.ts) keeps this share of its score: it points to the pages
 * that answer. 0.3–0.6 gave the same answers on the evaluation sets, and cut the index's
 * citations among their answers from 15 to 1.
 */
const BOOK_INDEX = 0.6;
/** Weight of the lead's share of the question, squared as the title's is, beside the question's idf. */
const LEAD = 1;

/** Per page URL, a share (0…1) of the question held by what the site says about the page. */
export interface PageEvidence {
  /** By the one link to the page that holds most of the question. */
  anchors?: ReadonlyMap<string, number>;
  /** By the page's lead. */
  leads?: ReadonlyMap<string, number>;
}

/**
 * The passages in page order (best page first), each page's passages best first. A passage that
 * stands on several pages counts for the first of them, where it is cited.
 */
export function byPage(
  ranked: readonly Ranked[],
  terms: readonly WeightedTerm[],
  evidence: PageEvidence = {},
): Ranked[] {
  const pages = new Map<string, { passages: Ranked[]; found: Set<string>; sum: number }>();
  for (const passage of ranked) {
    const url = passage.chunk.places[0]?.url ?? "";
    let page = pages.get(url);
    if (!page) {
      page = { passages: [], found: new Set(), sum: 0 };
      pages.set(url, page);
    }
    page.passages.push(passage);
    if (page.passages.length <= COUNTED_PASSAGES) page.sum += passage.score;
    for (const term of passage.matched) page.found.add(term);
  }
  const totalIdf = questionIdf(terms);
  const scored = [...pages].map(([url, page]) => {
    const best = page.passages[0]?.score ?? 0;
    const covered = coveredIdf(terms, (t) => page.found.has(t));
    const linked = evidence.anchors?.get(url) ?? 0;
    const lead = evidence.leads?.get(url) ?? 0;
    const place = page.passages[0]?.chunk.places[0];
    const prior = place ? priorOf(url, place.title ?? "") : 1;
    return {
      page,
      score:
        prior *
        (best +
          PAGE_COVERAGE * covered +
          OTHER_PASSAGES * (page.sum - best) +
          totalIdf * (ANCHOR * linked ** 2 + LEAD * lead ** 2)),
    };
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.flatMap((s) => s.page.passages);
}

/** The share of its score a page keeps for the kind of page it is. */
function priorOf(url: string, title: string): number {
  if (isChangeNotes(url, title)) return CHANGE_NOTES;
  if (isBookIndex(url, title)) return BOOK_INDEX;
  return 1;
}
