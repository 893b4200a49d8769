/**
 * The store contract: one suite, every implementation. PostgreSQL joins the list when it exists.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { pageRecord } from "../../test/helpers/page-record.js";
import { openSqliteStore } from "./sqlite/store.js";
import type { ChunkInput, DraftPart, PageText, Store } from "./types.js";

/** A chunk whose terms are its words (the store does not analyse). */
const chunkOf = (text: string, section = 0): ChunkInput => {
  const words = text.toLowerCase().split(/\W+/).filter(Boolean);
  const terms = new Map<string, { term: string; tf: number }>();
  for (const term of words) {
    const known = terms.get(term);
    if (known) known.tf++;
    else terms.set(term, { term, tf: 1 });
  }
  return {
    section,
    anchor: `s${section}`,
    lang: "en",
    text,
    start: 0,
    end: text.length,
    hash: `h:${text}`,
    sentences: [[0, text.length]],
    terms: [...terms.values()],
    length: words.length,
  };
};

const pageText = (...texts: string[]): PageText => ({
  sections: texts.map((text, i) => ({
    headingPath: ["Guide", `Part ${i}`],
    anchor: `s${i}`,
    lang: "en",
    text,
  })),
  chunks: texts.map((text, i) => chunkOf(text, i)),
  boilerplate: { fingerprints: [1, 2, 3], mask: "0:x" },
  blocks: "{}",
});

const implementations: { name: string; open: () => Promise<Store> }[] = [
  { name: "sqlite", open: async () => openSqliteStore(join(tempDir(), "hooty.sqlite")) },
];

