import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { makeIndexOlder, passageHashes } from "../../test/helpers/older-index.js";
import type { FetchedPage } from "../core/page-sink.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type { Store } from "../store/types.js";
import { ANALYSIS_VERSION } from "../text/analysis-version.js";
import { createIndexSink } from "./page-sink.js";

const DIR = resolve(import.meta.dirname, "../../test/fixtures/extract/pg");
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".html"))
  .sort();
const NAVIGATION = ["Prev", "Next", "Up", "Home"];

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function setUp(file = join(tempDir(), "hooty.sqlite")) {
  const store = openSqliteStore(file);
  opened.push(store);
  const site = await store.sites.ensure("http://127.0.0.1", "http://127.0.0.1/");
  return { store, siteId: site.id, file };
}

function fetched(siteId: number, name: string): FetchedPage {
  return {
    siteId,
    url: `http://127.0.0.1/${name}`,
    status: 200,
    headers: { etag: `"${name}"` },
    html: readFileSync(join(DIR, name), "utf8"),
    contentHash: name,
    fetchedAt: "2026-11-30T10:00:00.000Z",
    links: [],
  };
}

async function navigationLines(store: Store, siteId: number, name: string): Promise<string[]> {
  const sections = await store.texts.sections(siteId, `http://127.0.0.1/${name}`);
  return sections
    .flatMap((s) => s.text.split(/[\n\t]/))
    .map((l) => l.trim())
    .filter((l) => NAVIGATION.includes(l));
}

describe("index sink", () => {
  it("stores the page record the crawler and `hooty pages` read", async () => {
    const { store, siteId } = await setUp();
    await createIndexSink(store).accept(fetched(siteId, "app-pgdump.html"));
    const page = await store.pages.get(siteId, "http://127.0.0.1/app-pgdump.html");
    expect(page).toMatchObject({
      title: expect.stringContaining("pg_dump"),
      lang: "en",
      fetchedAt: "2026-11-30T10:00:00.000Z",
      etag: '"app-pgdump.html"',
    });
  });

  it("re-indexes early pages once the site's boilerplate is known", async () => {
    const { store, siteId } = await setUp();
    const sink = createIndexSink(store);
    await sink.accept(fetched(siteId, FILES[0] as string));
    // One page tells nothing about the site: its navigation is still there …
    expect(await navigationLines(store, siteId, FILES[0] as string)).not.toEqual([]);
    for (const name of FILES.slice(1)) await sink.accept(fetched(siteId, name));
    // … until the other pages show what repeats, and the first page is indexed again.
    for (const name of FILES) expect(await navigationLines(store, siteId, name), name).toEqual([]);
  });

  it("a later crawl (a new process) continues from what earlier crawls learnt", async () => {
    const first = await setUp();
    const sink = createIndexSink(first.store);
    for (const name of FILES.slice(0, 3)) await sink.accept(fetched(first.siteId, name));
    await first.store.close();
    opened.splice(opened.indexOf(first.store), 1);

    const later = openSqliteStore(first.file);
    opened.push(later);
    const last = FILES[3] as string;
    await createIndexSink(later).accept(fetched(first.siteId, last));
    expect(await navigationLines(later, first.siteId, last)).toEqual([]);

    const alone = await setUp();
    await createIndexSink(alone.store).accept(fetched(alone.siteId, last));
    expect(await navigationLines(alone.store, alone.siteId, last)).not.toEqual([]);
  });

  it("indexes a site written under an older analysis again, from its stored blocks", async () => {
    const first = await setUp();
    const sink = createIndexSink(first.store);
    for (const name of FILES.slice(0, 3)) await sink.accept(fetched(first.siteId, name));
    expect(await first.store.texts.analysisVersion(first.siteId)).toBe(ANALYSIS_VERSION);
    await first.store.close();
    opened.splice(opened.indexOf(first.store), 1);

    const oldChunks = makeIndexOlder(first.file);

    const later = openSqliteStore(first.file);
    opened.push(later);
    await createIndexSink(later).accept(fetched(first.siteId, FILES[3] as string));
    expect(await later.texts.analysisVersion(first.siteId)).toBe(ANALYSIS_VERSION);
    const hashes = passageHashes(first.file);
    expect(hashes.older).toBe(0);
    expect(hashes.all).toBeGreaterThan(oldChunks);
    // The earlier pages are still indexed, and found by their words.
    const stats = await later.texts.stats(first.siteId);
    expect(stats.pages).toBe(4);
    const [dump] = await later.texts.postings(first.siteId, ["pg_dump"]);
    expect(dump?.df ?? 0).toBeGreaterThan(0);
  });

  it("removes a page with everything it held, and is a no-op for an unknown page", async () => {
    const { store, siteId } = await setUp();
    const sink = createIndexSink(store);
    for (const name of FILES) await sink.accept(fetched(siteId, name));
    const before = await store.texts.stats(siteId);
    await sink.remove(siteId, `http://127.0.0.1/${FILES[0]}`);
    await sink.remove(siteId, "http://127.0.0.1/unknown.html");
    const after = await store.texts.stats(siteId);
    expect(after.pages).toBe(before.pages - 1);
    expect(after.chunks).toBeLessThan(before.chunks);
    expect(await store.texts.sections(siteId, `http://127.0.0.1/${FILES[0]}`)).toEqual([]);
  });
});
