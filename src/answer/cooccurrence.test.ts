import { describe, expect, it } from "vitest";
import { indexHtml, storeWithHtml } from "../../test/helpers/html-pages.js";
import { createIndexSink } from "../index/page-sink.js";
import { AnswerCache, siteVersion } from "./cache.js";
import { readCooccurrence, withCompanions } from "./cooccurrence.js";
import type { QueryTerm } from "./question.js";

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</main></body></html>`;

/** Pages of unrelated topics, each of its own words and the word every page says. */
const TOPICS = [
  "gardening tulips",
  "sailing harbours",
  "baking sourdough",
  "knitting scarves",
  "cycling mountains",
  "painting portraits",
  "fishing rivers",
  "hiking glaciers",
  "chess openings",
  "pottery glazes",
];

/**
 * A site of one passage a page: sixty on unrelated topics and three where vacuum and bloat stand
 * together, every one saying "handbook".
 */
function site() {
  const pages: Record<string, string> = {};
  for (let i = 0; i < 60; i++) {
    const topic = TOPICS[i % TOPICS.length] as string;
    pages[`/topic-${i}.html`] = page(`${topic} ${i}`, [`The handbook on ${topic}, lesson ${i}.`]);
  }
  pages["/vacuum.html"] = page("Vacuum", [
    "The handbook: vacuum reclaims dead rows, or bloat grows.",
  ]);
  pages["/busy.html"] = page("Busy tables", ["The handbook: run vacuum often, bloat slows scans."]);
  pages["/auto.html"] = page("Autovacuum", [
    "The handbook: it starts vacuum once bloat passes a limit.",
  ]);
  return storeWithHtml(pages);
}

const asked = (term: string): QueryTerm => ({ term, word: term, extra: false });

describe("the site's co-occurrence statistics as related words", () => {
  it("add the terms that share a word's passages far more often than chance", async () => {
    const { store, siteId } = await site();
    const terms = withCompanions(await readCooccurrence(store.texts, siteId), [asked("vacuum")]);
    const companions = terms.slice(1);
    expect(companions.map((t) => t.term)).toContain("bloat");
    for (const companion of companions) {
      expect(companion.related).toEqual({ for: "vacuum", weight: 0.1 });
      expect(companion.extra).toBe(false);
    }
    // "handbook" stands beside vacuum too, but in every passage of the site: no word's companion.
    expect(companions.map((t) => t.term)).not.toContain("handbook");
  });

  it("leave compound parts, related words and unknown words without companions", async () => {
    const { store, siteId } = await site();
    const given: QueryTerm[] = [
      { term: "vacuum", word: "vacuum", extra: true },
      { term: "vacuum", word: "vacuum", extra: false, related: { for: "clean", weight: 0.5 } },
      asked("zeppelin"),
    ];
    expect(withCompanions(await readCooccurrence(store.texts, siteId), given)).toEqual(given);
  });

  it("are kept with the site's state, and read again once its index changes", async () => {
    const { store, siteId } = await site();
    const cache = new AnswerCache();
    const statistics = async () => {
      const version = siteVersion(await store.texts.stats(siteId));
      return cache.site(store.texts, store.pages, siteId, version).cooccurrence();
    };
    const before = await statistics();
    expect(await statistics()).toBe(before);
    const first = withCompanions(before, [asked("glacier")]);
    expect(first.map((t) => t.term)).not.toContain("crevass");
    const sink = createIndexSink(store);
    const notes = [
      "A glacier hides a crevasse.",
      "Cross a glacier crevasse roped.",
      "Mark each glacier crevasse.",
    ];
    for (const [i, note] of notes.entries()) {
      await indexHtml(sink, siteId, `/ice-${i}.html`, page(`Ice ${i}`, [note]));
    }
    const after = await statistics();
    expect(after).not.toBe(before);
    const second = withCompanions(after, [asked("glacier")]);
    expect(second.map((t) => t.term)).toContain("crevass");
  });
});
