/**
 * A store holding pages given as HTML, indexed by the real index sink into a real SQLite file: for
 * answer tests on pages written for the test or read from fixtures (closed after the test).
 */
import { join } from "node:path";
import { afterEach } from "vitest";
import { createIndexSink } from "../../src/index/page-sink.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import type { Store } from "../../src/store/types.js";
import { tempDir } from "./cli.js";

export const HTML_ORIGIN = "http://127.0.0.1";

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** A new store with each page (by path: "/glossary.html") indexed as a page of one site. */
export async function storeWithHtml(pages: Record<string, string>) {
  const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
  opened.push(store);
  const site = await store.sites.ensure(HTML_ORIGIN, `${HTML_ORIGIN}/`);
  const sink = createIndexSink(store);
  for (const [path, html] of Object.entries(pages)) await indexHtml(sink, site.id, path, html);
  return { store, siteId: site.id };
}

/** Hands one page (by path) to the sink as a crawl would. */
export async function indexHtml(
  sink: ReturnType<typeof createIndexSink>,
  siteId: number,
  path: string,
  html: string,
) {
  await sink.accept({
    siteId,
    url: `${HTML_ORIGIN}${path}`,
    status: 200,
    headers: {},
    html,
    contentHash: path,
    fetchedAt: "2026-12-02T10:00:00.000Z",
    links: [],
  });
}
