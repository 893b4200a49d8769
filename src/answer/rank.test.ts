import { describe, expect, it } from "vitest";
import type { ChunkRecord } from "../store/types.js";
import { rank } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

const chunk = (id: number, text: string): ChunkRecord => ({
  id,
  siteId: 1,
  hash: `h${id}`,
  text,
  lang: "en",
  length: text.split(/\s+/).length,
  sentences: [],
  places: [
    {
      url: `https://docs.example/${id}.html`,
      title: "Settings",
      section: 0,
      headingPath: ["Connection Settings"],
      anchor: null,
      start: 0,
      end: text.length,
    },
  ],
});

describe("rank", () => {
  it("reads a passage's opening label as one of its headings", () => {
    const terms: WeightedTerm[] = [{ term: "port", word: "port", extra: false, idf: 3 }];
    const labelled = chunk(1, "port (integer)\n\nThe TCP port the server listens on.");
    const mentioning = chunk(2, "The port is set.\n\nSee port.");
    const ranked = rank(
      [
        { chunkId: 2, score: 1, tf: new Map([["port", 2]]) },
        { chunkId: 1, score: 1, tf: new Map([["port", 2]]) },
      ],
      [labelled, mentioning],
      terms,
      "en",
      8,
    );
    expect(ranked.map((r) => r.chunk.id)).toEqual([1, 2]);
    expect(ranked[0]?.headingCoverage).toBe(1);
    expect(ranked[1]?.headingCoverage).toBe(0);
  });

  it("puts a passage named by all and only what the question asks about before one naming more", () => {
    const terms: WeightedTerm[] = [{ term: "decor", word: "decorator", extra: false, idf: 3 }];
    const glossary = chunk(1, "decorator\n\nA function returning another function.");
    const utilities = {
      ...chunk(2, "A class decorator for enumerations, and a decorator."),
      places: [
        {
          ...(chunk(2, "").places[0] as ChunkRecord["places"][number]),
          headingPath: ["Utilities and Decorators"],
        },
      ],
    };
    const ranked = rank(
      [
        { chunkId: 2, score: 1, tf: new Map([["decor", 2]]) },
        { chunkId: 1, score: 1, tf: new Map([["decor", 1]]) },
      ],
      [glossary, utilities],
      terms,
      "en",
      8,
    );
    expect(ranked.map((r) => r.chunk.id)).toEqual([1, 2]);
  });

  it("reads a heading without its numbering when it names what the question asks about", () => {
    const terms: WeightedTerm[] = [
      { term: "postgresql", word: "PostgreSQL", extra: false, idf: 1 },
    ];
    const at = (id: number, text: string, heading: string): ChunkRecord => {
      const made = chunk(id, text);
      const place = made.places[0] as ChunkRecord["places"][number];
      return { ...made, places: [{ ...place, title: heading, headingPath: [heading] }] };
    };
    const whatIs = at(1, "PostgreSQL is a database system.", "1. What Is PostgreSQL?");
    const merged = at(
      2,
      "The PostgreSQL settings file.",
      "O.1. recovery.conf merged into postgresql.conf",
    );
    const ranked = rank(
      [
        { chunkId: 2, score: 1, tf: new Map([["postgresql", 1]]) },
        { chunkId: 1, score: 1, tf: new Map([["postgresql", 1]]) },
      ],
      [merged, whatIs],
      terms,
      "en",
      8,
    );
    expect(ranked.map((r) => r.chunk.id)).toEqual([1, 2]);
  });
});