for (const { name, open } of implementations) {
  describe(`store contract: ${name}`, () => {
    const opened: Store[] = [];
    const fresh = async () => {
      const store = await open();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    describe("crawls", () => {
      it("keeps a running crawl for a resume, with its page limit changed when asked", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const crawl = await store.crawls.start(site.id, 20);
        expect(await store.crawls.unfinished(site.id)).toMatchObject({
          id: crawl.id,
          maxPages: 20,
        });
        await store.crawls.setMaxPages(crawl.id, 5);
        expect(await store.crawls.unfinished(site.id)).toMatchObject({ id: crawl.id, maxPages: 5 });
        await store.crawls.finish(crawl.id, "completed", {});
        expect(await store.crawls.unfinished(site.id)).toBeNull();
      });

      it("keeps the command a crawl was started by", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const first = await store.crawls.start(site.id, 20);
        expect(first.run).toBeNull();
        await store.crawls.finish(first.id, "completed", { site: "https://x.example" });
        const second = await store.crawls.start(site.id, 20, "run-2");
        expect(await store.crawls.unfinished(site.id)).toMatchObject({
          id: second.id,
          run: "run-2",
        });
        await store.crawls.finish(second.id, "stopped", { outcome: "stopped" });
        expect(await store.crawls.latest(site.id)).toMatchObject({
          id: second.id,
          state: "stopped",
          run: "run-2",
          report: { outcome: "stopped" },
        });
      });
    });

    describe("frontier", () => {
      it("keeps each URL once per crawl, hands out breadth first in discovery order", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const crawl = await store.crawls.start(site.id, 10);
        expect(
          await store.frontier.add(crawl.id, [
            { url: "https://x.example/deep", depth: 2 },
            { url: "https://x.example/a", depth: 1 },
            { url: "https://x.example/off", depth: 1, outcome: "off-site" },
          ]),
        ).toBe(3);
        expect(await store.frontier.add(crawl.id, [{ url: "https://x.example/a", depth: 0 }])).toBe(
          0,
        );
        await store.frontier.add(crawl.id, [{ url: "https://x.example/b", depth: 1 }]);
        expect(await store.frontier.next(crawl.id)).toEqual({
          url: "https://x.example/a",
          depth: 1,
        });
        // Not taken until settled: a crash during the visit finds it first again.
        expect(await store.frontier.next(crawl.id)).toEqual({
          url: "https://x.example/a",
          depth: 1,
        });
        await store.frontier.settle(crawl.id, "https://x.example/a", "indexed");
        expect((await store.frontier.next(crawl.id))?.url).toBe("https://x.example/b");
        expect(await store.frontier.outcomes(crawl.id)).toEqual({ indexed: 1, "off-site": 1 });
        expect(await store.frontier.settleQueued(crawl.id, "limit")).toBe(2);
        expect(await store.frontier.counts(crawl.id)).toEqual({ queued: 0, settled: 4 });
        expect(await store.frontier.next(crawl.id)).toBeNull();
      });

      it("adds at most `room` new URLs, leaving the rest unknown", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const crawl = await store.crawls.start(site.id, 10);
        const entry = (path: string) => ({ url: `https://x.example/${path}`, depth: 1 });
        expect(await store.frontier.add(crawl.id, [entry("a"), entry("b")], 5)).toBe(2);
        expect(
          await store.frontier.add(crawl.id, [entry("a"), entry("c"), entry("d"), entry("e")], 2),
        ).toBe(2);
        expect(await store.frontier.add(crawl.id, [entry("e")], 0)).toBe(0);
        expect(await store.frontier.counts(crawl.id)).toEqual({ queued: 4, settled: 0 });
        // Left out, so still new.
        expect(await store.frontier.add(crawl.id, [entry("e")])).toBe(1);
      });

      it("resumes what a dead crawl handed to the index: stored pages settled, the rest queued", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const crawl = await store.crawls.start(site.id, 10);
        const url = (path: string) => `https://x.example/${path}`;
        await store.frontier.add(
          crawl.id,
          ["a", "b", "c", "d"].map((path) => ({ url: url(path), depth: 1 })),
        );
        for (const path of ["a", "b", "c"])
          await store.frontier.settle(crawl.id, url(path), "indexing");
        // a: stored during this crawl; b: in the index from before it began; c: never stored.
        const during = new Date(Date.parse(crawl.startedAt) + 1_000).toISOString();
        await store.texts.replacePage(
          { ...pageRecord(site.id, url("a")), fetchedAt: during },
          pageText("alpha"),
        );
        await store.texts.replacePage(
          { ...pageRecord(site.id, url("b")), fetchedAt: "2020-01-01T00:00:00.000Z" },
          pageText("beta"),
        );
        expect(await store.frontier.resumeIndexing(crawl.id)).toEqual({ indexed: 1, queued: 2 });
        expect(await store.frontier.outcomes(crawl.id)).toEqual({ indexed: 1 });
        // Queued again in their old places, ahead of the entry never handed over.
        const order: string[] = [];
        for (let entry = await store.frontier.next(crawl.id); entry; ) {
          order.push(entry.url);
          await store.frontier.settle(crawl.id, entry.url, "indexed");
          entry = await store.frontier.next(crawl.id);
        }
        expect(order).toEqual([url("b"), url("c"), url("d")]);
      });

      it("queues again the pages a dead crawl read whose pages have left the index since", async () => {
        const store = await fresh();
        const site = await store.sites.ensure("https://x.example", "https://x.example/");
        const crawl = await store.crawls.start(site.id, 10);
        const url = (path: string) => `https://x.example/${path}`;
        await store.frontier.add(
          crawl.id,
          ["a", "b", "c", "d"].map((path) => ({ url: url(path), depth: 1 })),
        );
        await store.frontier.settle(crawl.id, url("a"), "indexed");
        await store.frontier.settle(crawl.id, url("b"), "unchanged");
        await store.frontier.settle(crawl.id, url("c"), "indexed");
        await store.frontier.settle(crawl.id, url("d"), "http-error");
        // c is still in the index; a and b were removed (a block lifted since).
        await store.texts.replacePage(pageRecord(site.id, url("c")), pageText("gamma"));
        expect(await store.frontier.resumeIndexing(crawl.id)).toEqual({ indexed: 0, queued: 2 });
        expect(await store.frontier.outcomes(crawl.id)).toEqual({ indexed: 1, "http-error": 1 });
        expect((await store.frontier.next(crawl.id))?.url).toBe(url("a"));
      });
    });

    describe("site gates", () => {
      it("persist pace and stops, and lease a site to one holder at a time", async () => {
        const store = await fresh();
        const origin = "https://x.example";
        expect((await store.gates.load(origin)).nextAt).toBe(0);
        const state = {
          nextAt: 1_000,
          retryUntil: 2_000,
          inFlightSince: null,
          stop: {
            kind: "rate-limited" as const,
            detail: "429",
            until: 3_000,
            url: "https://x.example/page",
            status: 429,
          },
          consecutiveFailures: 1,
          pauseMs: 3_000,
        };
        await store.gates.save(origin, state);
        expect(await store.gates.load(origin)).toEqual(state);
        expect(await store.gates.lease(origin, "a", 100, 0)).toBe(true);
        expect(await store.gates.lease(origin, "b", 100, 50)).toBe(false);
        expect(await store.gates.lease(origin, "a", 200, 50)).toBe(true);
        expect(await store.gates.leaseHolder(origin)).toEqual({ owner: "a", until: 200 });
        expect(await store.gates.lease(origin, "b", 400, 250)).toBe(true);
        expect(await store.gates.takeOver(origin, "a", "c", 500)).toBe(false);
        expect(await store.gates.takeOver(origin, "b", "c", 500)).toBe(true);
        await store.gates.release(origin, "c");
        expect(await store.gates.leaseHolder(origin)).toBeNull();
        expect((await store.gates.load(origin)).nextAt).toBe(1_000);
      });

      it("carry a request to read robots.txt again to the site's crawl", async () => {
        const store = await fresh();
        expect(await store.gates.robotsAsks(0)).toEqual(new Map());
        await store.gates.askRobots("https://x.example", 1_000);
        await store.gates.askRobots("https://y.example", 2_000);
        await store.gates.askRobots("https://x.example", 3_000);
        expect(await store.gates.robotsAsks(2_000)).toEqual(
          new Map([
            ["https://x.example", 3_000],
            ["https://y.example", 2_000],
          ]),
        );
        expect(await store.gates.robotsAsks(3_001)).toEqual(new Map());
        expect((await store.gates.load("https://y.example")).nextAt).toBe(0);
      });
    });

    describe("block list", () => {
      it("covers the domain and its subdomains, not look-alikes", async () => {
        const store = await fresh();
        await store.blocks.add("example.org", "asked");
        expect((await store.blocks.covering("example.org"))?.domain).toBe("example.org");
        expect((await store.blocks.covering("docs.example.org"))?.reason).toBe("asked");
        expect(await store.blocks.covering("badexample.org")).toBeNull();
        expect(await store.blocks.covering("example.org.evil.net")).toBeNull();
      });

      it("is idempotent: blocking again keeps the first time and takes a new reason, if given", async () => {
        const store = await fresh();
        await store.blocks.add("example.org", "first");
        const [first] = await store.blocks.list();
        await store.blocks.add("example.org", "second");
        const all = await store.blocks.list();
        expect(all).toHaveLength(1);
        expect(all[0]).toEqual({
          domain: "example.org",
          reason: "second",
          blockedAt: first?.blockedAt,
        });
        // Blocked again without a reason: the one given before stays.
        await store.blocks.add("example.org", null);
        expect((await store.blocks.list())[0]?.reason).toBe("second");
      });

      it("removes the pages of a blocked domain and its subdomains at once", async () => {
        const store = await fresh();
        const page = (siteId: number, url: string) => ({
          ...pageRecord(siteId, url),
          title: null,
          lang: null,
        });
        const docs = await store.sites.ensure(
          "https://docs.example.org",
          "https://docs.example.org/",
        );
        const other = await store.sites.ensure("https://badexample.org", "https://badexample.org/");
        await store.pages.put(page(docs.id, "https://docs.example.org/a"));
        await store.pages.put(page(other.id, "https://badexample.org/a"));
        await store.blocks.add("example.org", null);
        expect(await store.pages.list(docs.id)).toEqual([]);
        expect(await store.pages.list(other.id)).toHaveLength(1);
      });

      it("lists by domain and removes", async () => {
        const store = await fresh();
        await store.blocks.add("b.example", null);
        await store.blocks.add("a.example", null);
        expect((await store.blocks.list()).map((b) => b.domain)).toEqual([
          "a.example",
          "b.example",
        ]);
        expect(await store.blocks.remove("a.example")).toBe(true);
        expect(await store.blocks.remove("a.example")).toBe(false);
        expect((await store.blocks.list()).map((b) => b.domain)).toEqual(["b.example"]);
      });
    });

    describe("text index", () => {
      const setUp = async () => {
        const store = await fresh();
        const site = await store.sites.ensure(
          "https://docs.example.org",
          "https://docs.example.org/",
        );
        const url = (path: string) => `https://docs.example.org${path}`;
        return { store, site, url };
      };
      const docCount = async (store: Store, siteId: number, term: string) =>
        (await store.texts.postings(siteId, [term]))[0]?.df ?? 0;

      it("writes a page with its sections, chunks and postings, and replaces it whole", async () => {
        const { store, site, url } = await setUp();
        await store.texts.replacePage(
          pageRecord(site.id, url("/a")),
          pageText("install the package first", "then configure the server"),
        );
        expect((await store.pages.get(site.id, url("/a")))?.title).toBe(
          "Title of https://docs.example.org/a",
        );
        expect((await store.texts.sections(site.id, url("/a"))).map((s) => s.text)).toEqual([
          "install the package first",
          "then configure the server",
        ]);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 2, totalLength: 8, pages: 1 });
        const [install] = await store.texts.postings(site.id, ["install"]);
        expect(install?.df).toBe(1);
        const [chunk] = await store.texts.chunks(install?.chunkIds ?? []);
        expect(chunk?.text).toBe("install the package first");
        expect(chunk?.places).toEqual([
          {
            url: url("/a"),
            title: "Title of https://docs.example.org/a",
            section: 0,
            headingPath: ["Guide", "Part 0"],
            anchor: "s0",
            start: 0,
            end: 25,
          },
        ]);

        await store.texts.replacePage(
          pageRecord(site.id, url("/a")),
          pageText("then configure the server", "restart the server"),
        );
        expect(await store.texts.postings(site.id, ["install"])).toEqual([]);
        expect(await docCount(store, site.id, "server")).toBe(2);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 2, totalLength: 7, pages: 1 });
        expect(new Map(await store.texts.vocabulary(site.id)).get("server")).toBe(2);
        expect(new Map(await store.texts.vocabulary(site.id)).has("install")).toBe(false);
      });

      it("stores identical content once, however many pages hold it", async () => {
        const { store, site, url } = await setUp();
        const shared = "the same notice on every page";
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText(shared, "alpha"));
        await store.texts.replacePage(pageRecord(site.id, url("/b")), pageText(shared, "beta"));
        expect((await store.texts.stats(site.id)).chunks).toBe(3);
        const [notice] = await store.texts.postings(site.id, ["notice"]);
        expect(notice?.df).toBe(1);
        const [chunk] = await store.texts.chunks(notice?.chunkIds ?? []);
        expect(chunk?.places.map((p) => p.url)).toEqual([url("/a"), url("/b")]);
        await store.texts.removePage(site.id, url("/a"));
        expect(await docCount(store, site.id, "notice")).toBe(1);
        await store.texts.removePage(site.id, url("/b"));
        expect(await docCount(store, site.id, "notice")).toBe(0);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 0, totalLength: 0, pages: 0 });
      });

      it("pages written at the same time are each committed whole, shared content once", async () => {
        const { store, site, url } = await setUp();
        const shared = "the same notice on every page";
        const paths = Array.from({ length: 12 }, (_, i) => `/p${i}`);
        const written = await Promise.all(
          paths.map((path) =>
            store.texts.replacePage(
              pageRecord(site.id, url(path)),
              pageText(shared, `words of ${path}`),
            ),
          ),
        );
        expect(written).toEqual(paths.map(() => true));
        expect((await store.pages.list(site.id)).map((p) => p.url).sort()).toEqual(
          paths.map(url).sort(),
        );
        expect((await store.texts.stats(site.id)).pages).toBe(12);
        expect(await docCount(store, site.id, "notice")).toBe(1);
      });

      it("removing a page by any path removes its sections, chunks and postings", async () => {
        const { store, site, url } = await setUp();
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("alpha words"));
        await store.texts.replacePage(pageRecord(site.id, url("/b")), pageText("beta words"));
        expect(await store.pages.remove(site.id, url("/a"))).toBe(true);
        expect(await store.texts.sections(site.id, url("/a"))).toEqual([]);
        expect(await docCount(store, site.id, "alpha")).toBe(0);
        expect(await docCount(store, site.id, "words")).toBe(1);
        expect(await store.texts.removePage(site.id, url("/a"))).toBe(false);

        await store.blocks.add("example.org", "asked");
        expect(await store.pages.list(site.id)).toEqual([]);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 0, totalLength: 0, pages: 0 });
        expect(await store.texts.vocabulary(site.id)).toEqual([]);
        expect(await store.texts.boilerplate(site.id)).toEqual(new Map());
      });

      it("keeps each page's boilerplate record and blocks", async () => {
        const { store, site, url } = await setUp();
        const text = { ...pageText("alpha"), blocks: '{"blocks":[]}' };
        await store.texts.replacePage(pageRecord(site.id, url("/a")), text);
        expect(await store.texts.boilerplate(site.id)).toEqual(
          new Map([[url("/a"), { fingerprints: [1, 2, 3], mask: "0:x" }]]),
        );
        expect(await store.texts.blocks(site.id, url("/a"))).toBe('{"blocks":[]}');
        expect(await store.texts.blocks(site.id, url("/nope"))).toBeNull();
      });

      it("keeps what each page's links say about other pages, and lets it go with the page", async () => {
        const { store, site, url } = await setUp();
        const linking = (targets: [string, string][]) => ({
          ...pageText("linking page"),
          anchors: targets.map(([target, text]) => ({ target: url(target), text })),
        });
        await store.texts.replacePage(
          pageRecord(site.id, url("/index")),
          linking([
            ["/a", "password file"],
            ["/b", "backups"],
          ]),
        );
        await store.texts.replacePage(
          pageRecord(site.id, url("/other")),
          linking([["/a", "password file"]]),
        );
        const read = () => store.texts.anchors(site.id, [url("/a"), url("/b"), url("/c")]);
        expect(await read()).toEqual(
          new Map([
            [url("/a"), ["password file"]],
            [url("/b"), ["backups"]],
          ]),
        );
        // Written again, the page's links replace its old ones; re-indexed without them, they stay.
        await store.texts.replacePage(pageRecord(site.id, url("/index")), linking([["/c", "tls"]]));
        await store.texts.updateText(site.id, url("/other"), pageText("linking page, again"));
        expect(await read()).toEqual(
          new Map([
            [url("/a"), ["password file"]],
            [url("/c"), ["tls"]],
          ]),
        );
        await store.texts.removePage(site.id, url("/other"));
        expect(await read()).toEqual(new Map([[url("/c"), ["tls"]]]));
      });

      it("reads each page's lead: the start of its first section", async () => {
        const { store, site, url } = await setUp();
        const long = `TRUNCATE empties a table. ${"More words follow here. ".repeat(40)}`;
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText(long, "Second"));
        await store.texts.replacePage(pageRecord(site.id, url("/b")), pageText("Short lead"));
        const leads = await store.texts.leads(site.id, [url("/a"), url("/b"), url("/none")]);
        expect([...leads.keys()]).toEqual([url("/a"), url("/b")]);
        expect(leads.get(url("/b"))).toBe("Short lead");
        const lead = leads.get(url("/a")) ?? "";
        expect(lead.length).toBeGreaterThanOrEqual(400);
        expect(long.startsWith(lead)).toBe(true);
        await store.texts.removePage(site.id, url("/a"));
        expect(await store.texts.leads(site.id, [url("/a")])).toEqual(new Map());
      });

      it("records the analysis version a site is indexed under, none until told", async () => {
        const { store, site } = await setUp();
        expect(await store.texts.analysisVersion(site.id)).toBeNull();
        await store.texts.setAnalysisVersion(site.id, 2);
        expect(await store.texts.analysisVersion(site.id)).toBe(2);
      });

      it("lists each section's own heading with its first passage, and forgets a page gone", async () => {
        const { store, site, url } = await setUp();
        const text = pageText("install the package first", "then configure the server");
        // Two passages in the second section: its first one is listed.
        text.chunks.push({ ...chunkOf("and restart it", 1), start: 26, end: 40 });
        await store.texts.replacePage(pageRecord(site.id, url("/a")), text);
        const headings = await store.texts.headings(site.id);
        const [first, second] = await Promise.all(
          ["install", "configure"].map(async (t) => {
            const [postings] = await store.texts.postings(site.id, [t]);
            return postings?.chunkIds[0];
          }),
        );
        expect(headings.sort((a, b) => a.heading.localeCompare(b.heading))).toEqual([
          { url: url("/a"), heading: "Part 0", chunkId: first },
          { url: url("/a"), heading: "Part 1", chunkId: second },
        ]);
        await store.texts.removePage(site.id, url("/a"));
        expect(await store.texts.headings(site.id)).toEqual([]);
      });

      it("answers document frequencies and the forward index", async () => {
        const { store, site, url } = await setUp();
        await store.texts.replacePage(
          pageRecord(site.id, url("/a")),
          pageText("red red blue", "blue green"),
        );
        expect(await store.texts.documentFrequencies(site.id, ["blue", "red", "nowhere"])).toEqual(
          new Map([
            ["blue", 2],
            ["red", 1],
            ["nowhere", 0],
          ]),
        );
        const [red] = await store.texts.postings(site.id, ["red"]);
        expect(red?.tf).toEqual([2]);
        const all = await store.texts.chunkTerms(site.id);
        expect(all.map((c) => [c.length, c.terms.map((t) => `${t.term}:${t.tf}`).sort()])).toEqual([
          [3, ["blue:1", "red:2"]],
          [2, ["blue:1", "green:1"]],
        ]);
        expect(await store.texts.chunkTerms(site.id, [red?.chunkIds[0] ?? 0])).toEqual([all[0]]);
      });

      it("keeps terms exactly as analysed, whatever their characters", async () => {
        const { store, site, url } = await setUp();
        const odd = ["Zeta", "pg_dump", "pg", "a.b-c", "z", "zt", "xzt1", "straße", "日本", "c++"];
        const text = pageText("odd terms");
        text.chunks = [
          { ...chunkOf("odd terms"), terms: odd.map((term, i) => ({ term, tf: i + 1 })) },
        ];
        await store.texts.replacePage(pageRecord(site.id, url("/a")), text);
        const postings = await store.texts.postings(site.id, [...odd, "zeta", "pg_"]);
        expect(postings.map((p) => [p.term, p.tf])).toEqual(odd.map((term, i) => [term, [i + 1]]));
        expect(new Map(await store.texts.vocabulary(site.id))).toEqual(
          new Map(odd.map((term) => [term, 1])),
        );
        expect((await store.texts.chunkTerms(site.id))[0]?.terms).toEqual(
          odd.map((term, i) => ({ term, tf: i + 1 })),
        );
        const df = await store.texts.documentFrequencies(site.id, ["pg", "zeta", "c++"]);
        expect([...df.values()]).toEqual([1, 0, 1]);
      });

      it("updates the text of a page still indexed, never of one gone", async () => {
        const { store, site, url } = await setUp();
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("old words"));
        expect(await store.texts.updateText(site.id, url("/a"), pageText("new words"))).toBe(true);
        expect((await store.texts.sections(site.id, url("/a")))[0]?.text).toBe("new words");
        await store.texts.removePage(site.id, url("/a"));
        expect(await store.texts.updateText(site.id, url("/a"), pageText("back again"))).toBe(
          false,
        );
        expect(await store.pages.get(site.id, url("/a"))).toBeNull();
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 0, totalLength: 0, pages: 0 });
      });

      it("never writes a page of a blocked domain (a crawl in flight when the block came)", async () => {
        const { store, site, url } = await setUp();
        await store.blocks.add("docs.example.org", null);
        expect(
          await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("late")),
        ).toBe(false);
        expect(await store.pages.list(site.id)).toEqual([]);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 0, totalLength: 0, pages: 0 });
        await store.blocks.remove("docs.example.org");
        expect(await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("now"))).toBe(
          true,
        );
      });

      /** Everything a reader can learn of the site's index, and of the page at `url`. */
      const view = async (store: Store, siteId: number, url: string) => {
        const vocabulary = await store.texts.vocabulary(siteId);
        const postings = await store.texts.postings(
          siteId,
          vocabulary.map(([term]) => term),
        );
        const ids = [...new Set(postings.flatMap((p) => p.chunkIds))];
        return {
          pages: await store.pages.list(siteId),
          stats: await store.texts.stats(siteId),
          vocabulary,
          postings,
          chunkTerms: await store.texts.chunkTerms(siteId),
          chunks: await store.texts.chunks(ids),
          sections: await store.texts.sections(siteId, url),
          blocks: await store.texts.blocks(siteId, url),
          boilerplate: await store.texts.boilerplate(siteId),
          leads: await store.texts.leads(siteId, [url]),
          headings: await store.texts.headings(siteId),
          anchors: await store.texts.anchors(siteId, [url]),
        };
      };
      /** A's text in parts: blocks in two, sections, then its chunks one by one. */
      const parts = (text: PageText): DraftPart[] => [
        { blocks: text.blocks.slice(0, 3), part: 0 },
        { sections: text.sections, from: 0 },
        ...text.chunks.map((chunk, i) => ({ chunks: [chunk], from: i })),
        { blocks: text.blocks.slice(3), part: 1 },
      ];

      it("shows a page written in parts (a draft) only once committed, and then whole", async () => {
        const { store, site, url } = await setUp();
        const old = pageText("install the package first", "then configure the server");
        await store.texts.replacePage(pageRecord(site.id, url("/a")), old);
        const next = {
          ...pageText("then configure the server", "restart the server", "check the logs"),
          blocks: '{"blocks":["next"]}',
          anchors: [{ target: url("/b"), text: "logs" }],
        };
        const before = await view(store, site.id, url("/a"));
        const draft = await store.texts.startDraft(site.id, url("/a"));
        for (const part of parts(next)) {
          await store.texts.writeDraft(draft, part);
          expect(await view(store, site.id, url("/a"))).toEqual(before);
        }
        const { anchors, boilerplate } = next;
        const page = pageRecord(site.id, url("/a"));
        expect(await store.texts.commitDraft(draft, { page, boilerplate, anchors })).toBe(true);
        await expect(store.texts.writeDraft(draft, { chunks: [], from: 9 })).rejects.toThrow();

        // As if written in one go.
        const whole = await setUp();
        await whole.store.texts.replacePage(pageRecord(whole.site.id, url("/a")), old);
        await whole.store.texts.replacePage(pageRecord(whole.site.id, url("/a")), next);
        const written = await view(whole.store, whole.site.id, url("/a"));
        const shown = await view(store, site.id, url("/a"));
        expect({ ...shown, chunks: shown.chunks.map(({ id, ...c }) => c) }).toEqual({
          ...written,
          postings: shown.postings,
          chunkTerms: shown.chunkTerms,
          chunks: written.chunks.map(({ id, ...c }) => c),
          headings: shown.headings,
        });
        expect(shown.postings.map((p) => [p.term, p.df])).toEqual(
          written.postings.map((p) => [p.term, p.df]),
        );
        expect(await store.texts.anchors(site.id, [url("/b")])).toEqual(
          new Map([[url("/b"), ["logs"]]]),
        );
        expect(await docCount(store, site.id, "install")).toBe(0);
      });

      it("shows nothing of a new page written in parts until committed; a dropped draft leaves nothing", async () => {
        const { store, site, url } = await setUp();
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("shared notice"));
        const before = await view(store, site.id, url("/b"));
        const text = pageText("shared notice", "words of b");
        const draft = await store.texts.startDraft(site.id, url("/b"));
        for (const part of parts(text)) await store.texts.writeDraft(draft, part);
        expect(await view(store, site.id, url("/b"))).toEqual(before);
        expect(await store.pages.get(site.id, url("/b"))).toBeNull();
        await store.texts.dropDraft(draft);
        expect(await view(store, site.id, url("/b"))).toEqual(before);
        await expect(store.texts.commitDraft(draft, { page: null, ...text })).rejects.toThrow();

        // A page written meanwhile with a passage the draft brought shows it, counted once.
        const again = await store.texts.startDraft(site.id, url("/b"));
        for (const part of parts(text)) await store.texts.writeDraft(again, part);
        await store.texts.replacePage(pageRecord(site.id, url("/c")), pageText("words of b"));
        expect(await docCount(store, site.id, "b")).toBe(1);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 2, totalLength: 5, pages: 2 });
        const { boilerplate } = text;
        const page = pageRecord(site.id, url("/b"));
        expect(await store.texts.commitDraft(again, { page, boilerplate })).toBe(true);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 2, totalLength: 5, pages: 3 });
        const [b] = await store.texts.postings(site.id, ["b"]);
        const [chunk] = await store.texts.chunks(b?.chunkIds ?? []);
        expect(chunk?.places.map((p) => p.url)).toEqual([url("/b"), url("/c")]);
      });

      it("commits a draft of a page removed and written again meanwhile as the page's text, never as an update", async () => {
        const { store, site, url } = await setUp();
        const page = pageRecord(site.id, url("/a"));
        await store.texts.replacePage(page, pageText("first words"));
        const text = pageText("drafted words");
        const { boilerplate } = text;
        const drafts = [0, 1].map(() => store.texts.startDraft(site.id, url("/a")));
        const [update, replace] = await Promise.all(drafts);
        for (const draft of [update, replace]) {
          for (const part of parts(text)) await store.texts.writeDraft(draft ?? 0, part);
        }
        await store.texts.removePage(site.id, url("/a"));
        await store.texts.replacePage(page, pageText("second words"));
        expect(await store.texts.commitDraft(update ?? 0, { page: null, boilerplate })).toBe(false);
        expect(await docCount(store, site.id, "second")).toBe(1);
        expect(await store.texts.commitDraft(replace ?? 0, { page, boilerplate })).toBe(true);
        expect((await store.texts.sections(site.id, url("/a")))[0]?.text).toBe("drafted words");
        expect(await docCount(store, site.id, "second")).toBe(0);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 1, totalLength: 2, pages: 1 });
      });

      it("commits a draft as replacePage and updateText would: never for a blocked domain or a page gone", async () => {
        const { store, site, url } = await setUp();
        const text = pageText("late words");
        const { boilerplate } = text;
        const gone = await store.texts.startDraft(site.id, url("/a"));
        for (const part of parts(text)) await store.texts.writeDraft(gone, part);
        expect(await store.texts.commitDraft(gone, { page: null, boilerplate })).toBe(false);
        await store.blocks.add("docs.example.org", null);
        const blocked = await store.texts.startDraft(site.id, url("/a"));
        for (const part of parts(text)) await store.texts.writeDraft(blocked, part);
        const page = pageRecord(site.id, url("/a"));
        expect(await store.texts.commitDraft(blocked, { page, boilerplate })).toBe(false);
        expect(await store.pages.list(site.id)).toEqual([]);
        expect(await store.texts.stats(site.id)).toEqual({ chunks: 0, totalLength: 0, pages: 0 });
        expect(await store.texts.chunkTerms(site.id)).toEqual([]);
      });

      it("keeps sites apart", async () => {
        const { store, site, url } = await setUp();
        const other = await store.sites.ensure("https://other.example", "https://other.example/");
        await store.texts.replacePage(pageRecord(site.id, url("/a")), pageText("shared words"));
        await store.texts.replacePage(
          pageRecord(other.id, "https://other.example/a"),
          pageText("shared words"),
        );
        expect(await docCount(store, site.id, "shared")).toBe(1);
        expect(await docCount(store, other.id, "shared")).toBe(1);
        await store.texts.removePage(other.id, "https://other.example/a");
        expect(await docCount(store, site.id, "shared")).toBe(1);
      });
    });
  });
}
