/**
 * A store holding a few real pages of the PostgreSQL manual (test/fixtures/extract/pg), indexed
 * by the real index sink into a real SQLite file: for answer tests below the CLI.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach } from "vitest";
import { createIndexSink } from "../../src/index/page-sink.js";
import { openSqliteStore } from "../../src/store/sqlite/store.js";
import type { Store } from "../../src/store/types.js";
import { tempDir } from "./cli.js";

const DIR = resolve(import.meta.dirname, "../fixtures/extract/pg");
export const PG_FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".html"))
  .sort();
export const PG_ORIGIN = "http://127.0.0.1";

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** A new store with `files` indexed as pages of one site (closed after the test). */
export async function storeWith(files: readonly string[] = PG_FILES) {
  const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
  opened.push(store);
  const site = await store.sites.ensure(PG_ORIGIN, `${PG_ORIGIN}/`);
  const sink = createIndexSink(store);
  for (const name of files) await indexPage(site.id, name, sink);
  return { store, siteId: site.id };
}

export async function indexPage(
  siteId: number,
  name: string,
  sink: ReturnType<typeof createIndexSink>,
) {
  await sink.accept({
    siteId,
    url: `${PG_ORIGIN}/${name}`,
    status: 200,
    headers: {},
    html: readFileSync(join(DIR, name), "utf8"),
    contentHash: name,
    fetchedAt: "2026-11-30T10:00:00.000Z",
    links: [],
  });
}
