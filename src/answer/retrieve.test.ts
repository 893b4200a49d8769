import { describe, expect, it } from "vitest";
import { createSpeller } from "../text/index.js";
import type { QueryTerm } from "./question.js";
import { weighTerms } from "./retrieve.js";
import type { TermIndex } from "./term-index.js";

/** A site's terms with their document frequencies. */
function site(df: Record<string, number>): { index: TermIndex; speller: () => Promise<never> } {
  const speller = createSpeller(Object.entries(df));
  return {
    index: {
      documentFrequencies: async (terms) => new Map(terms.map((t) => [t, df[t] ?? 0])),
      postings: async () => [],
      vocabulary: async () => Object.entries(df),
    },
    speller: (async () => speller) as () => Promise<never>,
  };
}

const main = (term: string, word: string): QueryTerm => ({ term, word, extra: false });

describe("weighing a question's terms", () => {
  it("corrects a typo the stemmer keeps whole on the word as typed", async () => {
    const { index, speller } = site({ ship: 12, switzerland: 3 });
    const [shipping] = await weighTerms(index, speller, 100, [main("shippung", "shippung")], "en");
    expect(shipping).toMatchObject({ term: "ship", correctedFrom: "shippung" });
  });

  it("corrects a misspelling the thesaurus reads as a form of a word only to that word", async () => {
    const { index, speller } = site({ ship: 12, shape: 30 });
    // "shiping": the thesaurus takes it for a form of "ship", whose term is searched beside it.
    const asked = [
      main("shipe", "shiping"),
      { ...main("ship", "ship"), related: { for: "shipe", weight: 0.2 } },
    ];
    const weighed = await weighTerms(index, speller, 100, asked, "en");
    expect(weighed[0]).toMatchObject({ term: "ship", word: "shiping", correctedFrom: "shipe" });
    // Without the thesaurus's word, "shaping" (one slip too, and more used) is not taken for it.
    const alone = await weighTerms(index, speller, 100, [main("shipe", "shiping")], "en");
    expect(alone).toEqual([]);
  });
});
