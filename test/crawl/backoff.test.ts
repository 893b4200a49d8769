/**
 * Backing off, against real servers in real time: Retry-After honoured exactly (seconds and
 * HTTP-date), exponential backoff without it, giving up on long waits, robots.txt errors and
 * servers that stop answering.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  crawl,
  gaps,
  htmlRoute,
  pageHtml,
  pagesSite,
  paths,
  site,
  store,
} from "../helpers/crawl.js";
import { type LoggedRequest, loopbackAddress, silent } from "../servers/site.js";

function throttledThenOk(
  times: number,
  headers: (n: number) => Record<string, string>,
  status = 429,
  title = "Finally",
) {
  let seen = 0;
  return (_req: unknown, res: ServerResponse) => {
    seen++;
    if (seen <= times)
      res.writeHead(status, { "content-type": "text/plain", ...headers(seen) }).end("slow down");
    else res.writeHead(200, { "content-type": "text/html" }).end(pageHtml(title, []));
  };
}

const arrivalsOf = (log: LoggedRequest[], path: string) => log.filter((r) => r.path === path);

/** From the end of one request to the arrival of a later one, as the server saw them. */
const gapBetween = (earlier?: LoggedRequest, later?: LoggedRequest) =>
  later && earlier?.finishedAt && later.arrivedAt - earlier.finishedAt;

/** A site whose /p1 redirects to /moved with `status`, asking for `retryAfter`. */
const redirectingSite = (status: number, retryAfter: string) =>
  site({
    ...pagesSite(1),
    "/p1": (_req, res) =>
      res.writeHead(status, { location: "/moved", "retry-after": retryAfter }).end("moved"),
    "/moved": htmlRoute(pageHtml("Moved here", [])),
  });

