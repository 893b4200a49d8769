/**
 * `hooty refresh`: reads the robots.txt of indexed sites again and takes out of the index the
 * pages it now disallows (issue 6: "pages it now disallows are gone from answers within the
 * hour"; `hooty serve` runs this at least hourly). One robots.txt request per site, through the
 * site's gate and its lease, like every request HootyBot makes.
 *
 * What each robots.txt answer means for the pages already indexed:
 * - rules: every page they disallow leaves the index;
 * - no robots.txt (4xx): nothing is disallowed;
 * - unavailable (5xx, 429, timeout, unreachable, too many redirects): no permission (RFC 9309
 *   §2.3.1.4). Every page of the site is withheld (removed) until robots.txt is readable again;
 *   the next crawl after that indexes them again;
 * - not checked: the site's gate refused the request. The site asked HootyBot to wait: the index
 *   stays as it was, and the next refresh tries again. Another process is crawling it right now:
 *   that crawl is asked to read robots.txt again, which it does within a second (and at
 *   least hourly), and takes out of the index what the file then disallows.
 * A site whose domain is blocked loses its pages at once (`BlockList.add` already removed them).
 */
import type { PageSink } from "../core/page-sink.js";
import type { SiteRecord, Store } from "../store/types.js";
import type { Fetch } from "./fetch/types.js";
import { type GateOptions, SiteBusy } from "./gate/gate.js";
import { readRobotsThroughGates } from "./gate/robots-get.js";
import { SiteStopped } from "./gate/site-stopped.js";
import { hasExpired } from "./page-expiry.js";
import type { RobotsOutcome } from "./robots/index.js";

export type RefreshRobots = "rules" | "allow-all" | "unavailable" | "not-checked" | "blocked";

/** One site's refresh: the JSON line `hooty refresh --json` prints. */
export interface RefreshReport {
  site: string;
  /** What robots.txt said (or why it was not read). */
  robots: RefreshRobots;
  /** The status of robots.txt's answer, when there was one. */
  status: number | null;
  pages: { checked: number; removed: number };
  /** What happened, in plain language. */
  detail: string;
}

export interface RefreshContext {
  store: Store;
  sink: PageSink;
  fetch: Fetch;
  /** Per-request limit (default 20 s). */
  timeoutMs?: number;
  gate?: GateOptions;
}

/** Refreshes every site given, in parallel (one request each). */
export function refreshSites(
  sites: readonly SiteRecord[],
  context: RefreshContext,
): Promise<RefreshReport[]> {
  return Promise.all(sites.map((site) => refreshSite(site, context)));
}

export async function refreshSite(
  site: SiteRecord,
  context: RefreshContext,
): Promise<RefreshReport> {
  const { store } = context;
  const pages = await store.pages.list(site.id);
  // A page whose own `unavailable_after` date has passed leaves first, whatever robots.txt says.
  let expired = 0;
  const urls: string[] = [];
  for (const page of pages) {
    if (!hasExpired(page)) {
      urls.push(page.url);
      continue;
    }
    await context.sink.remove(site.id, page.url);
    expired++;
  }
  const report = (
    robots: RefreshRobots,
    status: number | null,
    removed: number,
    detail: string,
  ): RefreshReport => ({
    site: site.origin,
    robots,
    status,
    pages: { checked: pages.length, removed: removed + expired },
    detail:
      expired > 0
        ? `${detail}; ${expired === 1 ? "1 page" : `${expired} pages`} whose unavailable_after date had passed left the index`
        : detail,
  });
  const removeAll = async (keep: (url: string) => boolean = () => false) => {
    let removed = 0;
    for (const url of urls) {
      if (keep(url)) continue;
      await context.sink.remove(site.id, url);
      removed++;
    }
    return removed;
  };

  const block = await store.blocks.covering(site.host);
  if (block) {
    const removed = await removeAll();
    return report(
      "blocked",
      null,
      removed,
      `the operator blocked ${block.domain}: its pages are not in the index`,
    );
  }

  let outcome: RobotsOutcome;
  try {
    outcome = await readRobotsThroughGates(site.origin, context);
  } catch (error) {
    if (error instanceof SiteBusy) {
      // Only the crawl holding the site may ask its server: it is asked to read robots.txt again
      // (it watches for asks twice a second), and takes out of the index what the file then
      // disallows (site-crawl.ts, `leaveDisallowed`).
      await store.gates.askRobots(site.origin, Date.now());
      return report(
        "not-checked",
        null,
        0,
        `robots.txt was not read here: ${error.message}; that crawl reads it again within a second and takes out of the index what it now disallows`,
      );
    }
    if (error instanceof SiteStopped) {
      return report(
        "not-checked",
        null,
        0,
        `robots.txt was not read: ${error.message}; the index stays as it was until the next refresh`,
      );
    }
    throw error;
  }
  if (outcome.kind === "unavailable") {
    const removed = await removeAll();
    return report(
      "unavailable",
      outcome.status ?? null,
      removed,
      `robots.txt could not be read (${outcome.detail}): without it HootyBot has no permission, so the site's pages left the index; the first crawl once it is readable again reads them back`,
    );
  }
  // The pages that stay are brought up to this Hooty's analysis, if an older one indexed them:
  // after an upgrade, answers meet them as a crawl would leave them within the hour.
  if (outcome.kind === "allow-all") {
    await context.sink.prepareSite?.(site.id);
    return report(
      "allow-all",
      outcome.status,
      0,
      `no robots.txt (${outcome.status}): every page may stay`,
    );
  }
  const robots = outcome.robots;
  const removed = await removeAll((url) => robots.allows(url));
  if (removed < urls.length) await context.sink.prepareSite?.(site.id);
  return report(
    "rules",
    outcome.status,
    removed,
    removed > 0
      ? `robots.txt now disallows ${removed} of the indexed pages: they left the index`
      : "robots.txt allows every indexed page",
  );
}
