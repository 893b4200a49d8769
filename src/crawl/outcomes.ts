import { type CrawlReport, emptySkipped, type SkipReason } from "../core/report.js";

/**
 * What became of each URL of a crawl, as the frontier records it. The report's counts are
 * derived from these, so a crawl resumed after a crash reports exactly what happened.
 */
export const OUTCOMES = {
  indexed: { fetched: true, skipped: null },
  /**
   * Handed to the index, which has not yet said it stored the page. A crawl resumed after a
   * crash queues these again (the page may not have reached the index).
   */
  indexing: { fetched: true, skipped: null },
  /** 304 Not Modified on a recrawl: the page stays indexed as it was. */
  unchanged: { fetched: true, skipped: null },
  noindex: { fetched: true, skipped: "noindex" },
  duplicate: { fetched: true, skipped: "duplicate" },
  "not-html-type": { fetched: true, skipped: "not-html" },
  /** An error status (404, 500…): read, not indexed, and counted with the URLs that failed. */
  "http-error": { fetched: true, skipped: "error" },
  "bot-protection": { fetched: true, skipped: null },
  "js-rendered": { fetched: true, skipped: null },
  "not-html": { fetched: false, skipped: "not-html" },
  robots: { fetched: false, skipped: "robots" },
  unsafe: { fetched: false, skipped: "unsafe" },
  "off-site": { fetched: false, skipped: "off-site" },
  limit: { fetched: false, skipped: "limit" },
  error: { fetched: false, skipped: "error" },
  "too-long": { fetched: false, skipped: "error" },
  /** A path that repeats itself (`/docs/docs/docs/`): taken for a copy, never asked for. */
  "repeating-path": { fetched: false, skipped: "duplicate" },
  /** A wiki's edit form, history, old revision, diff or special page: a view, never asked for. */
  "wiki-view": { fetched: false, skipped: "duplicate" },
  /** A URL listed already but for a per-visit token's value (see `visitMask`): never asked for. */
  "visit-copy": { fetched: false, skipped: "duplicate" },
  blocked: { fetched: false, skipped: null },
  redirect: { fetched: false, skipped: null },
  sitemap: { fetched: false, skipped: null },
  /** Still queued when the site was stopped: not fetched in this crawl. */
  stopped: { fetched: false, skipped: null },
} as const satisfies Record<string, { fetched: boolean; skipped: SkipReason | null }>;

export type Outcome = keyof typeof OUTCOMES;

export function tally(outcomes: Record<string, number>): Pick<CrawlReport, "pages" | "skipped"> {
  const skipped = emptySkipped();
  let fetched = 0;
  for (const [outcome, count] of Object.entries(outcomes)) {
    const meaning = OUTCOMES[outcome as Outcome];
    if (!meaning) continue;
    if (meaning.fetched) fetched += count;
    if (meaning.skipped) skipped[meaning.skipped] += count;
  }
  const indexed = (outcomes.indexed ?? 0) + (outcomes.unchanged ?? 0);
  return { pages: { fetched, indexed }, skipped };
}
