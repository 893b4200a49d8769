import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { pageRecord, sitePageRows } from "../../../test/helpers/page-record.js";
import type { ChunkInput, PageText } from "../types.js";
import { openDatabase } from "./database.js";
import { forwardRow, postingsDocument } from "./index-format.js";
import { MIGRATIONS } from "./migrations.js";
import { sqliteSites } from "./sites.js";
import { openSqliteStore } from "./store.js";
import { sqliteTexts } from "./texts.js";

const ORIGIN = "https://a.example";

const pageAt = (siteId: number, path: string) => pageRecord(siteId, `${ORIGIN}${path}`);

const chunkOf = (text: string): ChunkInput => {
  const terms = new Map<string, number>();
  for (const term of text.split(" ")) terms.set(term, (terms.get(term) ?? 0) + 1);
  return {
    section: 0,
    anchor: null,
    lang: "en",
    text,
    start: 0,
    end: text.length,
    hash: `h:${text}`,
    sentences: [[0, text.length]],
    terms: [...terms].map(([term, tf]) => ({ term, tf })),
    length: terms.size,
  };
};

const pageText = (...texts: string[]): PageText => ({
  sections: [{ headingPath: [], anchor: null, lang: "en", text: texts.join(" ") }],
  chunks: texts.map(chunkOf),
  boilerplate: { fingerprints: [], mask: "" },
  blocks: "{}",
});

describe("SQLite text index: postings written in batches", () => {
  it("answers the same whether a chunk's postings wait or are written", async () => {
    const db = openDatabase(join(tempDir(), "hooty.sqlite"));
    const site = await sqliteSites(db).ensure(ORIGIN, `${ORIGIN}/`);
    const texts = sqliteTexts(db, 3);
    const waiting = () => db.prepare("SELECT count(*) FROM chunk_postings_pending").pluck().get();
    const read = async () => ({
      postings: await texts.postings(site.id, ["backup", "wal_level", "wal", "absent"]),
      frequencies: await texts.documentFrequencies(site.id, ["backup", "wal_level", "absent"]),
      vocabulary: await texts.vocabulary(site.id),
    });

    await texts.replacePage(pageAt(site.id, "/a"), pageText("backup wal backup", "wal_level"));
    expect(waiting()).toBe(2);
    const twoWaiting = await read();
    expect(twoWaiting.postings).toEqual([
      { term: "backup", df: 1, chunkIds: [1], tf: [2] },
      { term: "wal_level", df: 1, chunkIds: [2], tf: [1] },
      { term: "wal", df: 1, chunkIds: [1], tf: [1] },
    ]);
    expect(twoWaiting.frequencies).toEqual(
      new Map([
        ["backup", 1],
        ["wal_level", 1],
        ["absent", 0],
      ]),
    );

    // The third chunk fills the batch: all three are written with its page.
    await texts.replacePage(pageAt(site.id, "/b"), pageText("restore backup"));
    expect(waiting()).toBe(0);
    const written = await read();
    await texts.replacePage(pageAt(site.id, "/c"), pageText("wal archive"));
    expect(waiting()).toBe(1);
    const mixed = await read();
    expect(mixed.postings[2]).toEqual({ term: "wal", df: 2, chunkIds: [1, 4], tf: [1, 1] });
    texts.flushWaiting();
    expect(waiting()).toBe(0);
    expect(await read()).toEqual(mixed);
    expect(written.vocabulary).toEqual(
      mixed.vocabulary
        .filter(([term]) => term !== "archive")
        .map(([t, df]) => [t, t === "wal" ? 1 : df]),
    );
    // As tokens order them: "wal_level" escapes to "walz5flevel", before "walzt<tf>".
    expect(mixed.vocabulary.map(([term]) => term)).toEqual([
      "archive",
      "backup",
      "restore",
      "wal_level",
      "wal",
    ]);
    db.close();
  });

  it("lets a waiting chunk's postings go with it, and its id serve again", async () => {
    const db = openDatabase(join(tempDir(), "hooty.sqlite"));
    const site = await sqliteSites(db).ensure(ORIGIN, `${ORIGIN}/`);
    const texts = sqliteTexts(db, 2);
    await texts.replacePage(pageAt(site.id, "/a"), pageText("alpha one", "beta two"));
    await texts.replacePage(pageAt(site.id, "/b"), pageText("gamma three"));
    expect(await texts.removePage(site.id, `${ORIGIN}/b`)).toBe(true);
    await texts.replacePage(pageAt(site.id, "/c"), pageText("delta four", "epsilon"));
    expect(await texts.postings(site.id, ["gamma", "delta", "epsilon", "alpha"])).toEqual([
      { term: "delta", df: 1, chunkIds: [3], tf: [1] },
      { term: "epsilon", df: 1, chunkIds: [4], tf: [1] },
      { term: "alpha", df: 1, chunkIds: [1], tf: [1] },
    ]);
    expect(await texts.removePage(site.id, `${ORIGIN}/a`)).toBe(true);
    expect(await texts.postings(site.id, ["alpha", "delta"])).toEqual([
      { term: "delta", df: 1, chunkIds: [3], tf: [1] },
    ]);
    expect((await texts.vocabulary(site.id)).map(([term]) => term)).toEqual([
      "delta",
      "epsilon",
      "four",
    ]);
    db.close();
  });

  it("writes a large page's postings over the next transactions, a batch's worth in each", async () => {
    const db = openDatabase(join(tempDir(), "hooty.sqlite"));
    const site = await sqliteSites(db).ensure(ORIGIN, `${ORIGIN}/`);
    const texts = sqliteTexts(db, 2);
    const waiting = () =>
      db.prepare("SELECT count(*) FROM chunk_postings_pending").pluck().get() as number;
    const words = Array.from({ length: 9 }, (_, i) => `word${i} common`);
    await texts.replacePage(pageAt(site.id, "/big"), pageText(...words));
    // Its own 9 chunks filled the batch: the 2 oldest went in with it.
    expect(waiting()).toBe(7);
    const read = () => texts.postings(site.id, ["common", "word8", "other"]);
    const before = await read();
    expect(before[0]?.df).toBe(9);
    await texts.replacePage(pageAt(site.id, "/b"), pageText("other"));
    expect(waiting()).toBe(6);
    for (let page = 0; waiting() > 1; page++) {
      await texts.replacePage(pageAt(site.id, `/more${page}`), pageText(`more${page}`));
    }
    const after = await read();
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));

    // A large page written as a draft: once shown, its postings go in a batch per transaction.
    const text = pageText(...words.map((w) => `${w} again`));
    const page = pageAt(site.id, "/draft");
    const draft = await texts.startDraft(site.id, page.url);
    await texts.writeDraft(draft, { chunks: text.chunks, from: 0 });
    await texts.writeDraft(draft, { sections: text.sections, from: 0 });
    await texts.writeDraft(draft, { blocks: text.blocks, part: 0 });
    await texts.commitDraft(draft, { page, boilerplate: text.boilerplate });
    expect(waiting()).toBeLessThan(2);
    expect((await texts.postings(site.id, ["again"]))[0]?.df).toBe(9);
    db.close();
  });

  it("writes what waits when the store closes", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const store = openSqliteStore(file);
    const site = await store.sites.ensure(ORIGIN, `${ORIGIN}/`);
    await store.texts.replacePage(pageAt(site.id, "/a"), pageText("alpha one"));
    await store.close();
    const db = openDatabase(file);
    expect(db.prepare("SELECT count(*) FROM chunk_postings_pending").pluck().get()).toBe(0);
    expect(
      db.prepare("SELECT term, doc FROM chunk_posting_counts ORDER BY term").raw().all(),
    ).toEqual([
      [`s${site.id}xalphazt1`, 1],
      [`s${site.id}xonezt1`, 1],
    ]);
    db.close();
  });
});

