/**
 * Hostile servers: none may hang a crawl, crash the process or exhaust memory. Each site below
 * misbehaves in one way; the crawl must finish in bounded time with a report.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crawl, htmlRoute, pageHtml, pagesSite, paths, site } from "../helpers/crawl.js";

const home = (...links: string[]) => htmlRoute(pageHtml("Home", links));

describe("hostile servers", () => {
  it("breaks redirect loops, and never follows a redirect out of the web", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": home("/a", "/data", "/js", "/bad"),
      "/a": (_req, res) => res.writeHead(302, { location: "/b" }).end(),
      "/b": (_req, res) => res.writeHead(302, { location: "/a" }).end(),
      "/data": (_req, res) => res.writeHead(302, { location: "data:text/html,<p>x</p>" }).end(),
      "/js": (_req, res) => res.writeHead(301, { location: "javascript:alert(1)" }).end(),
      "/bad": (_req, res) => res.writeHead(307, { location: "http://[oops/" }).end(),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    expect(paths(s.log).filter((p) => p === "/a")).toHaveLength(1);
    const said = (path: string) => report.problems.find((p) => p.url === `${s.origin}${path}`);
    expect(said("/data")?.detail).toBe("302 redirect to a data: URL, which HootyBot never follows");
    expect(said("/js")?.detail).toBe(
      "301 redirect to a javascript: URL, which HootyBot never follows",
    );
    expect(said("/bad")?.detail).toBe('307 redirect to "http://[oops/", which is not a usable URL');
  });

  it("survives a header flood, a trickling body, a gzip bomb and a body over the size cap", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const s = await site({
      ...pagesSite(0),
      "/": home("/flood", "/trickle", "/bomb", "/huge", "/not-gzip", "/fine"),
      "/flood": (_req, res) => {
        for (let i = 0; i < 3000; i++) res.setHeader(`x-h${i}`, "v".repeat(100));
        res.writeHead(200, { "content-type": "text/html" }).end("<p>x</p>");
      },
      "/trickle": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => res.write("<p>a little more</p>"), 100);
        res.on("close", () => clearInterval(timer));
      },
      "/bomb": (_req, res) =>
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bomb),
      "/huge": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(`<html><body>${"<p>words and words</p>".repeat(400_000)}</body></html>`);
      },
      "/not-gzip": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
          .end(pageHtml("Plain, said to be gzip", [])),
      "/fine": htmlRoute(pageHtml("Fine", [])),
    });
    const before = process.memoryUsage().rss;
    const report = await crawl(`${s.origin}/`, { settings: { timeoutMs: 1_500 } });
    expect(report.outcome).toBe("completed");
    expect(report.pages.indexed).toBe(2);
    expect(report.skipped.error).toBe(5);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // The trickle's headers came: its status is reported, not a missing answer.
    const trickle = report.problems.find((p) => p.url === `${s.origin}/trickle`);
    expect(trickle).toMatchObject({ kind: "http-error", status: 200 });
    expect(trickle?.detail).toBe(
      "no usable answer: the 200 answer was cut short: no complete answer within 1.5 s",
    );
    expect(trickle?.advice).toMatch(/more time with --timeout/);
    expect(report.problems.find((p) => p.url === `${s.origin}/not-gzip`)?.detail).toBe(
      "no usable answer: the 200 answer could not be read: its body does not decode as its Content-Encoding says (incorrect header check)",
    );
  });

  it("reads broken charsets and malformed HTML without failing", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": home("/latin1", "/liar", "/garbage", "/deep"),
      "/latin1": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            Buffer.from(
              '<meta charset="iso-8859-1"><title>Caf\xe9</title><p>Un caf\xe9 tr\xe8s bon, avec beaucoup de mots.</p>',
              "latin1",
            ),
          ),
      "/liar": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html; charset=klingon-9" })
          .end("<title>Liar</title><p>The charset label is made up, the text is plain.</p>"),
      "/garbage": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256))),
      "/deep": htmlRoute(
        `<title>Deep</title>${"<div>".repeat(100_000)}<p>Deep text at the bottom of many divs.</p>`,
      ),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.outcome).toBe("completed");
    expect(report.pages.fetched).toBe(5);
  });

  it("indexes no part of a page, nor a file its server calls HTML", async () => {
    const part = pageHtml("Part", []).slice(0, 120);
    const s = await site({
      ...pagesSite(0),
      "/": home("/part", "/manual.html", "/whole"),
      // A partial answer to a request that asked for no range.
      "/part": (_req, res) =>
        res
          .writeHead(206, { "content-type": "text/html", "content-range": "bytes 0-119/3120" })
          .end(part),
      "/manual.html": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end("\n%PDF-1.4\n1 0 obj << /Length 60 >> stream BT (The pump manual) Tj ET"),
      "/whole": htmlRoute(pageHtml("Whole", [])),
    });
    const report = await crawl(`${s.origin}/`);
    // A file that is not HTML is no page fetched (as one whose Content-Type says so).
    expect(report.pages).toEqual({ fetched: 3, indexed: 2 });
    expect(report.skipped["not-html"]).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/part`,
        status: 206,
        detail: expect.stringContaining("206 Partial Content"),
      }),
    ]);
  });

  it("is not trapped by endless generated links", async () => {
    const s = await site(
      { ...pagesSite(0), "/": home("/n/1") },
      {
        fallback: (req, res) => {
          const n = Number((req.url ?? "").split("/").pop());
          res
            .writeHead(200, { "content-type": "text/html" })
            .end(pageHtml(`Page ${n}`, [`/n/${n + 1}`, `/n/${n + 1}?x=${"y".repeat(5000)}`]));
        },
      },
    );
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 6 } });
    expect(report.pages.fetched).toBe(6);
    expect(report.problems.map((p) => p.kind)).toContain("page-limit");
    expect(s.log.every((r) => r.path.length < 2100)).toBe(true);
  });

  it("is not trapped by chains of redirects, each to a new URL", async () => {
    const s = await site(
      { ...pagesSite(0), "/": home("/r1/0", "/r2/0", "/r3/0", "/r4/0", "/r5/0") },
      {
        fallback: (req, res) => {
          const [, chain, n] = (req.url ?? "").split("/");
          res.writeHead(302, { location: `/${chain}/${Number(n) + 1}` }).end();
        },
      },
    );
    const report = await crawl(`${s.origin}/`, {
      settings: { maxPages: 2, gate: { minDelayMs: 20 } },
    });
    expect(report.outcome).toBe("completed");
    expect(report.requests).toBeLessThanOrEqual(3 * 2 + 20);
    expect(s.log.length).toBe(report.requests);
    const limit = report.problems.find((p) => p.kind === "page-limit");
    expect(limit?.detail).toContain("redirects and failed requests count too");
  });

  it("follows at most 10 redirects in a row from a link, and says where it stopped", async () => {
    const s = await site(
      {
        ...pagesSite(0),
        "/": home("/hop/0", "/fine"),
        "/fine": htmlRoute(pageHtml("Fine", [])),
        "/sitemap.xml": (_req, res) => res.writeHead(404).end(),
      },
      {
        fallback: (req, res) => {
          const n = Number((req.url ?? "").split("/").pop());
          res.writeHead(301, { location: `/hop/${n + 1}` }).end();
        },
      },
    );
    const report = await crawl(`${s.origin}/`, { settings: { gate: { minDelayMs: 20 } } });
    expect(report.outcome).toBe("completed");
    expect(report.pages.indexed).toBe(2);
    const hops = paths(s.log).filter((p) => p.startsWith("/hop/"));
    expect(hops).toEqual(Array.from({ length: 11 }, (_, n) => `/hop/${n}`));
    const stopped = report.problems.find((p) => p.url === `${s.origin}/hop/10`);
    expect(stopped).toMatchObject({ kind: "http-error", status: 301 });
    expect(stopped?.detail).toContain(`${s.origin}/hop/11 after 10 redirects in a row`);
  });

  it("says so when a page links to more URLs than it reads of one page", async () => {
    const links = Array.from({ length: 10_050 }, (_, i) => `/files/${i}.pdf`);
    const s = await site({ ...pagesSite(0), "/": home(...links) });
    const report = await crawl(`${s.origin}/`, {
      settings: { maxPages: 1_000, gate: { minDelayMs: 20 } },
    });
    expect(report.outcome).toBe("completed");
    expect(report.skipped["not-html"]).toBe(10_000);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "page-limit",
        detail: `${s.origin}/ links to more than 10000 URLs, and HootyBot reads the first 10000 links of a page: pages linked only after those were not read`,
      }),
    ]);
  });

  it("records no more URLs than its limit from pages that each link to hundreds of new ones", async () => {
    const wide = (n: number) =>
      pageHtml(
        `Page ${n}`,
        Array.from({ length: 300 }, (_, k) => `/w/${n * 1000 + k}`),
      );
    const s = await site(
      { ...pagesSite(0), "/": htmlRoute(wide(0)) },
      {
        fallback: (req, res) => {
          const n = Number((req.url ?? "").split("/").pop());
          res.writeHead(200, { "content-type": "text/html" }).end(wide(n));
        },
      },
    );
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 4, maxUrls: 500 } });
    expect(report.pages.fetched).toBe(4);
    expect(report.skipped.limit).toBeLessThanOrEqual(500);
    expect(report.skipped.limit).toBeGreaterThan(400);
    const limit = report.problems.find((p) => p.kind === "page-limit");
    expect(limit?.detail).toContain("more links than the 500 URLs HootyBot records in one crawl");
  });
});
