/**
 * The honest index (issue 6): what enters it and what leaves it, proven through real crawls of
 * real loopback servers into a real SQLite file, read back as the answer phase reads it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/cli.js";
import { crawl, htmlRoute, paths, site, store } from "../helpers/crawl.js";
import { makeIndexOlder, passageHashes } from "../helpers/older-index.js";
import { type Handler, html, silent, text } from "../servers/site.js";
import { indexedText, inVocabulary, markedPage, recorded, refresh } from "./index-helpers.js";

const FAST = { gate: { minDelayMs: 10 } };
const ALLOW_ALL = "User-agent: *\nAllow: /\n";

describe("what enters the index", () => {
  it("only pages allowed, read whole, HTML, content and not noindex; nothing off-site", async () => {
    const other = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/offsite": html(markedPage("zanzibarish")),
    });
    const s = await site({
      "/robots.txt": text("User-agent: *\nDisallow: /private\n"),
      "/": html(
        markedPage("welcomeword", [
          "/kept",
          "/private",
          "/meta-noindex",
          "/header-noindex",
          "/slow",
          "/huge",
          "/broken",
          "/forbidden",
          "/challenge",
          "/shell",
          "/plain",
          "/image",
          `${other.origin}/offsite`,
        ]),
      ),
      "/kept": html(markedPage("keptword")),
      "/private": html(markedPage("privateword")),
      "/meta-noindex": html(
        markedPage("metanoindexword", [], '<meta name="robots" content="noindex">'),
      ),
      "/header-noindex": htmlRoute(markedPage("headernoindexword"), 200, {
        "x-robots-tag": "noindex",
      }),
      "/slow": silent,
      "/huge": html(
        markedPage("hugeword").replace("</main>", `<p>${"padding ".repeat(40_000)}</p></main>`),
      ),
      "/broken": htmlRoute(markedPage("brokenword"), 500),
      "/forbidden": htmlRoute(markedPage("forbiddenword"), 403),
      "/challenge": recorded("protection/cloudflare-challenge-200.http"),
      "/shell": recorded("shells/react-cra.http"),
      "/plain": text(`plainword ${"is plain text. ".repeat(20)}`),
      "/image": (_req, res) =>
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(100)),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, {
      store: shared,
      settings: { ...FAST, timeoutMs: 1_000, maxBytes: 200_000 },
    });
    expect(report.skipped).toMatchObject({ robots: 1, noindex: 2, "off-site": 1 });
    const indexed = await indexedText(shared, s.origin);
    expect([...indexed.keys()].sort()).toEqual(["/", "/kept"]);
    expect(indexed.get("/kept")).toContain("The word keptword appears on this page only");
    const all = [...indexed.values()].join("\n");
    for (const word of [
      "privateword",
      "metanoindexword",
      "headernoindexword",
      "hugeword",
      "brokenword",
      "forbiddenword",
      "plainword",
      "zanzibarish",
      "Just a moment",
    ]) {
      expect(all, word).not.toContain(word);
      expect(await inVocabulary(shared, s.origin, word), word).toBe(false);
    }
    expect(await inVocabulary(shared, s.origin, "keptword")).toBe(true);
    expect(await shared.sites.byOrigin(other.origin)).toBeNull();
  }, 20_000);
});

describe("an index written by an older Hooty", () => {
  it("is analysed again on the site's next crawl, even if every page answers 304", async () => {
    const unchanged =
      (body: string, etag: string) =>
      (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
        if (req.headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
        res.writeHead(200, { "content-type": "text/html", etag }).end(body);
      };
    // The start page is asked for unconditionally: noindex, it never reaches the index.
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("welcomeword", ["/a"], '<meta name="robots" content="noindex">')),
      "/a": unchanged(markedPage("alphaword"), '"a"'),
    });
    const file = join(tempDir(), "hooty.sqlite");
    const shared = store(file);
    expect((await crawl(`${s.origin}/`, { store: shared, settings: FAST })).pages.indexed).toBe(1);
    makeIndexOlder(file);

    const before = s.log.length;
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect(s.log.slice(before).find((r) => r.path === "/a")?.headers["if-none-match"]).toBe('"a"');
    const hashes = passageHashes(file);
    expect(hashes.all).toBeGreaterThan(0);
    expect(hashes.older).toBe(0);
    expect(await inVocabulary(shared, s.origin, "alphaword")).toBe(true);
  });

  it("is analysed again by `hooty refresh`, with no page fetched", async () => {
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("welcomeword", ["/a"])),
      "/a": html(markedPage("alphaword")),
    });
    const file = join(tempDir(), "hooty.sqlite");
    const shared = store(file);
    expect((await crawl(`${s.origin}/`, { store: shared, settings: FAST })).pages.indexed).toBe(2);
    makeIndexOlder(file);

    const before = s.log.length;
    expect(await refresh(shared, s.origin)).toMatchObject({
      robots: "rules",
      pages: { removed: 0 },
    });
    expect(s.log.slice(before).map((r) => r.path)).toEqual(["/robots.txt"]);
    expect(passageHashes(file).older).toBe(0);
    expect(await inVocabulary(shared, s.origin, "alphaword")).toBe(true);
  });
});

/** A site of three pages crawled and indexed, whose robots.txt `closeRobots` turns against /closed. */
async function openAndClosedIndexed() {
  let robots = ALLOW_ALL;
  const s = await site({
    "/robots.txt": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end(robots),
    "/": html(markedPage("homeword", ["/open", "/closed"])),
    "/open": html(markedPage("openword")),
    "/closed": html(markedPage("closedword")),
  });
  const shared = store();
  await crawl(`${s.origin}/`, { store: shared, settings: FAST });
  const closeRobots = () => {
    robots = "User-agent: *\nDisallow: /closed\n";
  };
  return { s, shared, closeRobots };
}

