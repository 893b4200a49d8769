/**
 * The classifier corpus (test/fixtures/classify) through the built `hooty classify --batch`, as
 * the outside checks run it: every protection page detected with its product, every shell found,
 * no ordinary page flagged. Needs `npm run build` first.
 */
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../bench/classify.bench.js";
import { jsonLines, runHooty } from "./helpers/cli.js";

const corpus = loadCorpus();

function count(predicate: (c: (typeof corpus)[number]) => boolean): number {
  return corpus.filter(predicate).length;
}

describe("classifier corpus through hooty classify --batch", () => {
  it("holds enough cases of each kind", () => {
    const protection = corpus.filter((c) => c.expectKind === "bot-protection");
    const products = new Set(protection.map((c) => c.expectProduct).filter((p) => p !== null));
    expect(protection.length).toBeGreaterThanOrEqual(40);
    expect(products.size).toBeGreaterThanOrEqual(15);
    expect(count((c) => c.expectKind === "js-rendered")).toBeGreaterThanOrEqual(12);
    expect(count((c) => c.name.startsWith("content/"))).toBeGreaterThanOrEqual(30);
  });

  it("classifies every case as expected, product included", async () => {
    const input = corpus.map((c) => JSON.stringify(c.response)).join("\n");
    const result = await runHooty(["classify", "--batch"], { input });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout) as { kind: string; product: string | null }[];
    expect(lines).toHaveLength(corpus.length);
    const wrong = corpus
      .map((c, i) => ({ c, got: lines[i] }))
      .filter(({ c, got }) => got?.kind !== c.expectKind || got?.product !== c.expectProduct)
      .map(
        ({ c, got }) =>
          `${c.name}: expected ${c.expectKind} ${c.expectProduct}, got ${got?.kind} ${got?.product}`,
      );
    expect(wrong).toEqual([]);
  });
});