describe("429 and 503", () => {
  it("honours Retry-After in seconds exactly: never asks earlier", async () => {
    const s = await site({
      ...pagesSite(1),
      "/p1": throttledThenOk(1, () => ({ "retry-after": "2" })),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.pages.indexed).toBe(2);
    const [first, second] = arrivalsOf(s.log, "/p1");
    expect(gapBetween(first, second)).toBeGreaterThanOrEqual(2000);
    // The report counts every request the server saw, the one asked again included.
    expect(report.requests).toBe(s.log.length);
  });

  it("honours Retry-After as an HTTP-date, measured on the server's clock", async () => {
    const s = await site({
      ...pagesSite(1),
      "/p1": throttledThenOk(
        1,
        () => {
          const now = Date.now();
          // The server's clock runs an hour late; it asks for 3 s from its own now.
          const serverNow = new Date(now - 3_600_000);
          return {
            date: serverNow.toUTCString(),
            "retry-after": new Date(
              Math.ceil((serverNow.getTime() + 3_000) / 1000) * 1000,
            ).toUTCString(),
          };
        },
        503,
      ),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    const [first, second] = arrivalsOf(s.log, "/p1");
    expect(gapBetween(first, second)).toBeGreaterThanOrEqual(2000);
  });

  it("waits a redirect's Retry-After before the redirected request", async () => {
    const s = await redirectingSite(302, "2");
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    const [redirect] = arrivalsOf(s.log, "/p1");
    const [moved] = arrivalsOf(s.log, "/moved");
    expect(gapBetween(redirect, moved)).toBeGreaterThanOrEqual(2000);
  });

  it("stops the site when a redirect's Retry-After is too long, and never follows it early", async () => {
    const s = await redirectingSite(301, "3600");
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("stopped");
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        kind: "rate-limited",
        url: `${s.origin}/p1`,
        status: 301,
        waitSeconds: 3600,
      }),
    );
    expect(paths(s.log)).not.toContain("/moved");
  });

  it("backs off exponentially without Retry-After", async () => {
    const s = await site({ ...pagesSite(1), "/p1": throttledThenOk(3, () => ({}), 503) });
    const report = await crawl(`${s.origin}/`, { settings: { gate: { backoffMs: 600 } } });
    expect(report.pages.indexed).toBe(2);
    const tries = arrivalsOf(s.log, "/p1");
    expect(tries).toHaveLength(4);
    const waits = gaps(tries);
    expect(waits[0]).toBeGreaterThanOrEqual(600);
    expect(waits[1]).toBeGreaterThanOrEqual(1200);
    expect(waits[2]).toBeGreaterThanOrEqual(2400);
  });

  it("backs off from a Retry-After of 0 or a date already past, rather than ask again at once", async () => {
    const past = () => ({ "retry-after": new Date(Date.now() - 60_000).toUTCString() });
    const s = await site({
      ...pagesSite(2),
      "/p1": throttledThenOk(2, () => ({ "retry-after": "0" }), 503),
      "/p2": throttledThenOk(1, past, 429, "At last"),
    });
    const report = await crawl(`${s.origin}/`, { settings: { gate: { backoffMs: 800 } } });
    expect(report.pages.indexed).toBe(3);
    const zero = gaps(arrivalsOf(s.log, "/p1"));
    expect(zero).toHaveLength(2);
    expect(zero[0]).toBeGreaterThanOrEqual(800);
    expect(zero[1]).toBeGreaterThanOrEqual(1600);
    expect(gaps(arrivalsOf(s.log, "/p2"))[0]).toBeGreaterThanOrEqual(800);
  });

  it("gives up with rate-limited and the wait asked when the wait is too long, and never comes back early", async () => {
    const s = await site({
      ...pagesSite(3),
      "/p1": throttledThenOk(99, () => ({ "retry-after": "3600" })),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(report.outcome).toBe("stopped");
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        kind: "rate-limited",
        url: `${s.origin}/p1`,
        status: 429,
        waitSeconds: 3600,
      }),
    );
    expect(report.problems.find((p) => p.kind === "rate-limited")?.advice).toMatch(
      /waits at most 5 minutes/,
    );
    const requests = s.log.length;
    expect(paths(s.log).at(-1)).toBe("/p1");
    // A second crawl within the hour does not knock.
    const again = await crawl(`${s.origin}/`, { store: shared });
    expect(again.outcome).toBe("stopped");
    // It says where and why, as the first did, and how much of the wait is left.
    const stillLimited = again.problems.find((p) => p.kind === "rate-limited");
    expect(stillLimited).toMatchObject({ url: `${s.origin}/p1`, status: 429 });
    expect(stillLimited?.waitSeconds).toBeGreaterThan(3500);
    expect(stillLimited?.waitSeconds).toBeLessThanOrEqual(3600);
    // Told as an earlier answer, with the time before which nothing is asked.
    expect(stillLimited?.detail).toMatch(
      /told earlier; HootyBot asks nothing of the site before \d{4}-/,
    );
    expect(stillLimited?.advice).toMatch(/let HootyBot through the rate limit/);
    expect(s.log.length).toBe(requests);
  });
});

