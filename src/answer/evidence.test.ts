import { describe, expect, it } from "vitest";
import { answerability } from "./answerability.js";
import { EVIDENCE, evidenceOf, isCovered } from "./evidence.js";
import type { QueryTerm } from "./question.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

const asked = (words: string[]): QueryTerm[] =>
  words.map((word) => ({ term: word, word, extra: false }));

/** The best page's one retrieved passage, holding `found`. */
const bestPage = (found: string[], score = 1): Ranked[] => [
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
    score,
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
  const question = asked([...Object.keys(weights), "pgagent"]);
  const evidence = (found: string[]) => evidenceOf(bestPage(found), question, terms, 1000, "en");

  it("weighs every word, those the site never uses as the rarest", () => {
    const e = evidence(["schedule", "vacuum", "cron"]);
    const rarest = Math.log(1 + 1000.5 / 0.5);
    const unknown = e.terms.find((t) => t.word === "pgagent");
    expect(unknown).toMatchObject({ status: "unknown", found: 0 });
    expect(e.weight).toBeCloseTo(12.5 + (unknown?.weight ?? 0));
    expect(e.unknown).toBeCloseTo((unknown?.weight ?? 0) / e.weight);
    expect(unknown?.weight).toBeGreaterThanOrEqual(rarest);
    expect(e.coverage).toBeCloseTo(10.5 / e.weight);
    expect(e.missing).toBeCloseTo((unknown?.weight ?? 0) / e.weight);
  });

  it("weighs a word the site never uses as a name when it is written as one", () => {
    const weightOf = (term: QueryTerm) =>
      evidenceOf(
        bestPage(["schedule"]),
        [...asked(["schedule"]), term],
        terms,
        1000,
        "en",
      ).terms.find((t) => t.word === term.word)?.weight ?? 0;
    // "neon" is an ordinary English word; "on Neon" names a service the site never mentions.
    const ordinary = weightOf({ term: "neon", word: "neon", extra: false });
    const named = weightOf({ term: "neon", word: "Neon", extra: false, name: true });
    expect(named).toBeCloseTo(ordinary * (EVIDENCE.unknownName / EVIDENCE.unknownWord));
    // Typed in lower case and listed nowhere: an unlisted form or a typo more often than a name;
    // an identifier stays a name.
    const unlisted = weightOf({ term: "frobnicat", word: "frobnicate", extra: false });
    const identifier = weightOf({ term: "pg_frob", word: "pg_frob", extra: false });
    expect(unlisted).toBeCloseTo(ordinary * (EVIDENCE.unknownUnlisted / EVIDENCE.unknownWord));
    expect(identifier).toBeCloseTo(named);
  });

  it("counts a word the site never uses in part when the page holds a form of it", () => {
    // "deliver" is never written; "delivery", searched for it, is on the page.
    const related: WeightedTerm = {
      term: "deliveri",
      word: "delivery",
      extra: false,
      idf: 2,
      related: { for: "deliv", weight: 0.25 },
    };
    const question: QueryTerm[] = [
      ...asked(["schedule"]),
      { term: "deliv", word: "deliver", extra: false },
    ];
    const withForm = evidenceOf(
      bestPage(["schedule", "deliveri"]),
      question,
      [...terms, related],
      1000,
      "en",
    );
    const without = evidenceOf(bestPage(["schedule"]), question, [...terms, related], 1000, "en");
    expect(withForm.terms.find((t) => t.word === "deliver")).toMatchObject({ status: "unknown" });
    expect(withForm.terms.find((t) => t.word === "deliver")?.found).toBeGreaterThan(0);
    expect(without.terms.find((t) => t.word === "deliver")?.found).toBe(0);
    expect(withForm.coverage).toBeGreaterThan(without.coverage);
  });

  it("finds a page less likely to answer when it lacks the question's telling word", () => {
    const telling = answerability(evidence(["schedule", "vacuum", "cron"]));
    const without = answerability(evidence(["schedule", "vacuum", "nightly"]));
    expect(without).toBeLessThan(telling);
    // All its words on a page whose passage scores as a good match does (about twice their weight).
    const whole = asked(Object.keys(weights));
    const all = evidenceOf(bestPage(Object.keys(weights), 25), whole, terms, 1000, "en");
    expect(telling).toBeLessThan(answerability(all));
    expect(isCovered(all)).toBe(true);
  });
});
