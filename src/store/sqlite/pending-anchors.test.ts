import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { pageRecord, sitePageRows } from "../../../test/helpers/page-record.js";
import type { AnchorRecord, PageText } from "../types.js";
import { openDatabase } from "./database.js";
import { MIGRATIONS } from "./migrations.js";
import { sqliteSites } from "./sites.js";
import { openSqliteStore } from "./store.js";
import { sqliteTexts } from "./texts.js";

const ORIGIN = "https://a.example";
const url = (path: string) => `${ORIGIN}${path}`;

const pageAt = (siteId: number, path: string) => pageRecord(siteId, `${ORIGIN}${path}`);

const linking = (...links: [path: string, text: string][]): PageText => ({
  sections: [{ headingPath: [], anchor: null, lang: "en", text: "links" }],
  chunks: [],
  boilerplate: { fingerprints: [], mask: "" },
  blocks: "{}",
  anchors: links.map(([path, text]): AnchorRecord => ({ target: url(path), text })),
});

describe("SQLite text index: anchors written in batches", () => {
  it("answers the same whether a page's anchors wait or are written", async () => {
    const db = openDatabase(join(tempDir(), "hooty.sqlite"));
    const site = await sqliteSites(db).ensure(ORIGIN, `${ORIGIN}/`);
    const texts = sqliteTexts(db, undefined, 6);
    const waiting = () => db.prepare("SELECT count(*) FROM anchors_pending").pluck().get();
    const written = () => db.prepare("SELECT count(*) FROM anchors").pluck().get();
    const read = () => texts.anchors(site.id, [url("/a"), url("/b"), url("/c"), url("/a?x")]);

    await texts.replacePage(
      pageAt(site.id, "/1"),
      linking(["/a", "zeta"], ["/a", "Éclair"], ["/b", "backups"]),
    );
    await texts.replacePage(pageAt(site.id, "/2"), linking(["/a", "alpha"], ["/a", "zeta"]));
    expect([waiting(), written()]).toEqual([2, 0]);
    const before = await read();
    expect(before).toEqual(
      new Map([
        [url("/a"), ["alpha", "zeta", "Éclair"]],
        [url("/b"), ["backups"]],
      ]),
    );

    // The third page fills the batch of six: every waiting anchor is written, in one go.
    await texts.replacePage(pageAt(site.id, "/3"), linking(["/c", "tls"]));
    expect([waiting(), written()]).toEqual([0, 6]);
    expect(await read()).toEqual(new Map([...before, [url("/c"), ["tls"]]]));
  });

  it("replaces a page's anchors, waiting or written, and lets them go with the page", async () => {
    const db = openDatabase(join(tempDir(), "hooty.sqlite"));
    const site = await sqliteSites(db).ensure(ORIGIN, `${ORIGIN}/`);
    const texts = sqliteTexts(db, undefined, 3);
    const read = () => texts.anchors(site.id, [url("/a"), url("/b"), url("/c")]);

    await texts.replacePage(pageAt(site.id, "/1"), linking(["/a", "one"], ["/b", "one"]));
    await texts.replacePage(pageAt(site.id, "/2"), linking(["/a", "two"]));
    // Page 1 written again: its written anchors go, its new ones wait.
    await texts.replacePage(pageAt(site.id, "/1"), linking(["/c", "one again"]));
    expect(await read()).toEqual(
      new Map([
        [url("/a"), ["two"]],
        [url("/c"), ["one again"]],
      ]),
    );
    // Page 2 written again while its anchors wait: the waiting row is replaced.
    await texts.replacePage(pageAt(site.id, "/2"), linking(["/b", "two again"]));
    expect(await read()).toEqual(
      new Map([
        [url("/b"), ["two again"]],
        [url("/c"), ["one again"]],
      ]),
    );
    await texts.removePage(site.id, url("/1"));
    await texts.removePage(site.id, url("/2"));
    expect(await read()).toEqual(new Map());
    expect(db.prepare("SELECT count(*) FROM anchors_pending").pluck().get()).toBe(0);
  });

  it("writes what waits when the store closes, and reads anchors written before they waited", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const old = openDatabase(file, MIGRATIONS.slice(0, 9));
    old.exec(`
      ${sitePageRows(ORIGIN, "/old")}
      INSERT INTO anchors (page_id, site_id, target, text) VALUES (1, 7, '${ORIGIN}/a', 'older');
    `);
    old.close();

    const store = openSqliteStore(file);
    await store.texts.replacePage(pageAt(7, "/new"), linking(["/a", "newer"]));
    expect(await store.texts.anchors(7, [url("/a")])).toEqual(
      new Map([[url("/a"), ["newer", "older"]]]),
    );
    await store.close();

    const raw = openDatabase(file);
    expect(raw.prepare("SELECT count(*) FROM anchors_pending").pluck().get()).toBe(0);
    expect(raw.prepare("SELECT text FROM anchors ORDER BY text").pluck().all()).toEqual([
      "newer",
      "older",
    ]);
    raw.close();
  });
});
