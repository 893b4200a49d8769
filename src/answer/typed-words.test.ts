import { describe, expect, it } from "vitest";
import { storeWith } from "../../test/helpers/pg-pages.js";
import { answerQuestion } from "./answer.js";

/** How the question's word was read on the pg pages: "known", "corrected", "unknown" … */
async function statusIn() {
  const { store, siteId } = await storeWith();
  return async (question: string, word: string) =>
    (await answerQuestion(store, siteId, question)).evidence?.terms.find((t) => t.word === word)
      ?.status;
}

describe("the visitor's words as typed", () => {
  it("corrects a typo from the word as typed when its stem drifts far from the site's", async () => {
    const { store, siteId } = await storeWith();
    // "ahaed" stems to "aha": two edits from the site's "ahead", one from the typed word.
    const answer = await answerQuestion(store, siteId, "can I skip ahaed when creating a database");
    expect(answer.terms).toContain("ahead");
    expect(answer.evidence?.terms.find((t) => t.word === "ahaed")?.status).toBe("corrected");
  });

  it("takes a word for a typo only where a slip of the keyboard or a vowel makes it", async () => {
    const status = await statusIn();
    // s sits beside d; p is nowhere near it: "inpex" is some other word, not "index" mistyped.
    expect(await status("create an insex on a column", "insex")).toBe("corrected");
    expect(await status("create an inpex on a column", "inpex")).toBe("unknown");
    expect(await status("how many decimal digots", "digots")).toBe("corrected");
  });

  it("does not take a name for a typo of a word of the site", async () => {
    const status = await statusIn();
    expect(await status("create an indez on a column", "indez")).toBe("corrected");
    expect(await status("how do I create an Indez on a column", "Indez")).toBe("unknown");
    expect(await status("is there an InDex for it", "InDex")).toBe("known");
    expect(await status("Indez on a column?", "Indez")).toBe("corrected");
  });

  it("weighs an example value the site never shows lightly: the page explains the kind", async () => {
    const { store, siteId } = await storeWith();
    const question = "how many decimal digits can a numeric column hold, like 12345.678901";
    const answer = await answerQuestion(store, siteId, question);
    expect(answer.covered).toBe(true);
    expect(answer.citations[0]?.url).toContain("/datatype-numeric.html");
    const value = answer.evidence?.terms.find((t) => t.status === "unknown");
    const word = answer.evidence?.terms.find((t) => t.word === "decimal");
    expect(value?.weight).toBeLessThan(word?.weight ?? 0);
  });

  it("corrects no word of a question in a language the site is not in", async () => {
    const status = await statusIn();
    expect(await status("how do I create an insex", "insex")).toBe("corrected");
    // Spanish on an English site: "creo" is no slip of the keyboard for "care". Its "tabla" still
    // finds the site's "table", as the two languages' stems meet.
    expect(await status("¿Cómo creo una tabla?", "creo")).toBe("unknown");
    expect(await status("¿Cómo creo una tabla?", "tabla")).toBe("known");
  });

  it("does not answer a question of nothing but pleasantries, small numbers or letters", async () => {
    const { store, siteId } = await storeWith();
    for (const question of ["what is 1+1", "1=1", "x", "hello", "thanks!"]) {
      const answer = await answerQuestion(store, siteId, question);
      expect(answer.covered, question).toBe(false);
      expect(answer.citations).toEqual([]);
    }
    expect((await answerQuestion(store, siteId, "what is numeric(3,1)")).covered).toBe(true);
  });

  it("does not answer a long story around a question the pages do not cover", async () => {
    const { store, siteId } = await storeWith();
    const story =
      "I am planning a long holiday trip with my family to the mountains next summer and we would love to know which hotels have the best breakfast, where to rent bicycles, how expensive the ski passes are, whether dogs are allowed on the cable cars and what the weather usually looks like in August up there near the lakes";
    const answer = await answerQuestion(store, siteId, story);
    expect(answer.covered).toBe(false);
    expect(answer.citations).toEqual([]);
  });
});
