import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { createIndexSink } from "../index/page-sink.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type { Store } from "../store/types.js";
import { answerQuestion } from "./answer.js";
import { AnswerCache } from "./cache.js";

const DIR = resolve(import.meta.dirname, "../../test/fixtures/extract/pg");
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".html"))
  .sort();
const ORIGIN = "http://127.0.0.1";

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function storeWith(files: readonly string[]) {
  const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
  opened.push(store);
  const site = await store.sites.ensure(ORIGIN, `${ORIGIN}/`);
  const sink = createIndexSink(store);
  for (const name of files) await indexPage(site.id, name, sink);
  return { store, siteId: site.id };
}

async function indexPage(siteId: number, name: string, sink: ReturnType<typeof createIndexSink>) {
  await sink.accept({
    siteId,
    url: `${ORIGIN}/${name}`,
    status: 200,
    headers: {},
    html: readFileSync(join(DIR, name), "utf8"),
    contentHash: name,
    fetchedAt: "2026-11-30T10:00:00.000Z",
    links: [],
  });
}

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
