import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "./store.js";

describe("sqlite frontier", () => {
  it("queues again the entries a dead crawl left with the index, in their old order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hooty-frontier-"));
    const store = openSqliteStore(join(dir, "h.sqlite"));
    try {
      const site = await store.sites.ensure("https://x.example", "https://x.example/");
      const crawl = await store.crawls.start(site.id, 10);
      await store.frontier.add(crawl.id, [
        { url: "https://x.example/a", depth: 0 },
        { url: "https://x.example/b", depth: 0 },
        { url: "https://x.example/c", depth: 0 },
      ]);
      await store.frontier.settle(crawl.id, "https://x.example/a", "indexing");
      await store.frontier.settle(crawl.id, "https://x.example/b", "http-error");
      expect((await store.frontier.next(crawl.id))?.url).toBe("https://x.example/c");

      expect(await store.frontier.resumeIndexing(crawl.id)).toEqual({ indexed: 0, queued: 1 });
      expect((await store.frontier.next(crawl.id))?.url).toBe("https://x.example/a");
      expect(await store.frontier.outcomes(crawl.id)).toEqual({ "http-error": 1 });
      expect(await store.frontier.counts(crawl.id)).toEqual({ queued: 2, settled: 1 });
      // Known URLs stay known: adding one again does nothing.
      expect(await store.frontier.add(crawl.id, [{ url: "https://x.example/a", depth: 0 }])).toBe(
        0,
      );
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
