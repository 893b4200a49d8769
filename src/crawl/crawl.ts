/**
 * `hooty crawl URL…`: every site at once, each through its own gate, so one slow or stopped site
 * never holds up another.
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { CrawlReport } from "../core/report.js";
import type { CrawlRecord, Store } from "../store/types.js";
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
  /**
   * The site's crawl had ended when the command was interrupted, and the command was run again:
   * `report` is that crawl's, and the site was not crawled again.
   */
  earlier?: boolean;
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
  const groups = bySite(startUrls);
  const { run, ended } = context.run
    ? { run: context.run, ended: new Map<string, CrawlReport>() }
    : await interruptedRun(groups, context.store);
  // The sites take turns at handling their pages (see turns.ts) and watch the block list together.
  const shared: CrawlContext = {
    ...context,
    run,
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
      groups.map(async ({ startUrl, more }) => {
        const report = ended.get(startUrl);
        if (report) return { startUrl, report, error: null, earlier: true };
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
 * The command's run: the one it was interrupted in when one of its sites has a crawl unfinished
 * (the command run again, as its interruption says to do, resumes it), with the reports of the
 * sites that run had crawled to the end, which are not crawled again; else a new one. A site
 * stopped in that run (rate-limited, unreachable, …) is tried again.
 */
async function interruptedRun(
  groups: readonly { startUrl: string }[],
  store: Store,
): Promise<{ run: string; ended: Map<string, CrawlReport> }> {
  // Asked together: one message to the store thread (see app/index-thread.ts).
  const latest = await Promise.all(
    groups.map(async ({ startUrl }) => {
      const sites = await Promise.all([
        URL.canParse(startUrl) ? store.sites.byOrigin(new URL(startUrl).origin) : null,
        store.sites.byStartUrl(startUrl),
      ]);
      const crawls = await Promise.all(sites.map((site) => site && store.crawls.latest(site.id)));
      return crawls.filter((crawl): crawl is CrawlRecord => crawl !== null);
    }),
  );
  const run = latest.flat().find((crawl) => crawl.state === "running" && crawl.run)?.run;
  const ended = new Map<string, CrawlReport>();
  if (!run) return { run: randomUUID(), ended };
  groups.forEach(({ startUrl }, i) => {
    const crawls = latest[i] ?? [];
    if (crawls.some((crawl) => crawl.state === "running")) return;
    const done = crawls.find((c) => c.run === run && c.state === "completed" && c.report);
    if (done) ended.set(startUrl, done.report as CrawlReport);
  });
  return { run, ended };
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
