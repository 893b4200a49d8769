import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { pageRecord, sitePageRows } from "../../../test/helpers/page-record.js";
import { openDatabase } from "./database.js";
import { MIGRATIONS } from "./migrations.js";
import { openSqliteStore } from "./store.js";

describe("SQLite store", () => {
  it("runs every migration on open, in WAL mode, and only once", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const first = openSqliteStore(file);
    expect(await first.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    await first.close();
    const again = openSqliteStore(file);
    expect(await again.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    await again.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    const applied = raw.prepare("SELECT count(*) AS n FROM schema_migrations").get() as {
      n: number;
    };
    expect(applied.n).toBe(MIGRATIONS.length);
    raw.close();
  });

  it("checkpoints at 40 MB of WAL, whatever the page size of the file", async () => {
    const fresh = openDatabase(join(tempDir(), "new.sqlite"));
    expect(fresh.pragma("page_size", { simple: true })).toBe(4096);
    expect(fresh.pragma("wal_autocheckpoint", { simple: true })).toBe(10240);
    fresh.close();
    const largerFile = join(tempDir(), "larger.sqlite");
    const larger = new Database(largerFile);
    larger.pragma("page_size = 16384");
    // Switching to WAL writes the file's header: the page size is the file's from then on.
    larger.pragma("journal_mode = WAL");
    larger.close();
    const reopened = openDatabase(largerFile);
    expect(reopened.pragma("page_size", { simple: true })).toBe(16384);
    expect(reopened.pragma("wal_autocheckpoint", { simple: true })).toBe(2560);
    expect(reopened.prepare("SELECT count(*) FROM sites").pluck().get()).toBe(0);
    reopened.close();
  });

  it("removes a blocked domain's pages in short transactions, other writes going on between", async () => {
    const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
    try {
      const site = await store.sites.ensure(
        "https://docs.example.org",
        "https://docs.example.org/",
      );
      const other = await store.sites.ensure("https://other.example", "https://other.example/");
      for (let i = 0; i < 250; i++) {
        await store.pages.put(pageRecord(site.id, `https://docs.example.org/p${i}`));
      }
      let done = false;
      const blocking = store.blocks.add("example.org", null).then(() => {
        done = true;
      });
      // The block holds at once; the first hundred pages are gone, the rest still leaving.
      expect((await store.blocks.covering("docs.example.org"))?.domain).toBe("example.org");
      await store.pages.put(pageRecord(other.id, "https://other.example/written-meanwhile"));
      expect(done).toBe(false);
      const left = (await store.pages.list(site.id)).length;
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(250);
      await blocking;
      expect(await store.pages.list(site.id)).toEqual([]);
      expect(await store.pages.list(other.id)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it("refuses a file written by a newer schema, with a clear message", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    await openSqliteStore(file).close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')").run();
    raw.close();
    expect(() => openSqliteStore(file)).toThrow(/newer Hooty/);
  });
});

describe("SQLite store: migration 4", () => {
  it("moves an index written under migration 3 to per-site tokens without loss", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const old = openDatabase(file, MIGRATIONS.slice(0, 3));
    old.exec(`
      INSERT INTO sites (id, origin, host, start_url, created_at)
        VALUES (7, 'https://a.example', 'a.example', 'https://a.example/', 'now');
      INSERT INTO terms (id, site_id, term) VALUES (11, 7, 'backup'), (12, 7, 'restor');
      INSERT INTO chunks (id, site_id, hash, text, lang, length, sentences, terms)
        VALUES (3, 7, 'h3', 'backup and restore backup', 'en', 3, '[]', '11:2 12:1'),
               (4, 7, 'h4', '', 'en', 0, '[]', '');
      INSERT INTO chunk_terms (rowid, terms) VALUES (3, '11 11 12'), (4, '');
    `);
    old.close();
    const store = openSqliteStore(file);
    expect(await store.texts.postings(7, ["backup", "restor"])).toEqual([
      { term: "backup", df: 1, chunkIds: [3], tf: [2] },
      { term: "restor", df: 1, chunkIds: [3], tf: [1] },
    ]);
    expect(new Map(await store.texts.vocabulary(7))).toEqual(
      new Map([
        ["backup", 1],
        ["restor", 1],
      ]),
    );
    await store.close();
  });
});

describe("SQLite store: migrations 6 and 7", () => {
  it("keep an index written with term ids: sections, postings, vocabulary, forward index, release", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const old = openDatabase(file, MIGRATIONS.slice(0, 5));
    old.exec(`
      ${sitePageRows("https://a.example", "/a")}
      INSERT INTO sections (page_id, ord, heading_path, anchor, lang, text)
        VALUES (1, 0, '["Backup"]', 'b', 'en', 'backup with pg_dump backup');
      INSERT INTO terms (id, site_id, term) VALUES (11, 7, 'backup'), (12, 7, 'pg_dump');
      INSERT INTO chunks (id, site_id, hash, text, lang, length, sentences, terms)
        VALUES (3, 7, 'h3', 'backup with pg_dump backup', 'en', 3, '[]', '11:2 12:1'),
               (4, 7, 'h4', 'backup', 'en', 1, '[]', '11:1');
      INSERT INTO chunk_terms (rowid, terms) VALUES (3, 's7t11 s7t11 s7t12'), (4, 's7t11');
      INSERT INTO chunk_places (page_id, ord, chunk_id, section, anchor, span_start, span_end)
        VALUES (1, 0, 3, 0, NULL, 0, 26), (1, 1, 4, 0, NULL, 0, 6);
      INSERT INTO index_stats (site_id, chunks, total_length) VALUES (7, 2, 4);
    `);
    old.close();
    const store = openSqliteStore(file);
    expect(await store.texts.sections(7, "https://a.example/a")).toEqual([
      { headingPath: ["Backup"], anchor: "b", lang: "en", text: "backup with pg_dump backup" },
    ]);
    expect((await store.texts.chunks([3]))[0]?.places[0]?.headingPath).toEqual(["Backup"]);
    expect(await store.texts.postings(7, ["backup", "pg_dump"])).toEqual([
      { term: "backup", df: 2, chunkIds: [3, 4], tf: [2, 1] },
      { term: "pg_dump", df: 1, chunkIds: [3], tf: [1] },
    ]);
    expect(new Map(await store.texts.vocabulary(7))).toEqual(
      new Map([
        ["backup", 2],
        ["pg_dump", 1],
      ]),
    );
    expect(await store.texts.chunkTerms(7)).toEqual([
      {
        chunkId: 3,
        length: 3,
        terms: [
          { term: "backup", tf: 2 },
          { term: "pg_dump", tf: 1 },
        ],
      },
      { chunkId: 4, length: 1, terms: [{ term: "backup", tf: 1 }] },
    ]);
    expect(await store.texts.removePage(7, "https://a.example/a")).toBe(true);
    expect(await store.texts.postings(7, ["backup", "pg_dump"])).toEqual([]);
    expect(await store.texts.vocabulary(7)).toEqual([]);
    expect(await store.texts.sections(7, "https://a.example/a")).toEqual([]);
    await store.close();
  });
});