describe("robots.txt errors", () => {
  it("a robots.txt server error stops the site before any page", async () => {
    const s = await site({ ...pagesSite(2), "/robots.txt": htmlRoute("oops", 500) });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("stopped");
    expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: 500 });
    expect(report.problems[0]?.advice).toMatch(/robots\.txt answer 200/);
    expect(paths(s.log)).toEqual(["/robots.txt"]);
    expect(report.pages.fetched).toBe(0);
  });

  it("a robots.txt refused with 429 gives no permission either, and says how to lift it", async () => {
    const s = await site({
      ...pagesSite(2),
      "/robots.txt": (_req, res) => res.writeHead(429).end(),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("stopped");
    expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: 429 });
    expect(report.problems[0]?.advice).toMatch(/even when requests are limited/);
    expect(paths(s.log)).toEqual(["/robots.txt"]);
  });

  it("a robots.txt 429 naming a short wait is asked for again after exactly that wait, twice at most", async () => {
    const s = await site({
      ...pagesSite(2),
      "/robots.txt": (_req, res) => res.writeHead(429, { "retry-after": "1" }).end(),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("stopped");
    expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: 429 });
    expect(paths(s.log)).toEqual(["/robots.txt", "/robots.txt", "/robots.txt"]);
    for (const gap of gaps(s.log)) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("a site whose robots.txt asked for a short wait once is crawled after it", async () => {
    let asked = 0;
    const s = await site({
      ...pagesSite(2),
      "/robots.txt": (_req, res) => {
        asked++;
        if (asked === 1) res.writeHead(503, { "retry-after": "2" }).end();
        else res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      },
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    expect(report.pages.indexed).toBe(3);
    expect(paths(s.log).slice(0, 3)).toEqual(["/robots.txt", "/robots.txt", "/"]);
    expect(gaps(s.log)[0]).toBeGreaterThanOrEqual(2000);
  });

  it("a robots.txt 429 with a Retry-After of 0 is asked for again after the backoff, twice at most", async () => {
    const s = await site({
      ...pagesSite(2),
      "/robots.txt": (_req, res) => res.writeHead(429, { "retry-after": "0" }).end(),
    });
    const report = await crawl(`${s.origin}/`, { settings: { gate: { backoffMs: 700 } } });
    expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: 429 });
    expect(paths(s.log)).toEqual(["/robots.txt", "/robots.txt", "/robots.txt"]);
    const [first, second] = gaps(s.log);
    expect(first).toBeGreaterThanOrEqual(700);
    expect(second).toBeGreaterThanOrEqual(1400);
  });

  it("a robots.txt 503 asking for an hour stops the site as robots-unavailable, and nothing asks early", async () => {
    const s = await site({
      ...pagesSite(2),
      "/robots.txt": (_req, res) => res.writeHead(503, { "retry-after": "3600" }).end(),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(report.outcome).toBe("stopped");
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: "robots-unavailable", status: 503 }),
    ]);
    const again = await crawl(`${s.origin}/`, { store: shared });
    expect(again.outcome).toBe("stopped");
    expect(paths(s.log)).toEqual(["/robots.txt"]);
  });

  it("a site whose HTTPS certificate cannot be verified is not crawled, and the report says why", async () => {
    const tls = join(import.meta.dirname, "../fixtures/tls");
    const server = createHttpsServer(
      {
        key: readFileSync(join(tls, "self-signed.key")),
        cert: readFileSync(join(tls, "self-signed.crt")),
      },
      (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\n"),
    );
    const host = loopbackAddress();
    await new Promise<void>((listening) => server.listen(0, host, listening));
    try {
      const { port } = server.address() as AddressInfo;
      const report = await crawl(`https://${host}:${port}/`);
      expect(report.outcome).toBe("stopped");
      expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: null });
      expect(report.problems[0]?.detail).toContain("HTTPS certificate could not be verified");
      expect(report.problems[0]?.advice).toMatch(/certificate browsers accept/);
    } finally {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    }
  });

  it("a robots.txt that never answers stops the site too, and the timeout fires", async () => {
    const s = await site({ ...pagesSite(2), "/robots.txt": silent });
    const started = Date.now();
    const report = await crawl(`${s.origin}/`, { settings: { timeoutMs: 500 } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(report.problems[0]).toMatchObject({ kind: "robots-unavailable", status: null });
    expect(report.problems[0]?.advice).toMatch(/address and that its server answers/);
    expect(paths(s.log)).toEqual(["/robots.txt"]);
  });

  it("a missing robots.txt (404) allows everything", async () => {
    const s = await site({ ...pagesSite(2), "/robots.txt": htmlRoute("no", 404) });
    const report = await crawl(`${s.origin}/`);
    expect(report).toMatchObject({ outcome: "completed", pages: { indexed: 3 } });
  });

  it("a readable robots.txt ends the stop: the next crawl reads the site", async () => {
    let broken = true;
    const s = await site({
      ...pagesSite(1),
      "/robots.txt": (_req, res) =>
        broken
          ? res.writeHead(503).end()
          : res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n"),
    });
    const shared = store();
    expect((await crawl(`${s.origin}/`, { store: shared })).outcome).toBe("stopped");
    broken = false;
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(report).toMatchObject({ outcome: "completed", pages: { indexed: 2 } });
  });
});

