/**
 * HootyBot's public promises on identity, order and pace, proven against real servers in real
 * time: every request is logged on the server side, with its arrival and the end of its response.
 */
import { describe, expect, it } from "vitest";
import { FROM, USER_AGENT } from "../../src/core/identity.js";
import {
  crawl,
  crawlTogether,
  gaps,
  htmlRoute,
  pageHtml,
  pagesSite,
  paths,
  site,
  store,
} from "../helpers/crawl.js";
import type { TestSite } from "../servers/site.js";

describe("HootyBot's identity", () => {
  it("sends exactly its User-Agent, From and an HTML Accept on every request, and only GETs", async () => {
    const s = await site(pagesSite(3));
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    expect(s.log.length).toBeGreaterThanOrEqual(5);
    for (const request of s.log) {
      expect(request.method).toBe("GET");
      expect(request.headers["user-agent"]).toBe(USER_AGENT);
      expect(request.headers.from).toBe(FROM);
      // Pages ask for HTML first; robots.txt and sitemaps ask for their own type first, and HTML too.
      expect(request.headers.accept).toContain("text/html");
      if (request.path !== "/robots.txt" && !request.path.startsWith("/sitemap")) {
        expect(request.headers.accept).toMatch(/^text\/html/);
      }
    }
  });
});

