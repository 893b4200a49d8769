import { describe, expect, it } from "vitest";
import { storeWith } from "../../test/helpers/pg-pages.js";
import { AIDS_IN_USE, type Aids } from "./aids.js";
import { answerQuestion } from "./answer.js";
import type { AnswerModels } from "./models.js";

/** Answers without a chat or embeddings model, whatever the environment says. */
const NO_MODELS: AnswerModels = { written: null, embeddings: null };

const switched = (name: keyof Aids): Aids => ({ ...AIDS_IN_USE, [name]: !AIDS_IN_USE[name] });

describe("the aids, each switchable for the benchmark", () => {
  it("are all in use by default but the co-occurrence statistics", async () => {
    expect(Object.entries(AIDS_IN_USE).filter(([, on]) => !on)).toEqual([["cooccurrence", false]]);
    const { store, siteId } = await storeWith();
    const question = "create an insex on a column";
    expect(await answerQuestion(store, siteId, question, NO_MODELS)).toEqual(
      await answerQuestion(store, siteId, question, NO_MODELS, AIDS_IN_USE),
    );
  });

  it("correct no typo without the spelling aid", async () => {
    const { store, siteId } = await storeWith();
    const status = async (aids: Aids) => {
      const answer = await answerQuestion(
        store,
        siteId,
        "create an insex on a column",
        NO_MODELS,
        aids,
      );
      return {
        searched: answer.terms.includes("index"),
        status: answer.evidence?.terms.find((t) => t.word === "insex")?.status,
      };
    };
    expect(await status(AIDS_IN_USE)).toEqual({ searched: true, status: "corrected" });
    expect(await status(switched("spelling"))).toEqual({ searched: false, status: "unknown" });
  });

  it("search framing words without the framing aid", async () => {
    const { store, siteId } = await storeWith();
    const searched = async (aids: Aids) =>
      (await answerQuestion(store, siteId, "I really want to create an index", NO_MODELS, aids))
        .terms;
    expect(await searched(AIDS_IN_USE)).not.toContain("want");
    expect(await searched(switched("framing"))).toContain("want");
  });

  it("search the site's companions of the question's words with co-occurrence on", async () => {
    const { store, siteId } = await storeWith();
    const question = "create an index on a column";
    const plain = await answerQuestion(store, siteId, question, NO_MODELS);
    const more = await answerQuestion(store, siteId, question, NO_MODELS, switched("cooccurrence"));
    expect(more.terms.length).toBeGreaterThan(plain.terms.length);
    expect(more.terms.slice(0, plain.terms.length)).toEqual(plain.terms);
  });
});
