import { describe, expect, it } from "vitest";
import { evidenceOf, isCovered } from "./evidence.js";
import type { QueryTerm } from "./question.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

const asked = (words: string[]): QueryTerm[] =>
  words.map((word) => ({ term: word, word, extra: false }));

/** The best page's one retrieved passage, holding `found`. */
const bestPage = (found: string[]): Ranked[] => [
  {
    chunk: {
      id: 1,
      siteId: 1,
      hash: "h",
      text: found.join(" "),
      lang: "en",
      length: found.length,
      sentences: [],
      places: [
        {
          url: "http://127.0.0.1/page",
          title: null,
          section: 0,
          headingPath: [],
          anchor: null,
          start: 0,
          end: 1,
        },
      ],
    },
    score: 1,
    coverage: 1,
    headingCoverage: 0,
    proximity: 0,
    bm25: 1,
    matched: new Set(found),
  },
];

describe("evidence", () => {
  const weights: Record<string, number> = { schedule: 2, vacuum: 2.5, nightly: 2, cron: 6 };
  const terms: WeightedTerm[] = Object.entries(weights).map(([word, idf]) => ({
    term: word,
    word,
    extra: false,
    idf,
  }));
  const question = asked(Object.keys(weights));

  it("answers when the best page holds the question's telling words", () => {
    const evidence = evidenceOf(
      bestPage(["schedule", "vacuum", "cron"]),
      question,
      terms,
      1000,
      "en",
    );
    expect(evidence.missing).toBeCloseTo(2 / 12.5);
    expect(isCovered(evidence)).toBe(true);
  });

  it("is not covered when one word that weighs a large share of the question is missing", () => {
    const evidence = evidenceOf(
      bestPage(["schedule", "vacuum", "nightly"]),
      question,
      terms,
      1000,
      "en",
    );
    expect(evidence.coverage).toBeGreaterThan(0.5);
    expect(evidence.missing).toBeCloseTo(6 / 12.5);
    expect(isCovered(evidence)).toBe(false);
  });
});
