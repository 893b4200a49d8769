/**
 * The crawl hands pages to the index without waiting for them to be stored: a slow index does not
 * hold up a site's next request, and a failing index still fails the crawl. Real server, real time.
 */
import { describe, expect, it } from "vitest";
import type { PageSink } from "../../src/core/page-sink.js";
import { fetchOnce } from "../../src/crawl/fetch/fetch.js";
import { crawlSite } from "../../src/crawl/site-crawl.js";
import { createIndexSink } from "../../src/index/page-sink.js";
import { gaps, pagesSite, site, store } from "../helpers/crawl.js";

const SLOW_INDEX_MS = 1_200;

/** The real index, but one page takes SLOW_INDEX_MS longer to store. */
function slowOn(path: string, sink: PageSink): PageSink {
  return {
    accept: async (page) => {
      if (new URL(page.url).pathname === path) {
        await new Promise((r) => setTimeout(r, SLOW_INDEX_MS));
      }
      await sink.accept(page);
    },
    remove: (siteId, url) => sink.remove(siteId, url),
  };
}

describe("hand-off to the index", () => {
  it("asks for the next page when it is due while the last one is still being indexed", async () => {
    const s = await site(pagesSite(4));
    const target = store();
    const report = await crawlSite(`${s.origin}/`, {
      store: target,
      sink: slowOn("/p1", createIndexSink(target)),
      fetch: fetchOnce,
    });
    expect(report).toMatchObject({ outcome: "completed", pages: { fetched: 5, indexed: 5 } });
    for (const [i, gap] of gaps(s.log).entries()) {
      const before = s.log[i + 1]?.path;
      expect(gap, `before ${before}`).toBeGreaterThanOrEqual(500);
      // Waiting for the slow page would make this gap longer than SLOW_INDEX_MS.
      expect(gap, `before ${before}`).toBeLessThan(SLOW_INDEX_MS - 200);
    }
    const stored = await target.sites.byOrigin(s.origin);
    expect(await target.pages.list(stored?.id ?? -1)).toHaveLength(5);
  });

  it("fails the site's crawl when the index cannot store a page", async () => {
    const s = await site(pagesSite(2));
    const target = store();
    const failing: PageSink = {
      accept: async () => {
        throw new Error("disk full");
      },
      remove: async () => {},
    };
    await expect(
      crawlSite(`${s.origin}/`, { store: target, sink: failing, fetch: fetchOnce }),
    ).rejects.toThrow("disk full");
  });
});
