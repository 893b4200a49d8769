import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { createIndexSink } from "../index/page-sink.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type { ChunkRecord, Store } from "../store/types.js";
import { leadShares } from "./page-evidence.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

const ORIGIN = "http://127.0.0.1";
const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

const filler = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(" ");

/** One site of real indexed pages: path → [title, first paragraph, later section text]. */
async function siteOf(pages: Record<string, [string, string, string]>) {
  const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
  opened.push(store);
  const site = await store.sites.ensure(ORIGIN, `${ORIGIN}/`);
  const sink = createIndexSink(store);
  for (const [path, [title, lead, later]] of Object.entries(pages)) {
    await sink.accept({
      siteId: site.id,
      url: `${ORIGIN}${path}`,
      status: 200,
      headers: {},
      html: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${lead}</p><h2>Details</h2><p>${later}</p></main></body></html>`,
      contentHash: path,
      fetchedAt: "2026-12-01T10:00:00.000Z",
      links: [],
    });
  }
  return { store, siteId: site.id };
}

const ranked = (path: string): Ranked => ({
  chunk: {
    places: [
      {
        url: `${ORIGIN}${path}`,
        title: null,
        section: 1,
        headingPath: [],
        anchor: null,
        start: 0,
        end: 1,
      },
    ],
  } as unknown as ChunkRecord,
  score: 1,
  coverage: 0,
  headingCoverage: 0,
  proximity: 0,
  bm25: 1,
  matched: new Set(),
});
const term = (t: string, idf: number): WeightedTerm => ({ term: t, word: t, extra: false, idf });

describe("leadShares", () => {
  it("weighs the words a page opens with, not the rest of it", async () => {
    const { store, siteId } = await siteOf({
      "/truncate": [
        "TRUNCATE",
        "TRUNCATE empties a table or a set of tables.",
        "It removes all rows quickly, without scanning the tables.",
      ],
      "/late": [
        "Other",
        `${filler(40)} and then it empties a table.`,
        "Nothing about the question here.",
      ],
      "/half": ["Half", "Every table has columns.", "More about columns and rows."],
    });
    const terms = [term("empti", 3), term("tabl", 1)];
    const passages = ["/truncate", "/late", "/half", "/missing"].map(ranked);
    const shares = await leadShares({ texts: store.texts, siteId, passages, terms, lang: "en" });
    expect(shares).toEqual(
      new Map([
        [`${ORIGIN}/truncate`, 1],
        [`${ORIGIN}/half`, 0.25],
      ]),
    );
  });
});
