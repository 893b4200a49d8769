/**
 * The index and store threads as the crawl uses them (built code: the threads run dist's worker
 * files): pages are indexed in the index thread and written through the store thread's
 * connection, which answers the crawl's store calls too — without waiting behind a burst of pages
 * or a 5 MB one — and both end by themselves when closed.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type * as IndexThreadModule from "../src/app/index-thread.js";
import type { CrawlStore } from "../src/app/index-thread-protocol.js";
import type { FetchedPage } from "../src/core/page-sink.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { ANALYSIS_VERSION } from "../src/text/analysis-version.js";
import { bigPage } from "./helpers/big-page.js";
import { tempDir } from "./helpers/cli.js";
import { makeIndexOlder } from "./helpers/older-index.js";

const DIST = resolve(import.meta.dirname, "../dist/src/app");
const PAGE = readFileSync(
  resolve(import.meta.dirname, "fixtures/extract/pg/app-pgdump.html"),
  "utf8",
);
const ORIGIN = "http://127.0.0.1";

const startIndexThread = async (file: string, local?: CrawlStore) =>
  ((await import(join(DIST, "index-thread.js"))) as typeof IndexThreadModule).startIndexThread(
    file,
    local,
  );

const page = (siteId: number, path: string, html = PAGE): FetchedPage => ({
  siteId,
  url: `${ORIGIN}${path}`,
  status: 200,
  headers: { "content-type": "text/html" },
  html,
  contentHash: path,
  fetchedAt: "2026-01-01T00:00:00.000Z",
  links: [],
});

/** A new store whose site holds the pg_dump page, written by an index thread now closed. */
async function pgDumpWrittenByThread() {
  const file = join(tempDir(), "hooty.sqlite");
  const store = openSqliteStore(file);
  const site = await store.sites.ensure(ORIGIN, `${ORIGIN}/`);
  const thread = await startIndexThread(file);
  await thread.accept(page(site.id, "/app-pgdump.html"));
  await thread.close();
  return { file, store, site };
}