describe("order and pace", () => {
  it("asks for /robots.txt before anything else", async () => {
    const s = await site(pagesSite(2));
    await crawl(`${s.origin}/p1`);
    expect(s.log[0]?.path).toBe("/robots.txt");
  });

  it("waits at least 0.5 s from the end of one response to the start of the next, one at a time", async () => {
    const s = await site({
      ...pagesSite(4),
      "/old": (_req, res) => res.writeHead(301, { location: "/p1" }).end(),
      "/": htmlRoute(pageHtml("Home", ["/old", "/p2", "/p3", "/p4"])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.pages.indexed).toBe(5);
    expect(paths(s.log)).toContain("/old");
    for (const [i, gap] of gaps(s.log).entries()) {
      expect(gap, `before ${s.log[i + 1]?.path}`).toBeGreaterThanOrEqual(500);
    }
  });

  it("waits the pause after a redirect to another origin of the same host, robots.txt and start page alike", async () => {
    // http://host/ → another port of the host, as a scheme's or a port's change leads a crawl to the
    // same server under another origin; its robots.txt also redirects there.
    let target: TestSite | null = null;
    const moved = await site({
      "/robots.txt": (_req, res) =>
        res.writeHead(301, { location: `${target?.origin}/robots.txt` }).end(),
      "/": (_req, res) => res.writeHead(301, { location: `${target?.origin}/` }).end(),
    });
    target = await site(pagesSite(2), { host: moved.host });
    const report = await crawl(`${moved.origin}/`);
    expect(report.site).toBe(target.origin);
    expect(report.pages.indexed).toBe(3);
    const all = [...moved.log, ...target.log].sort((a, b) => a.arrivedAt - b.arrivedAt);
    expect(paths(all).slice(0, 4)).toEqual(["/robots.txt", "/robots.txt", "/", "/robots.txt"]);
    for (const [i, gap] of gaps(all).entries()) {
      expect(gap, `before request ${i + 1}, ${all[i + 1]?.path}`).toBeGreaterThanOrEqual(500);
    }
  });

  it("waits the pause between the hops of a robots.txt redirect when the index is refreshed", async () => {
    const { refreshSites } = await import("../../src/crawl/refresh.js");
    const { fetchOnce } = await import("../../src/crawl/fetch/fetch.js");
    const { createIndexSink } = await import("../../src/index/page-sink.js");
    let target: TestSite | null = null;
    const moved = await site({
      ...pagesSite(1),
      "/robots.txt": (_req, res) =>
        res.writeHead(301, { location: `${target?.origin}/robots.txt` }).end(),
    });
    target = await site(
      { "/robots.txt": htmlRoute("User-agent: *\nAllow: /\n") },
      {
        host: moved.host,
      },
    );
    const shared = store();
    await crawl(`${moved.origin}/`, { store: shared });
    const record = await shared.sites.byOrigin(moved.origin);
    if (!record) throw new Error("site not stored");
    const [movedBefore, targetBefore] = [moved.log.length, target.log.length];
    const [refreshed] = await refreshSites([record], {
      store: shared,
      sink: createIndexSink(shared),
      fetch: fetchOnce,
    });
    expect(refreshed).toMatchObject({ robots: "rules" });
    const fromMoved = moved.log.slice(movedBefore);
    const fromTarget = target.log.slice(targetBefore);
    expect([paths(fromMoved), paths(fromTarget)]).toEqual([["/robots.txt"], ["/robots.txt"]]);
    expect(gaps([...fromMoved, ...fromTarget])[0]).toBeGreaterThanOrEqual(500);
  });

  it("obeys Crawl-delay for HootyBot", async () => {
    const s = await site(pagesSite(2, "User-agent: HootyBot\nCrawl-delay: 1.5\nAllow: /\n"));
    await crawl(`${s.origin}/`);
    expect(s.log.length).toBeGreaterThanOrEqual(4);
    for (const gap of gaps(s.log)) expect(gap).toBeGreaterThanOrEqual(1500);
  });

  it("crawls many sites at once: a slow site never slows the others", async () => {
    const slow = await site({
      ...pagesSite(3),
      "/": async (_req, res) => {
        await new Promise((r) => setTimeout(r, 3_000));
        res.writeHead(200, { "content-type": "text/html" }).end(pageHtml("Slow", ["/p1"]));
      },
    });
    const fast = await Promise.all([site(pagesSite(3)), site(pagesSite(3))]);
    const shared = store();
    const started = Date.now();
    const finished: Record<string, number> = {};
    await Promise.all(
      [slow, ...fast].map((s) =>
        crawl(`${s.origin}/`, { store: shared }).then(() => {
          finished[s.origin] = Date.now() - started;
        }),
      ),
    );
    // robots + / + sitemap + 3 pages = 6 requests, 5 pauses of 0.5 s: about 2.5 s each.
    for (const s of fast) expect(finished[s.origin]).toBeLessThan(4_500);
    expect(finished[slow.origin]).toBeGreaterThan(3_000);
    for (const s of [slow, ...fast]) {
      for (const gap of gaps(s.log)) expect(gap).toBeGreaterThanOrEqual(500);
    }
  });
});

describe("one crawl per site at a time", () => {
  it("refuses a second crawl of a site another crawl holds, so requests never overlap", async () => {
    const s = await site(pagesSite(4));
    const shared = store();
    const results = await Promise.allSettled([
      crawl(`${s.origin}/`, { store: shared }),
      crawl(`${s.origin}/`, { store: shared }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/another Hooty crawl is reading/);
    for (const gap of gaps(s.log)) expect(gap).toBeGreaterThanOrEqual(500);
  });

  it("crawls a site once when one command names several of its pages", async () => {
    const s = await site(pagesSite(4));
    const results = await crawlTogether([`${s.origin}/p3`, `${s.origin}/`, `${s.origin}/p3`]);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ startUrl: `${s.origin}/p3`, error: null });
    expect(results[0]?.report?.pages.fetched).toBe(5);
    expect(paths(s.log).slice(0, 2)).toEqual(["/robots.txt", "/p3"]);
    expect(paths(s.log).filter((p) => p === "/")).toHaveLength(1);
    for (const gap of gaps(s.log)) expect(gap).toBeGreaterThanOrEqual(500);
  });

  it("keeps another site's pace when a robots.txt redirects there while that site is crawled too", async () => {
    const target = await site(pagesSite(3));
    const redirecting = await site({
      ...pagesSite(1),
      "/robots.txt": (_req, res) =>
        res.writeHead(301, { location: `${target.origin}/robots.txt` }).end(),
    });
    const results = await crawlTogether([`${redirecting.origin}/`, `${target.origin}/`]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    // The target's robots.txt is read for both sites, through one gate: one request at a time.
    expect(paths(target.log).filter((p) => p === "/robots.txt")).toHaveLength(2);
    for (const [i, gap] of gaps(target.log).entries()) {
      expect(gap, `before ${target.log[i + 1]?.path}`).toBeGreaterThanOrEqual(500);
    }
    for (const gap of gaps(redirecting.log)) expect(gap).toBeGreaterThanOrEqual(500);
  });

  it("reports a start page that leads to another site of the same run, which that crawl reads", async () => {
    const target = await site(pagesSite(2));
    const alias = await site({
      "/robots.txt": (_req, res) => res.writeHead(404).end(),
      "/": (_req, res) => res.writeHead(301, { location: `${target.origin}/` }).end(),
    });
    const results = await crawlTogether([`${alias.origin}/`, `${target.origin}/`]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    expect(results[0]?.report).toMatchObject({
      site: alias.origin,
      outcome: "completed",
      pages: { fetched: 0, indexed: 0 },
      problems: [],
      sameSiteAs: target.origin,
    });
    expect(results[1]?.report?.pages.indexed).toBe(3);
    expect(paths(target.log).filter((p) => p === "/")).toHaveLength(1);
    for (const gap of gaps(target.log)) expect(gap).toBeGreaterThanOrEqual(500);
  });
});
