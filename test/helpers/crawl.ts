import { join } from "node:path";
import { afterEach } from "vitest";
import { crawlSites } from "../../src/crawl/crawl.js";
import { fetchOnce } from "../../src/crawl/fetch/fetch.js";
import { type CrawlContext, type CrawlSettings, crawlSite } from "../../src/crawl/site-crawl.js";
import { createIndexSink } from "../../src/index/page-sink.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import type { Store } from "../../src/store/types.js";
import type { LoggedRequest, TestSite } from "../servers/site.js";
import { startSite } from "../servers/site.js";
import { tempDir } from "./cli.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Crawls the sites together as `hooty crawl URL…` does, into one store (a new one by default). */
export function crawlTogether(startUrls: readonly string[], target: Store = store()) {
  return crawlSites(startUrls, { store: target, sink: createIndexSink(target), fetch: fetchOnce });
}

/** A real loopback site, closed after the test. */
export async function site(...args: Parameters<typeof startSite>): Promise<TestSite> {
  const s = await startSite(...args);
  cleanup.push(() => s.close());
  return s;
}

/** A real SQLite store in a temporary folder, closed after the test. */
export function store(file = join(tempDir(), "hooty.sqlite")): Store {
  const s = openSqliteStore(file);
  cleanup.push(() => s.close());
  return s;
}

/** Crawls one site as `hooty crawl` does, with real network and a real store. */
export function crawl(
  startUrl: string,
  options: {
    store?: Store;
    settings?: Partial<CrawlSettings>;
    signal?: AbortSignal;
    onProgress?: CrawlContext["onProgress"];
  } = {},
) {
  const target = options.store ?? store();
  return crawlSite(startUrl, {
    store: target,
    sink: createIndexSink(target),
    fetch: fetchOnce,
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

/** Milliseconds from the end of each response to the arrival of the next request (server side). */
export function gaps(log: LoggedRequest[]): number[] {
  return log.slice(1).map((request, i) => request.arrivedAt - (log[i]?.finishedAt ?? Number.NaN));
}

export const paths = (log: LoggedRequest[]) => log.map((r) => r.path);

/** A small site: `/` links to /p1 … /pN, each a real page; `robots` may be read anew at each request. */
export function pagesSite(
  count: number,
  robots: string | (() => string) = "User-agent: *\nAllow: /\n",
) {
  const routes: Record<string, (req: unknown, res: import("node:http").ServerResponse) => void> = {
    "/robots.txt": (_req, res) =>
      res
        .writeHead(200, { "content-type": "text/plain" })
        .end(typeof robots === "function" ? robots() : robots),
  };
  const links = Array.from({ length: count }, (_, i) => `/p${i + 1}`);
  routes["/"] = htmlRoute(pageHtml("Home", links));
  for (const link of links) routes[link] = htmlRoute(pageHtml(`Page ${link}`, []));
  return routes;
}

export function htmlRoute(body: string, status = 200, headers: Record<string, string> = {}) {
  return (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
  };
}

/** An English page of `body` (HTML) in its `<main>`, under an `<h1>` of its title. */
export function mainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

export function pageHtml(title: string, links: string[], extraHead = ""): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join("");
  return `<!doctype html><html lang="en"><head><title>${title}</title>${extraHead}</head><body><main><h1>${title}</h1><p>This page, ${title}, tells visitors something different: ${title} has its own words and its own paragraph of readable text.</p><ul>${anchors}</ul></main></body></html>`;
}
