import { describe, expect, it } from "vitest";
import {
  PG_FILES as FILES,
  indexPage,
  PG_ORIGIN as ORIGIN,
  storeWith,
} from "../../test/helpers/pg-pages.js";
import { createIndexSink } from "../index/page-sink.js";
import { answerQuestion } from "./answer.js";
import { AnswerCache, siteVersion } from "./cache.js";

const QUESTIONS = [
  "how do I back up a database to a file",
  "restore a dump",
  "vacuum a table",
  "wie wird das wetter morgen",
];

const pagesCited = (answer: { citations: { url: string }[] }) =>
  answer.citations.map((c) => c.url.split("#")[0]);

describe("AnswerCache", () => {
  it("answers exactly as without it, also once the site's postings are in memory", async () => {
    const { store, siteId } = await storeWith(FILES);
    const cache = new AnswerCache({ memoryAfter: 2 });
    const cold = [];
    for (const q of QUESTIONS) cold.push(await answerQuestion(store, siteId, q));
    const sources = { texts: store.texts, pages: store.pages, cache };
    for (const q of QUESTIONS) await answerQuestion(sources, siteId, q);
    await cache.whenWarm(store.texts, siteId);
    for (const [i, q] of QUESTIONS.entries()) {
      const warm = await answerQuestion(
        { texts: store.texts, pages: store.pages, cache },
        siteId,
        q,
      );
      expect(warm.covered).toBe(cold[i]?.covered);
      expect(pagesCited(warm)).toEqual(pagesCited(cold[i] ?? { citations: [] }));
    }
  });

  it("warms a site before any question: its postings are in memory, answers unchanged", async () => {
    const { store, siteId } = await storeWith(FILES);
    const cache = new AnswerCache({ memoryAfter: 1_000 });
    await cache.warm(store.texts, store.pages, siteId);
    const version = siteVersion(await store.texts.stats(siteId));
    const state = cache.site(store.texts, store.pages, siteId, version);
    // In memory: the vocabulary comes back without reading the store (same terms as the store's).
    const [held, stored] = await Promise.all([
      state.terms().vocabulary(),
      store.texts.vocabulary(siteId),
    ]);
    expect(new Set(held.map(([term]) => term))).toEqual(new Set(stored.map(([term]) => term)));
    expect(state.terms()).toBe(state.terms());
    const sources = { texts: store.texts, pages: store.pages, cache };
    for (const q of QUESTIONS) {
      const warm = await answerQuestion(sources, siteId, q);
      expect(pagesCited(warm)).toEqual(pagesCited(await answerQuestion(store, siteId, q)));
    }
  });

  it("forgets a site's state when its index changes, and never mixes two stores", async () => {
    const first = FILES.filter((f) => f !== "app-pgdump.html");
    const { store, siteId } = await storeWith(first);
    const cache = new AnswerCache({ memoryAfter: 1 });
    const sources = { texts: store.texts, pages: store.pages, cache };
    const question = "pg_dump options for a custom-format archive";
    await answerQuestion(sources, siteId, question);
    await cache.whenWarm(store.texts, siteId);
    expect(pagesCited(await answerQuestion(sources, siteId, question))).not.toContain(
      `${ORIGIN}/app-pgdump.html`,
    );
    await indexPage(siteId, "app-pgdump.html", createIndexSink(store));
    expect(pagesCited(await answerQuestion(sources, siteId, question))).toContain(
      `${ORIGIN}/app-pgdump.html`,
    );

    const other = await storeWith(["app-pgdump.html"]);
    const answer = await answerQuestion(
      { texts: other.store.texts, pages: other.store.pages, cache },
      other.siteId,
      question,
    );
    expect(pagesCited(answer)).toEqual([`${ORIGIN}/app-pgdump.html`]);
  });
});