describe("SQLite store: migration 9", () => {
  it("keeps an index written before postings waited, and removes from it", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const old = openDatabase(file, MIGRATIONS.slice(0, 8));
    const terms = [
      { term: "backup", tf: 2 },
      { term: "pg_dump", tf: 1 },
    ];
    old.exec(`
      ${sitePageRows(ORIGIN, "/a")}
    `);
    old
      .prepare(
        `INSERT INTO chunks (id, site_id, hash, text, lang, length, sentences, terms)
         VALUES (3, 7, 'h3', 'backup with pg_dump backup', 'en', 3, '[]', ?)`,
      )
      .run(forwardRow(terms));
    old
      .prepare("INSERT INTO chunk_postings (rowid, terms) VALUES (3, ?)")
      .run(postingsDocument(7, terms));
    old.exec(`
      INSERT INTO chunk_places (page_id, ord, chunk_id, section, anchor, span_start, span_end)
        VALUES (1, 0, 3, 0, NULL, 0, 26);
      INSERT INTO index_stats (site_id, chunks, total_length) VALUES (7, 1, 3);
    `);
    old.close();

    const store = openSqliteStore(file);
    expect(await store.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    expect(await store.texts.postings(7, ["backup", "pg_dump"])).toEqual([
      { term: "backup", df: 1, chunkIds: [3], tf: [2] },
      { term: "pg_dump", df: 1, chunkIds: [3], tf: [1] },
    ]);
    expect(await store.texts.vocabulary(7)).toEqual([
      ["backup", 1],
      ["pg_dump", 1],
    ]);
    await store.texts.replacePage(pageAt(7, "/b"), pageText("backup again"));
    expect((await store.texts.postings(7, ["backup"]))[0]?.chunkIds).toEqual([3, 4]);
    expect(await store.texts.removePage(7, `${ORIGIN}/a`)).toBe(true);
    expect(await store.texts.postings(7, ["backup", "pg_dump"])).toEqual([
      { term: "backup", df: 1, chunkIds: [4], tf: [1] },
    ]);
    await store.close();
  });
});
