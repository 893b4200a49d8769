import { describe, expect, it } from "vitest";
import { fold } from "./fold.js";
import { createSpeller, osaDistance } from "./suggest.js";
import { debianDocuments } from "./testdata/debian.js";
import { scanWords } from "./tokenize.js";

describe("osaDistance", () => {
  it("counts insertions, deletions, substitutions and neighbour transpositions", () => {
    expect(osaDistance("paket", "paket", 2)).toBe(0);
    expect(osaDistance("paket", "packet", 2)).toBe(1);
    expect(osaDistance("pakage", "package", 2)).toBe(1);
    expect(osaDistance("instlal", "install", 2)).toBe(1);
    expect(osaDistance("instalation", "installation", 2)).toBe(1);
    expect(osaDistance("sytsem", "system", 2)).toBe(1);
    expect(osaDistance("abc", "xyz", 2)).toBe(3);
    expect(osaDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("createSpeller", () => {
  const speller = createSpeller([
    ["installation", 50],
    ["install", 80],
    ["package", 120],
    ["packages", 40],
    ["packet", 5],
    ["system", 200],
    ["systemd", 30],
    ["index", 25],
  ]);

  it("suggests the nearest entries, then the most frequent", () => {
    expect(speller.suggest("instalation").map((s) => s.term)).toEqual(["installation"]);
    expect(speller.suggest("pakage").map((s) => s.term)).toEqual(["package"]);
    expect(speller.suggest("sytsem")[0]).toEqual({ term: "system", distance: 1, frequency: 200 });
    expect(speller.suggest("systme", { max: 1 })).toEqual([
      { term: "system", distance: 1, frequency: 200 },
    ]);
  });

  it("returns the query itself first when it is known", () => {
    expect(speller.suggest("system")[0]).toEqual({ term: "system", distance: 0, frequency: 200 });
  });

  it("is careful with short queries", () => {
    expect(speller.suggest("ix")).toEqual([]);
    expect(speller.suggest("indx").map((s) => s.term)).toEqual(["index"]);
    expect(speller.suggest("inxxx")).toEqual([]);
  });

  it("finds nothing far away", () => {
    expect(speller.suggest("database")).toEqual([]);
    expect(speller.suggest("")).toEqual([]);
  });

  const german = debianDocuments("de");
  it.skipIf(german.length === 0)("corrects typos against a real site's words, fast", () => {
    const counts = new Map<string, number>();
    const text = german.join("\n");
    scanWords(text, (start, end) => {
      const word = fold(text.slice(start, end).toLowerCase());
      counts.set(word, (counts.get(word) ?? 0) + 1);
    });
    const start = performance.now();
    const real = createSpeller(counts);
    const built = performance.now() - start;
    expect(real.size).toBeGreaterThan(5000);
    expect(real.suggest("paketverwaltnug")[0]?.term).toBe("paketverwaltung");
    expect(real.suggest("konfiguraton")[0]?.term).toBe("konfiguration");
    expect(real.suggest("sicherheitsaktualisierungen")[0]?.distance).toBe(0);
    const t = performance.now();
    for (let i = 0; i < 200; i++) real.suggest("instalieren");
    expect((performance.now() - t) / 200).toBeLessThan(5);
    expect(built).toBeLessThan(5000);
  });
});
