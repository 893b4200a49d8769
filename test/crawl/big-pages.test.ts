/**
 * Issue #4: sites are crawled in parallel and one never slows the others, also when one serves
 * pages near the 5 MB cap, each of which takes the index a second or more to extract, analyse and
 * write. `hooty crawl` as a user runs it (the built binary with its index and store threads, a
 * real SQLite file), two real sites on loopback, real time: while the large pages are indexed,
 * the other site's requests keep their pace.
 */
import { describe, expect, it } from "vitest";
import { bigPage } from "../helpers/big-page.js";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { htmlRoute, pageHtml, site } from "../helpers/crawl.js";
import type { Handler, LoggedRequest } from "../servers/site.js";

/** Loopback addresses of this test's two sites. */
const BIG_HOST = "127.48.0.10";
const SMALL_HOST = "127.48.0.11";
/** How late the small site's requests may come, beyond the 0.5 s pace, while pages are indexed. */
const LATE_MS = 150;
/**
 * How late one may come when the crawl's own thread read a large page meanwhile: decoding it,
 * classifying it and reading its links take that thread itself 100–250 ms on a busy 2-core
 * machine (the first such page the most). Indexing it, the seconds after, must cost nothing.
 */
const READING_MS = 400;

const robots: Handler = (_req, res) =>
  res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");

/** A home page linking to `pages`, each served by `serve`. */
function siteOf(pages: string[], serve: (path: string) => Handler): Record<string, Handler> {
  const routes: Record<string, Handler> = {
    "/robots.txt": robots,
    "/": htmlRoute(pageHtml("Home", pages)),
  };
  for (const path of pages) routes[path] = serve(path);
  return routes;
}

/** Each wait between two requests, and whether a large page arrived (and was read) meanwhile. */
function waits(log: LoggedRequest[], large: LoggedRequest[]) {
  return log.slice(1).map((next, i) => {
    const from = log[i]?.finishedAt ?? Number.NaN;
    const read = large.some(
      (r) => (r.finishedAt ?? 0) >= from - 50 && (r.finishedAt ?? 0) <= next.arrivedAt,
    );
    return { path: next.path, from, gap: next.arrivedAt - from, read };
  });
}

describe("hooty crawl: a site of very large pages", () => {
  it("never holds up another site's requests while its pages are indexed", async () => {
    const bigPaths = ["/volume1", "/volume2", "/volume3"];
    // Encoded once: serving a page costs this process next to nothing.
    const bodies = new Map(bigPaths.map((path, i) => [path, Buffer.from(bigPage(i + 1))]));
    const big = await site(
      siteOf(bigPaths, (path) => (_req, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(bodies.get(path));
      }),
      { host: BIG_HOST },
    );
    const smallPaths = Array.from({ length: 16 }, (_, i) => `/p${i + 1}`);
    const small = await site(
      siteOf(smallPaths, (path) => htmlRoute(pageHtml(`Page ${path}`, []))),
      { host: SMALL_HOST },
    );

    const result = await runHooty(
      ["crawl", `${big.origin}/`, `${small.origin}/`, "--data", tempDir(), "--json"],
      { timeoutMs: 60_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    const reports = jsonLines(result.stdout) as { site: string; pages: { indexed: number } }[];
    const pages = (s: { origin: string }) => reports.find((r) => r.site === s.origin)?.pages;
    expect(pages(big)?.indexed).toBe(4);
    expect(pages(small)?.indexed).toBe(17);

    const volumes = big.log.filter((r) => r.path.startsWith("/volume"));
    expect(volumes).toHaveLength(3);
    const all = waits(small.log, volumes);
    // (That no request comes early is politeness.test.ts's: here, with this process busy serving
    // megabytes, a response's end may be stamped a few milliseconds after the crawler read it.)
    for (const { path, gap, read } of all) {
      expect(gap, `before ${path}`).toBeLessThan(500 + (read ? READING_MS : LATE_MS));
    }
    // A site hands the index its pages of that size one by one (site-crawl.ts handToIndex), so
    // the index was busy with them from the first one's arrival to beyond the last's (a second
    // each, at least): the small site asked for page after page meanwhile.
    const first = volumes[0]?.finishedAt ?? 0;
    const last = (volumes.at(-1)?.finishedAt ?? 0) + 500;
    expect(all.filter((w) => w.from > first && w.from < last).length).toBeGreaterThanOrEqual(3);
  }, 70_000);
});
