/**
 * `hooty crawl URL…`: every site at once, each through its own gate, so one slow or stopped site
 * never holds up another.
 */
import { setMaxListeners } from "node:events";
import type { CrawlReport } from "../core/report.js";
import { watchBlocks } from "./block-watch.js";
import { SharedGates } from "./gate/shared-gates.js";
import { watchRobotsAsks } from "./robots-asks.js";
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
  // Every site listens for an interruption: the caller's signal gets one listener, which relays
  // it to a signal of the crawl's own that may have as many listeners as there are sites (past
  // ten, Node would warn of a leak).
  const outer = context.signal;
  const interrupt = new AbortController();
  setMaxListeners(startUrls.length + 10, interrupt.signal);
  const relay = () => interrupt.abort(outer?.reason);
  if (outer?.aborted) relay();
  outer?.addEventListener("abort", relay, { once: true });
  // The sites take turns at handling their pages (see turns.ts) and watch the block list together.
  const shared: CrawlContext = {
    ...context,
    ...(outer ? { signal: interrupt.signal } : {}),
    takeTurn: context.takeTurn ?? createTurns(),
    sharedGates: context.sharedGates ?? new SharedGates(),
    blockWatch:
      context.blockWatch ??
      watchBlocks(
        context.store.blocks,
        context.settings?.blockCheckMs ?? CRAWL_DEFAULTS.blockCheckMs,
      ),
    robotsAskWatch:
      context.robotsAskWatch ??
      watchRobotsAsks(
        context.store.gates,
        context.settings?.blockCheckMs ?? CRAWL_DEFAULTS.blockCheckMs,
      ),
  };
  try {
    return await Promise.all(
      bySite(startUrls).map(async ({ startUrl, more }) => {
        try {
          return { startUrl, report: await crawlSite(startUrl, shared, more), error: null };
        } catch (error) {
          return { startUrl, report: null, error };
        }
      }),
    );
  } finally {
    outer?.removeEventListener("abort", relay);
  }
}

/**
 * The start URLs grouped by site (origin), in order: one crawl per site, since a site is never
 * crawled by two at once. A URL that does not parse stays alone, for its crawl to report.
 */
function bySite(startUrls: readonly string[]): { startUrl: string; more: string[] }[] {
  const groups = new Map<string, { startUrl: string; more: string[] }>();
  for (const url of new Set(startUrls)) {
    const key = URL.canParse(url) ? new URL(url).origin : url;
    const group = groups.get(key);
    if (group) group.more.push(url);
    else groups.set(key, { startUrl: url, more: [] });
  }
  return [...groups.values()];
}
