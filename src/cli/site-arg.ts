import { badInput } from "../core/errors.js";
import { siteUrl } from "../crawl/links/normalize.js";
import type { SiteRecord, Store } from "../store/types.js";

/**
 * The site a command names: its origin or start URL as crawled ("https://example.org",
 * "example.org", "127.0.0.21:18081"), also when the crawl moved it to the origin it redirects to.
 */
export async function findSite(store: Store, input: string): Promise<SiteRecord> {
  const url = siteUrl(input);
  if (!url) throw badInput(`not a site URL: ${JSON.stringify(input)}`);
  const site =
    (await store.sites.byOrigin(url.origin)) ??
    (await store.sites.byStartUrl(url.href)) ??
    (await store.sites.list()).find(
      (s) => new URL(s.startUrl).origin === url.origin || new URL(s.origin).host === url.host,
    ) ??
    null;
  if (!site)
    throw badInput(`${url.origin} is not a known site: crawl it first (hooty crawl ${url.origin})`);
  return site;
}

/** What to tell people when a site's index holds no page: its answers say nothing of its pages. */
export function emptyIndexNote(site: SiteRecord): string {
  return `hooty: the index holds no page of ${site.origin}: its last crawl read none (run hooty crawl ${site.startUrl} to see why)`;
}