describe("index thread", () => {
  it("writes pages through its own connection and ends when closed", async () => {
    const { store, site } = await pgDumpWrittenByThread();
    const stored = await store.pages.get(site.id, `${ORIGIN}/app-pgdump.html`);
    expect(stored?.title).toMatch(/pg_dump/);
    expect((await store.texts.stats(site.id)).chunks).toBeGreaterThan(0);
    await store.close();
  });

  it("indexes a site written under an older analysis again when asked to prepare it", async () => {
    const { file, store, site } = await pgDumpWrittenByThread();
    // As an older analysis left it, with another version recorded than none.
    makeIndexOlder(file);
    await store.texts.setAnalysisVersion(site.id, 0);
    const before = (await store.texts.postings(site.id, ["pg_dump"]))[0]?.chunkIds;

    const later = await startIndexThread(file);
    await later.prepareSite?.(site.id);
    await later.close();
    expect(await store.texts.analysisVersion(site.id)).toBe(ANALYSIS_VERSION);
    // Indexed again: the same words, in passages written anew.
    const after = (await store.texts.postings(site.id, ["pg_dump"]))[0]?.chunkIds;
    expect(after?.length).toBe(before?.length);
    expect(after?.some((id) => before?.includes(id))).toBe(false);
    await store.close();
  });

  it("settles a page's frontier entry as indexed once the page is stored (acceptIndexed)", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const thread = await startIndexThread(file);
    try {
      const site = await thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`);
      const crawl = await thread.store.crawls.start(site.id, 10);
      const url = `${ORIGIN}/app-pgdump.html`;
      await thread.store.frontier.add(crawl.id, [{ url, depth: 0 }]);
      // Sent together, as the crawl sends them: the entry reads "indexing" first.
      const [, stored] = await Promise.all([
        thread.store.frontier.settle(crawl.id, url, "indexing"),
        thread.acceptIndexed?.(page(site.id, "/app-pgdump.html"), crawl.id),
      ]);
      expect(stored).toBeUndefined();
      expect(await thread.store.frontier.outcomes(crawl.id)).toEqual({ indexed: 1 });
      expect((await thread.store.pages.get(site.id, url))?.title).toMatch(/pg_dump/);
    } finally {
      await thread.close();
    }
  });

  it("fails a call whose arguments cannot reach the thread alone, not the calls sent with it", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const thread = await startIndexThread(file);
    try {
      const sites = thread.store.sites as unknown as Record<string, (...a: unknown[]) => unknown>;
      const [good, bad] = await Promise.allSettled([
        thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`),
        sites.ensure?.(ORIGIN, () => "a function does not clone"),
      ]);
      expect(good.status).toBe("fulfilled");
      expect(bad.status).toBe("rejected");
      expect((await thread.store.sites.byOrigin(ORIGIN))?.origin).toBe(ORIGIN);
    } finally {
      await thread.close();
    }
  });

  it("answers the crawl's store calls, before the pages queued ahead of them", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const thread = await startIndexThread(file);
    try {
      const site = await thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`);
      const crawl = await thread.store.crawls.start(site.id, 10);
      expect(await thread.store.frontier.add(crawl.id, [{ url: `${ORIGIN}/a`, depth: 1 }])).toBe(1);
      expect(await thread.store.frontier.next(crawl.id)).toEqual({ url: `${ORIGIN}/a`, depth: 1 });

      const order: string[] = [];
      const pages = Array.from({ length: 12 }, (_, i) =>
        thread.accept(page(site.id, `/p${i}.html`, PAGE.replace("pg_dump", `pg_dump ${i}`))),
      );
      pages.forEach((done, i) => void done.then(() => order.push(`page ${i}`)));
      await thread.store.frontier.settle(crawl.id, `${ORIGIN}/a`, "indexed");
      order.push("settled");
      await Promise.all(pages);
      expect(order.indexOf("settled")).toBeLessThan(order.indexOf("page 11"));
      expect(await thread.store.frontier.outcomes(crawl.id)).toEqual({ indexed: 1 });
      expect((await thread.store.pages.list(site.id)).length).toBe(12);

      const unknown = thread.store.pages as unknown as Record<string, () => Promise<unknown>>;
      await expect(unknown.dropEverything?.()).rejects.toThrow(
        "no store call pages.dropEverything",
      );
    } finally {
      await thread.close();
    }
  });

  it("answers the crawl's store calls at once while a 5 MB page is indexed, and stores it whole", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const thread = await startIndexThread(file);
    try {
      const site = await thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`);
      const crawl = await thread.store.crawls.start(site.id, 10);
      // The index thread started and ready for pages (its modules loaded).
      await thread.prepareSite?.(site.id);
      let indexed = false;
      const indexing = thread.accept(page(site.id, "/manual.html", bigPage(1)));
      void indexing.finally(() => {
        indexed = true;
      });
      // As a crawl asks, every few milliseconds: each call's wait is timed.
      const waits: number[] = [];
      while (!indexed) {
        const asked = performance.now();
        const url = `${ORIGIN}/q${waits.length}`;
        await thread.store.frontier.add(crawl.id, [{ url, depth: 1 }]);
        waits.push(performance.now() - asked);
        await new Promise((next) => setTimeout(next, 10));
      }
      await indexing;
      // Indexing it takes seconds; a call waits at most for one short write of it (some tens of
      // milliseconds; more when the machine is busy, with other tests too). The page held them
      // all for as long as it took (0.5 to 2.5 s) before it was written in parts by another thread.
      expect(waits.length).toBeGreaterThan(20);
      const sorted = [...waits].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(50);
      expect(sorted.at(-1)).toBeLessThan(300);
    } finally {
      await thread.close();
    }
    const store = openSqliteStore(file, { checkpointThread: false });
    const [site] = await store.sites.list();
    const sections = await store.texts.sections(site?.id ?? 0, `${ORIGIN}/manual.html`);
    expect(sections.length).toBeGreaterThan(1_000);
    const stats = await store.texts.stats(site?.id ?? 0);
    expect(stats.pages).toBe(1);
    expect((await store.texts.chunkTerms(site?.id ?? 0)).length).toBe(stats.chunks);
    expect((await store.texts.vocabulary(site?.id ?? 0)).length).toBeGreaterThan(1_000);
    await store.close();
  });

  it("indexes large pages sent as bytes with every character as written", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const thread = await startIndexThread(file);
    const words = "Größe, café, perché, ação, Ærø, 東京, 🦉";
    const large = (n: number) =>
      `<html lang="de"><title>Seite ${n}</title><main>${Array.from(
        { length: 400 },
        (_, i) =>
          `<h2>Teil ${n}.${i}</h2><p>${words} ${`Satz ${i} der Seite ${n}. `.repeat(40)}</p>`,
      ).join("")}</main></html>`;
    try {
      const site = await thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`);
      expect(large(1).length).toBeGreaterThan(256 * 1024);
      await Promise.all([1, 2, 3].map((n) => thread.accept(page(site.id, `/large${n}`, large(n)))));
    } finally {
      await thread.close();
    }
    const store = openSqliteStore(file, { checkpointThread: false });
    const [site] = await store.sites.list();
    for (const n of [1, 2, 3]) {
      const sections = await store.texts.sections(site?.id ?? 0, `${ORIGIN}/large${n}`);
      expect(sections[0]?.text.startsWith(words)).toBe(true);
    }
    await store.close();
  });

  it("serves the first store calls from the caller's connection until the thread is ready", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const local = openSqliteStore(file);
    const served: string[] = [];
    const counted = new Proxy(local.sites, {
      get: (target, method: keyof typeof local.sites) => {
        const fn = target[method];
        return (...args: never[]) => {
          served.push(method);
          return (fn as (...a: never[]) => unknown).apply(target, args);
        };
      },
    });
    const thread = await startIndexThread(file, { ...local, sites: counted });
    try {
      const site = await thread.store.sites.ensure(ORIGIN, `${ORIGIN}/`);
      expect(served).toEqual(["ensure"]);
      await thread.ready;
      expect(await thread.store.sites.byOrigin(ORIGIN)).toEqual(site);
      expect(served).toEqual(["ensure"]);
    } finally {
      await thread.close();
      await local.close();
    }
  });
});
