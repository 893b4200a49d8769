import { describe, expect, it } from "vitest";
import { analyzerFor } from "../text/index.js";
import { oneSlipAway, surfaceCorrection } from "./surface-typos.js";
import type { TermIndex } from "./term-index.js";

/** A site's terms with their document frequencies. */
const siteTerms = (df: Record<string, number>): TermIndex => ({
  documentFrequencies: async (terms) => new Map(terms.map((t) => [t, df[t] ?? 0])),
  postings: async () => [],
  vocabulary: async () => Object.entries(df),
});

describe("typos corrected on the word as typed", () => {
  it("undoes one slip, keeping the first letter", () => {
    const words = oneSlipAway("shippung");
    expect(words).toContain("shipping"); // another vowel
    expect(oneSlipAway("shippinf")).toContain("shipping"); // a neighbouring key
    expect(oneSlipAway("shiping")).toContain("shipping"); // a letter left out
    expect(oneSlipAway("shpiping")).toContain("shipping"); // two letters swapped
    expect(oneSlipAway("shipppng")).toContain("shippng"); // a letter typed twice
    expect(words.every((w) => w.startsWith("s"))).toBe(true);
    // No key near "u" is "x": not a slip.
    expect(words).not.toContain("shippxng");
  });

  it("reads short words only as missing a letter, and never words of other letters", () => {
    expect(oneSlipAway("indx")).toContain("index");
    expect(oneSlipAway("iten")).not.toContain("item");
    expect(oneSlipAway("abc")).toEqual([]);
    expect(oneSlipAway("pg_cron")).toEqual([]);
  });

  it("finds the site's most used term among the words meant", async () => {
    const en = analyzerFor("en");
    const index = siteTerms({ ship: 12, shape: 2 });
    // "shiping": "shipping" and "shaping" are both one slip away; the site speaks of shipping.
    expect(await surfaceCorrection(index, en, "shiping", "shipe")).toMatchObject({
      term: "ship",
      frequency: 12,
    });
    expect(await surfaceCorrection(index, en, "shippung", "shippung")).toMatchObject({
      term: "ship",
    });
    expect(await surfaceCorrection(siteTerms({}), en, "shippung", "shippung")).toBeUndefined();
  });
});
