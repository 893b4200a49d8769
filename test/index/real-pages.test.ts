/**
 * Real pages through the whole index phase: the PostgreSQL manual and the Debian FAQ pages in
 * test/fixtures/extract, served by a loopback server, crawled by HootyBot and read back from the
 * store. Main text stays, the DocBook navigation repeated on every page goes, languages are told.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { crawl, site, store } from "../helpers/crawl.js";
import { html, text } from "../servers/site.js";
import { indexedText } from "./index-helpers.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/extract");
const FAST = { gate: { minDelayMs: 10 } };

async function serveFixtures(dir: string, stripLang = false) {
  const files = readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith(".html"));
  const routes: Record<string, ReturnType<typeof html>> = {
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  };
  for (const file of files) {
    let body = readFileSync(join(FIXTURES, dir, file), "utf8");
    if (stripLang) body = body.replace(/\s(xml:)?lang="[^"]*"/g, "");
    routes[`/${file}`] = html(body);
  }
  routes["/"] = html(
    `<html><head><title>Index</title></head><body><ul>${files.map((f) => `<li><a href="/${f}">${f}</a></li>`).join("")}</ul></body></html>`,
  );
  return site(routes);
}

const lines = (text: string) => text.split(/\n| \| /).map((l) => l.trim());

describe("real pages through the index phase", () => {
  it("the PostgreSQL manual: main text kept, navigation dropped, deep links kept", async () => {
    const s = await serveFixtures("pg");
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    const indexed = await indexedText(shared, s.origin);
    expect(indexed.size).toBe(5);
    expect(indexed.get("/app-pgdump.html")).toContain(
      "is a utility for backing up a PostgreSQL database",
    );
    for (const [path, text] of indexed) {
      if (path === "/") continue;
      const nav = lines(text).filter((l) => ["Prev", "Next", "Up", "Home"].includes(l));
      expect(nav, path).toEqual([]);
    }
    const record = await shared.sites.byOrigin(s.origin);
    const siteId = record?.id ?? 0;
    const pages = await shared.pages.list(siteId);
    // The manual declares no language: detection tells it.
    expect(pages.find((p) => p.url.endsWith("/app-pgdump.html"))).toMatchObject({
      title: expect.stringContaining("pg_dump"),
      lang: "en",
    });
    const [postings] = await shared.texts.postings(siteId, ["pg_dump"]);
    expect(postings?.df).toBeGreaterThan(0);
    const chunks = await shared.texts.chunks(postings?.chunkIds ?? []);
    const place = chunks.flatMap((c) => c.places).find((p) => p.url.endsWith("/app-pgdump.html"));
    expect(place?.anchor).toBeTruthy();
    for (const chunk of chunks) {
      for (const p of chunk.places) {
        const sections = await shared.texts.sections(siteId, p.url);
        // Quotes are verbatim: each chunk is a slice of its section's stored text.
        expect(sections[p.section]?.text.slice(p.start, p.end)).toBe(chunk.text);
      }
    }
  }, 20_000);

  it("the German and Italian Debian FAQ: language per page, also when undeclared", async () => {
    const de = await serveFixtures("faq-de", true);
    const it_ = await serveFixtures("faq-it");
    const shared = store();
    await crawl(`${de.origin}/`, { store: shared, settings: FAST });
    await crawl(`${it_.origin}/`, { store: shared, settings: FAST });
    for (const [origin, lang] of [
      [de.origin, "de"],
      [it_.origin, "it"],
    ] as const) {
      const record = await shared.sites.byOrigin(origin);
      const pages = (await shared.pages.list(record?.id ?? 0)).filter((p) => !p.url.endsWith("/"));
      expect(pages).toHaveLength(3);
      for (const page of pages) expect(page.lang, page.url).toBe(lang);
      const text = [...(await indexedText(shared, origin)).values()].join("\n");
      const nav = lang === "de" ? ["Zurück", "Weiter"] : ["Indietro", "Avanti"];
      expect(lines(text).filter((l) => nav.includes(l))).toEqual([]);
    }
    // German compounds are split: a visitor's "Paket" meets "Paketverwaltung".
    const deSite = await shared.sites.byOrigin(de.origin);
    const vocabulary = new Map(await shared.texts.vocabulary(deSite?.id ?? 0));
    expect(vocabulary.get("paket")).toBeGreaterThan(0);
  }, 30_000);

  it("stores identical passages once, with every place they stand", async () => {
    const notice = `Our support team answers every question about installation within one working day, in English and in German, by mail or by phone. ${"Please include your version number. ".repeat(3)}`;
    const page = (title: string, own: string) =>
      `<html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${own}</p><h2 id="support">Support</h2><p>${notice}</p></main></body></html>`;
    const s = await site({
      "/robots.txt": text("User-agent: *\nAllow: /\n"),
      "/": html(page("Home", 'Welcome to the product pages. <a href="/b">More</a>.')),
      "/b": html(page("Second", "A different page about configuration files and their options.")),
    });
    const shared = store();
    await crawl(`${s.origin}/`, { store: shared, settings: FAST });
    const record = await shared.sites.byOrigin(s.origin);
    const [postings] = await shared.texts.postings(record?.id ?? 0, ["support"]);
    expect(postings?.df).toBe(1);
    const [chunk] = await shared.texts.chunks(postings?.chunkIds ?? []);
    expect(chunk?.places.map((p) => [new URL(p.url).pathname, p.anchor])).toEqual([
      ["/", "support"],
      ["/b", "support"],
    ]);
  }, 20_000);
});