describe("servers that stop answering", () => {
  it("stops the site as unreachable after consecutive timeouts, and leaves it alone", async () => {
    const s = await site({
      ...pagesSite(5),
      "/p1": silent,
      "/p2": silent,
      "/p3": silent,
    });
    const shared = store();
    const started = Date.now();
    const report = await crawl(`${s.origin}/`, { store: shared, settings: { timeoutMs: 400 } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report.outcome).toBe("stopped");
    expect(report.problems.map((p) => p.kind)).toContain("unreachable");
    expect(paths(s.log)).not.toContain("/p4");
    const count = s.log.length;
    const again = await crawl(`${s.origin}/`, { store: shared, settings: { timeoutMs: 400 } });
    const first = report.problems.find((p) => p.kind === "unreachable");
    expect(again.problems.find((p) => p.kind === "unreachable")).toMatchObject({
      url: first?.url,
      status: first?.status,
    });
    expect(first?.url).toBeTruthy();
    expect(s.log.length).toBe(count);
  });

  it("takes out of the index every page that timed out on a recrawl, the one that stopped the site too", async () => {
    let quiet = false;
    const page = (n: number) => (req: IncomingMessage, res: ServerResponse) =>
      quiet ? undefined : htmlRoute(pageHtml(`Page ${n}`, []))(req, res);
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/q1", "/q2", "/q3"])),
      "/q1": page(1),
      "/q2": page(2),
      "/q3": page(3),
    });
    const shared = store();
    expect((await crawl(`${s.origin}/`, { store: shared })).pages.indexed).toBe(4);
    quiet = true;
    const again = await crawl(`${s.origin}/`, { store: shared, settings: { timeoutMs: 400 } });
    expect(again.problems.find((p) => p.kind === "unreachable")?.url).toBe(`${s.origin}/q3`);
    const siteRecord = await shared.sites.byOrigin(s.origin);
    const left = (await shared.pages.list(siteRecord?.id ?? 0)).map((p) => new URL(p.url).pathname);
    expect(left).toEqual(["/"]);
  });
});

describe("the wait, shown while it lasts", () => {
  it("tells the progress each wait longer than the pause, and why, as it starts and ends", async () => {
    const s = await site({
      ...pagesSite(3, "User-agent: *\nCrawl-delay: 1\n"),
      "/p1": throttledThenOk(1, () => ({}), 503, "One"),
      "/p2": throttledThenOk(1, () => ({ "retry-after": "2" }), 429, "Two"),
    });
    const target = store();
    const { crawlSite } = await import("../../src/crawl/site-crawl.js");
    const { fetchOnce } = await import("../../src/crawl/fetch/fetch.js");
    const { createIndexSink } = await import("../../src/index/page-sink.js");
    const seen: { why: string; left: number }[] = [];
    const ends: number[] = [];
    const report = await crawlSite(`${s.origin}/`, {
      store: target,
      sink: createIndexSink(target),
      fetch: fetchOnce,
      settings: { gate: { backoffMs: 1_500 } },
      onProgress: ({ waiting }) => {
        if (waiting) seen.push({ why: waiting.why, left: waiting.until - Date.now() });
        else ends.push(Date.now());
      },
    });
    expect(report.pages.indexed).toBe(4);
    const longest = (why: string) =>
      Math.max(...seen.filter((w) => w.why === why).map((w) => w.left));
    // Each told as it began: the time left then is (nearly) the whole wait.
    expect(longest("crawl-delay")).toBeGreaterThan(800);
    expect(longest("backoff")).toBeGreaterThan(1_200);
    expect(longest("retry-after")).toBeGreaterThan(1_700);
    expect(ends.length).toBeGreaterThan(0);
  });
});

