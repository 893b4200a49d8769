import { describe, expect, it } from "vitest";
import type { ChunkRecord } from "../store/types.js";
import { byPage } from "./by-page.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

const passage = (url: string, score: number, matched: string[], title?: string): Ranked => ({
  chunk: {
    id: score,
    siteId: 1,
    hash: url,
    text: matched.join(" "),
    lang: "en",
    length: matched.length,
    sentences: [],
    places: [
      { url, title: title ?? null, section: 0, headingPath: [], anchor: null, start: 0, end: 1 },
    ],
  } satisfies ChunkRecord,
  score,
  coverage: 1,
  headingCoverage: 0,
  proximity: 0,
  bm25: score,
  matched: new Set(matched),
});
const term = (t: string, idf: number): WeightedTerm => ({ term: t, word: t, extra: false, idf });
const pagesOf = (ranked: Ranked[]) => [...new Set(ranked.map((p) => p.chunk.places[0]?.url))];

describe("byPage", () => {
  const terms = [term("password", 4), term("file", 2)];
  const passages = [
    passage("/client", 10, ["password", "file"]),
    passage("/pgpass", 9.5, ["password", "file"]),
    passage("/client", 8, ["password"]),
  ];

  it("orders pages by their best passage, the rest of the page adding a little", () => {
    expect(pagesOf(byPage(passages, terms))).toEqual(["/client", "/pgpass"]);
  });

  it("lifts a page whose links from the site say what the question asks", () => {
    expect(pagesOf(byPage(passages, terms, { anchors: new Map([["/pgpass", 1]]) }))).toEqual([
      "/pgpass",
      "/client",
    ]);
    // A link holding a small share of the question weighs little.
    expect(pagesOf(byPage(passages, terms, { anchors: new Map([["/pgpass", 0.1]]) }))).toEqual([
      "/client",
      "/pgpass",
    ]);
  });

  it("puts release notes after a page that answers nearly as well, not after one far worse", () => {
    const notes = "https://docs.example/about/release-notes.html";
    const guide = "https://docs.example/dev-guide/plugins.html";
    const plugins = [term("plugin", 5), term("write", 1)];
    expect(
      pagesOf(
        byPage(
          [passage(notes, 12, ["plugin", "write"]), passage(guide, 10, ["plugin", "write"])],
          plugins,
        ),
      ),
    ).toEqual([guide, notes]);
    expect(
      pagesOf(
        byPage(
          [
            passage(`${notes}#v1`, 12, ["plugin", "write"], "Version 1.4"),
            passage("https://docs.example/themes.html", 4, ["write"]),
          ],
          plugins,
        ),
      ),
    ).toEqual([`${notes}#v1`, "https://docs.example/themes.html"]);
  });

  it("puts a site's index of terms after a page that answers nearly as well", () => {
    const index = "https://docs.example/bookindex.html";
    const json = "https://docs.example/functions-json.html";
    const query = [term("json", 5), term("query", 1)];
    expect(
      pagesOf(
        byPage(
          [passage(index, 12, ["json", "query"], "Index"), passage(json, 10, ["json", "query"])],
          query,
        ),
      ),
    ).toEqual([json, index]);
  });

  it("counts a long page's many weak passages only so far", () => {
    const chapter = Array.from({ length: 30 }, (_, i) =>
      passage("/chapter", i === 0 ? 9 : 3, ["password", "file"]),
    );
    const focused = passage("/pgpass", 10.5, ["password", "file"]);
    expect(
      pagesOf(
        byPage(
          [...chapter, focused].sort((a, b) => b.score - a.score),
          terms,
        ),
      ),
    ).toEqual(["/pgpass", "/chapter"]);
  });

  it("lifts a page whose opening words say what the question asks", () => {
    expect(pagesOf(byPage(passages, terms, { leads: new Map([["/pgpass", 1]]) }))).toEqual([
      "/pgpass",
      "/client",
    ]);
    expect(pagesOf(byPage(passages, terms, { leads: new Map([["/pgpass", 0.1]]) }))).toEqual([
      "/client",
      "/pgpass",
    ]);
  });
});
