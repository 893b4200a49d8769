/**
 * Hostile input: whatever a visitor types, every available thesaurus returns an array and never
 * throws, quickly.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { openThesaurus } from "./open.js";
import type { Thesaurus } from "./types.js";

const HOSTILE: [string, unknown][] = [
  ["empty", ""],
  ["spaces", "   \t  "],
  ["huge", "a".repeat(2_000_000)],
  ["just over the limit", "b".repeat(121)],
  ["controls", "car\u0000\u0007"],
  ["newline", "car\nauto"],
  ["the MyThes separator", "car|1"],
  ["a sense-key fragment", "car%1:06:00::"],
  ["lone surrogate", "car\ud800"],
  ["emoji", "👍🏽🇩🇪"],
  ["right-to-left", "\u202eשלום"],
  ["regex and path characters", ".*[](){}\\/../../etc/passwd"],
  ["not a string", 42],
  ["undefined", undefined],
];

const thesauri: [string, Thesaurus | null][] = [
  ["wordnet", openThesaurus("en")],
  ["mythes en", openThesaurus("en", { source: "mythes" })],
  ["mythes de", openThesaurus("de")],
  ["mythes it", openThesaurus("it")],
];

describe("hostile input", () => {
  for (const [name, thesaurus] of thesauri) {
    it.skipIf(thesaurus === null)(`${name}: returns an array, never throws`, () => {
      for (const [, input] of HOSTILE) {
        const start = performance.now();
        const out = thesaurus?.lookup(input as string);
        expect(Array.isArray(out)).toBe(true);
        expect(performance.now() - start).toBeLessThan(500);
      }
      expect(thesaurus?.lookup("car", { limit: -5 })).toEqual([]);
      expect(thesaurus?.lookup("car", { limit: Number.NaN })).toEqual([]);
    });
  }

  it("a damaged thesaurus file gives a problem and empty lookups, not an exception", () => {
    const dir = tempDir("hooty-mythes-");
    writeFileSync(join(dir, "th_it_IT_v2.idx"), "KOI8-R\n1\nparola|0\n");
    writeFileSync(join(dir, "th_it_IT_v2.dat"), "KOI8-R\nparola|1\n-|vocabolo\n");
    const damaged = openThesaurus("it", { mythesDir: dir });
    expect(damaged?.lookup("parola")).toEqual([]);
    expect(damaged?.problem).toContain("KOI8-R");
  });
});