describe("servers in trouble", () => {
  it("backs off from a run of server errors, then leaves the site alone", async () => {
    const failing = (_req: unknown, res: ServerResponse) =>
      res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad Gateway</h1>");
    const routes: Record<string, typeof failing> = {};
    for (let i = 1; i <= 8; i++) routes[`/p${i}`] = failing;
    const s = await site({ ...pagesSite(8), ...routes });
    const shared = store();
    const report = await crawl(`${s.origin}/`, {
      store: shared,
      settings: { gate: { backoffMs: 600, maxServerErrors: 6 } },
    });
    const asked = s.log.filter((r) => /^\/p\d$/.test(r.path));
    expect(asked.map((r) => r.path)).toEqual(["/p1", "/p2", "/p3", "/p4", "/p5", "/p6"]);
    // The pace after the first two; after the third, the backoff, doubling: 0.6 s, 1.2 s, 2.4 s.
    const waited = asked.slice(1).map((r, i) => gapBetween(asked[i], r) ?? 0);
    for (const [i, least] of [500, 500, 600, 1200, 2400].entries()) {
      expect(waited[i], `gap before request ${i + 2}`).toBeGreaterThanOrEqual(least - 1);
    }
    expect(waited[1]).toBeLessThan(1_000);
    expect(waited[4]).toBeLessThan(2400 + 1000);
    expect(report.outcome).toBe("stopped");
    expect(report.problems.find((p) => p.kind === "unreachable")).toMatchObject({
      url: `${s.origin}/p6`,
      status: 502,
      detail: expect.stringContaining("6 pages in a row answered with a server error (last: 502)"),
    });
    // Left alone: the next crawl asks nothing while the pause lasts.
    const count = s.log.length;
    await crawl(`${s.origin}/`, { store: shared });
    expect(s.log.length).toBe(count);
  });

  it("asks on at the pace when a broken page or two sit among good ones", async () => {
    const failing = (_req: unknown, res: ServerResponse) => res.writeHead(500).end();
    const s = await site({
      ...pagesSite(6),
      "/p1": failing,
      "/p2": failing,
      "/p4": failing,
      "/p5": failing,
    });
    const report = await crawl(`${s.origin}/`, { settings: { gate: { backoffMs: 5_000 } } });
    expect(report.outcome).toBe("completed");
    expect(Math.max(...gaps(s.log))).toBeLessThan(1_500);
    expect(report.skipped.error).toBe(4);
  });
});

describe("refresh after a rate limit", () => {
  it("does not read a refused robots.txt request as 'unreachable': the index stays as it was", async () => {
    const { refreshSites } = await import("../../src/crawl/refresh.js");
    const { fetchOnce } = await import("../../src/crawl/fetch/fetch.js");
    const { createIndexSink } = await import("../../src/index/page-sink.js");
    const s = await site({
      ...pagesSite(2),
      "/p2": throttledThenOk(99, () => ({ "retry-after": "3600" })),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(report.outcome).toBe("stopped");
    const record = await shared.sites.byOrigin(s.origin);
    if (!record) throw new Error("site not stored");
    const before = (await shared.pages.list(record.id)).length;
    expect(before).toBe(2);
    const requests = s.log.length;
    const [refreshed] = await refreshSites([record], {
      store: shared,
      sink: createIndexSink(shared),
      fetch: fetchOnce,
    });
    expect(refreshed).toMatchObject({ robots: "not-checked", pages: { removed: 0 } });
    expect((await shared.pages.list(record.id)).length).toBe(before);
    expect(s.log.length).toBe(requests);
  });
});
