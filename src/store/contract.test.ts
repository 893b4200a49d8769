/**
 * The store contract: one suite, every implementation. PostgreSQL joins the list when it exists.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { openSqliteStore } from "./sqlite/store.js";
import type { Store } from "./types.js";

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
          stop: { kind: "rate-limited" as const, detail: "429", until: 3_000 },
          consecutiveFailures: 1,
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

      it("is idempotent: blocking again keeps the first time and takes the new reason", async () => {
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
      });

      it("removes the pages of a blocked domain and its subdomains at once", async () => {
        const store = await fresh();
        const page = (siteId: number, url: string) => ({
          siteId,
          url,
          title: null,
          lang: null,
          fetchedAt: "2026-01-01T00:00:00Z",
          status: 200,
          contentHash: url,
          etag: null,
          lastModified: null,
          links: [],
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
  });
}
