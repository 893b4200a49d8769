/**
 * The index side of the crawl (DESIGN.md flow: "pages (text by section) ─► index ─► store"):
 * implements the crawler's PageSink. Only pages the crawler read whole, allowed, HTML and content
 * arrive here; pages that turned gone, noindex or disallowed are removed.
 */
import type { PageSink } from "../core/page-sink.js";
import type { Pages } from "../store/types.js";
import { extractPage } from "./extract/index.js";

export function createIndexSink(pages: Pages): PageSink {
  return {
    async accept(page) {
      const extracted = extractPage({ url: page.url, html: page.html, headers: page.headers });
      await pages.put({
        siteId: page.siteId,
        url: page.url,
        title: extracted.title || null,
        lang: extracted.lang === "und" ? null : extracted.lang,
        fetchedAt: page.fetchedAt,
        status: page.status,
        contentHash: page.contentHash,
        etag: page.headers.etag ?? null,
        lastModified: page.headers["last-modified"] ?? null,
        links: page.links,
      });
    },
    async remove(siteId, url) {
      await pages.remove(siteId, url);
    },
  };
}
