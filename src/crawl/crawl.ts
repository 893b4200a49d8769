/**
 * `hooty crawl URL…`: every site at once, each through its own gate, so one slow or stopped site
 * never holds up another.
 */
import type { CrawlReport } from "../core/report.js";
import { watchBlocks } from "./block-watch.js";
import { CRAWL_DEFAULTS, type CrawlContext, crawlSite } from "./site-crawl.js";
import { createTurns } from "./turns.js";

export interface SiteResult {
  startUrl: string;
  report: CrawlReport | null;
  /** An unexpected failure of this site's crawl (the others go on). */
  error: unknown;
}

export async function crawlSites(
  startUrls: readonly string[],
  context: CrawlContext,
): Promise<SiteResult[]> {
  // The sites take turns at handling their pages (see turns.ts) and watch the block list together.
  const shared: CrawlContext = {
    ...context,
    takeTurn: context.takeTurn ?? createTurns(),
    blockWatch:
      context.blockWatch ??
      watchBlocks(
        context.store.blocks,
        context.settings?.blockCheckMs ?? CRAWL_DEFAULTS.blockCheckMs,
      ),
  };
  return Promise.all(
    startUrls.map(async (startUrl) => {
      try {
        return { startUrl, report: await crawlSite(startUrl, shared), error: null };
      } catch (error) {
        return { startUrl, report: null, error };
      }
    }),
  );
}