/**
 * A page that asks to leave the index at `at` (`unavailable_after`) and, unchanged, answers 304 to
 * the ETag it gave: a 304 does not repeat the date.
 */
function expiringPage(at: string): Handler {
  const page = markedPage(
    "expiringword",
    [],
    `<meta name="hootybot" content="unavailable_after: ${at}">`,
  );
  return (req, res) => {
    if (req.headers["if-none-match"] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
    else res.writeHead(200, { "content-type": "text/html", etag: '"v1"' }).end(page);
  };
}

describe("what leaves the index", () => {
  it("robots.txt changed between crawls: refresh removes, the next crawl does not add back", async () => {
    const { s, shared, closeRobots } = await openAndClosedIndexed();
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual([
      "/",
      "/closed",
      "/open",
    ]);

    closeRobots();
    const report = await refresh(shared, s.origin);
    expect(report).toMatchObject({
      robots: "rules",
      status: 200,
      pages: { checked: 3, removed: 1 },
    });
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/", "/open"]);
    expect(await inVocabulary(shared, s.origin, "closedword")).toBe(false);

    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/", "/open"]);
    expect(s.log.filter((r) => r.path === "/closed")).toHaveLength(1);
  }, 20_000);

  it("robots.txt changed between crawls: a recrawl that stops early still takes out what it now disallows", async () => {
    const { s, shared, closeRobots } = await openAndClosedIndexed();
    expect((await indexedText(shared, s.origin)).size).toBe(3);

    closeRobots();
    const report = await crawl(`${s.origin}/`, {
      store: shared,
      settings: { ...FAST, maxPages: 1 },
    });
    expect(report.problems.map((p) => p.kind)).toContain("page-limit");
    expect(report.problems).toContainEqual(
      expect.objectContaining({ kind: "robots-disallowed", url: `${s.origin}/closed` }),
    );
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/", "/open"]);
    expect(await inVocabulary(shared, s.origin, "closedword")).toBe(false);
    expect(s.log.filter((r) => r.path === "/closed")).toHaveLength(1);
  }, 20_000);

  it("a page's own unavailable_after date passed: refresh takes it out, no recrawl needed", async () => {
    const at = new Date(Date.now() + 1_500).toISOString();
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("homeword", ["/expiring", "/lasting"])),
      "/expiring": expiringPage(at),
      "/lasting": html(
        markedPage("lastingword", [], `<meta name="robots" content="unavailable_after: ${at}">`),
      ),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(3);
    await new Promise((done) => setTimeout(done, 1_600));

    // Without a recrawl, refresh takes out both pages whose date has passed.
    const refreshed = await refresh(shared, s.origin);
    expect(refreshed?.pages).toEqual({ checked: 3, removed: 2 });
    expect(refreshed?.detail).toMatch(/2 pages whose unavailable_after date had passed/);
    expect([...(await indexedText(shared, s.origin)).keys()]).toEqual(["/"]);
  }, 20_000);

  it("a page's own unavailable_after date passed: a recrawl answered 304 takes it out", async () => {
    const at = new Date(Date.now() + 1_500).toISOString();
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("homeword", ["/expiring"])),
      "/expiring": expiringPage(at),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(2);
    await new Promise((done) => setTimeout(done, 1_600));
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    // Asked for again with its ETag, so answered 304.
    expect(
      s.log.filter((r) => r.path === "/expiring").map((r) => r.headers["if-none-match"]),
    ).toEqual([undefined, '"v1"']);
    expect([...(await indexedText(shared, s.origin)).keys()]).toEqual(["/"]);
    expect(await inVocabulary(shared, s.origin, "expiringword")).toBe(false);
  }, 20_000);

  it("robots.txt unavailable: the site's pages leave the index until it is readable again", async () => {
    let robotsStatus = 200;
    const s = await site({
      "/robots.txt": (_req, res) =>
        res.writeHead(robotsStatus, { "content-type": "text/plain" }).end(ALLOW_ALL),
      "/": html(markedPage("homeword", ["/a"])),
      "/a": html(markedPage("alphaword")),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(2);

    robotsStatus = 503;
    const report = await refresh(shared, s.origin);
    expect(report).toMatchObject({
      robots: "unavailable",
      status: 503,
      pages: { checked: 2, removed: 2 },
    });
    expect(report?.detail).toMatch(/pages left the index; the first crawl once it is readable/);
    expect((await indexedText(shared, s.origin)).size).toBe(0);
    expect(await inVocabulary(shared, s.origin, "alphaword")).toBe(false);

    robotsStatus = 200;
    expect((await refresh(shared, s.origin))?.robots).toBe("rules");
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(2);

    // A crawl that finds robots.txt unreadable withholds the pages as refresh does.
    robotsStatus = 500;
    const stopped = await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect(stopped.problems).toEqual([
      expect.objectContaining({
        kind: "robots-unavailable",
        detail: expect.stringContaining("the 2 pages indexed before left the index"),
      }),
    ]);
    expect((await indexedText(shared, s.origin)).size).toBe(0);
  }, 20_000);

  it("a page waiting its turn when refresh asks for robots.txt again is asked for only if the new file allows it", async () => {
    let robots = "User-agent: *\nCrawl-delay: 1\n";
    const shared = store();
    const s = await site({
      "/robots.txt": (_req, res) =>
        res.writeHead(200, { "content-type": "text/plain" }).end(robots),
      "/": html(markedPage("homeword", ["/a", "/late1", "/late2"])),
      // While the crawl waits out the Crawl-delay after /a (its next page already chosen),
      // robots.txt changes and `hooty refresh` asks the running crawl to read it again.
      "/a": (_req, res) => {
        setTimeout(() => {
          robots = "User-agent: *\nCrawl-delay: 1\nDisallow: /late\n";
          void shared.gates.askRobots(s.origin, Date.now());
        }, 400);
        res.writeHead(200, { "content-type": "text/html" }).end(markedPage("alphaword"));
      },
      "/late1": html(markedPage("lateoneword")),
      "/late2": html(markedPage("latetwoword")),
    });
    const report = await crawl(`${s.origin}/`, {
      store: shared,
      settings: { blockCheckMs: 50 },
    });
    expect(paths(s.log)).not.toContain("/late1");
    expect(paths(s.log)).not.toContain("/late2");
    expect(s.log.filter((r) => r.path === "/robots.txt")).toHaveLength(2);
    expect(report.skipped.robots).toBe(2);
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/", "/a"]);
  }, 20_000);

  it("refresh leaves a site being crawled by another process alone, and says so", async () => {
    const s = await site({
      "/robots.txt": text("User-agent: *\nDisallow: /\n"),
      "/": html(markedPage("homeword")),
    });
    const shared = store();
    const record = await shared.sites.ensure(s.origin, `${s.origin}/`);
    await shared.texts.replacePage(
      {
        siteId: record.id,
        url: `${s.origin}/`,
        title: "Home",
        lang: "en",
        fetchedAt: new Date().toISOString(),
        status: 200,
        contentHash: "x",
        etag: null,
        lastModified: null,
        links: [],
      },
      { sections: [], chunks: [], boilerplate: { fingerprints: [], mask: "" }, blocks: "{}" },
    );
    await shared.gates.lease(s.origin, "elsewhere/1/crawl", Date.now() + 60_000, Date.now());
    expect(await refresh(shared, s.origin)).toMatchObject({
      robots: "not-checked",
      pages: { checked: 1, removed: 0 },
    });
    expect(s.log).toEqual([]);
    await shared.gates.release(s.origin, "elsewhere/1/crawl");
    expect(await refresh(shared, s.origin)).toMatchObject({
      robots: "rules",
      pages: { checked: 1, removed: 1 },
    });
  });

  it("a page turning 404, 410, noindex, refused, protected, moved or not HTML on a recrawl leaves the index", async () => {
    const pages = ["gone", "deleted", "hidden", "refused", "guarded", "moved", "file", "stays"];
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(
        markedPage(
          "homeword",
          pages.map((p) => `/${p}`),
        ),
      ),
      ...Object.fromEntries(pages.map((p) => [`/${p}`, html(markedPage(`${p}word`))])),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(9);

    s.routes.set("/gone", htmlRoute("<h1>Not found</h1>", 404));
    s.routes.set("/deleted", htmlRoute("<h1>Gone</h1>", 410));
    s.routes.set(
      "/hidden",
      html(markedPage("hiddenword", [], '<meta name="robots" content="noindex">')),
    );
    s.routes.set("/refused", (_req, res) => res.writeHead(403).end());
    s.routes.set("/guarded", recorded("protection/cloudflare-challenge-200.http"));
    s.routes.set("/moved", (_req, res) => res.writeHead(301, { location: "/stays" }).end());
    s.routes.set("/file", (_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7"),
    );
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/", "/stays"]);
    for (const page of pages.filter((p) => p !== "stays")) {
      expect(await inVocabulary(shared, s.origin, `${page}word`), page).toBe(false);
    }
  }, 20_000);

  it("a recrawl asks for indexed pages no link leads to any more: deleted ones leave the index", async () => {
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("homeword", ["/deleted", "/unlinked", "/kept"])),
      "/deleted": html(markedPage("deletedword")),
      "/unlinked": html(markedPage("unlinkedword")),
      "/kept": html(markedPage("keptword")),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect((await indexedText(shared, s.origin)).size).toBe(4);
    // The home page no longer links to two pages: one is deleted, the other still there.
    s.routes.set("/", html(markedPage("homeword", ["/kept"])));
    s.routes.set("/deleted", htmlRoute("<h1>Not found</h1>", 404));
    s.log.length = 0;
    const report = await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect(s.log.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/deleted", "/unlinked", "/kept"]),
    );
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual([
      "/",
      "/kept",
      "/unlinked",
    ]);
    expect(await inVocabulary(shared, s.origin, "deletedword")).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: "http-error", url: `${s.origin}/deleted`, status: 404 }),
    ]);
  }, 20_000);

  it("a start page that now redirects leaves the index, and its target is read", async () => {
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("startword", ["/other"])),
      "/other": html(markedPage("otherword")),
      "/home": html(markedPage("homeword")),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    s.routes.set("/", (_req, res) => res.writeHead(301, { location: "/home" }).end());
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    expect([...(await indexedText(shared, s.origin)).keys()].sort()).toEqual(["/home", "/other"]);
    expect(await inVocabulary(shared, s.origin, "startword")).toBe(false);
  }, 20_000);

  it("a blocked domain's pages, chunks and terms are removed at once", async () => {
    const s = await site({
      "/robots.txt": text(ALLOW_ALL),
      "/": html(markedPage("homeword", ["/a"])),
      "/a": html(markedPage("alphaword")),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    const record = await shared.sites.byOrigin(s.origin);
    expect((await shared.texts.stats(record?.id ?? 0)).chunks).toBeGreaterThan(0);
    await shared.blocks.add(s.host, "asked by mail");
    expect(await shared.texts.stats(record?.id ?? 0)).toEqual({
      chunks: 0,
      totalLength: 0,
      pages: 0,
    });
    expect(await shared.texts.vocabulary(record?.id ?? 0)).toEqual([]);
    expect(await refresh(shared, s.origin)).toMatchObject({
      robots: "blocked",
      pages: { removed: 0 },
    });
  }, 20_000);
});
