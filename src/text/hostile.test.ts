/**
 * Hostile input: whatever a page or a visitor sends, analysis and detection return, never throw,
 * and take time in proportion to the input.
 */
import { describe, expect, it } from "vitest";
import { analyze, createAnalyzer } from "./analyze.js";
import { detectLanguage } from "./detect.js";
import { SUPPORTED_LANGUAGES } from "./languages.js";

/** Deterministic pseudo-random code units, surrogates and controls included. */
function noise(length: number, seed = 1): string {
  let state = seed;
  const units = new Uint16Array(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    units[i] = state >>> 16;
  }
  let out = "";
  for (let i = 0; i < length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

const HOSTILE: [string, string][] = [
  ["empty", ""],
  ["one huge word", "a".repeat(2_000_000)],
  ["random UTF-16, lone surrogates", noise(400_000)],
  ["controls", "\u0000\u0001\u0007\u001b[31m\u007f\u0085\u2028\u2029\ufeff\ufffe".repeat(10_000)],
  ["emoji", "👍🏽👨‍👩‍👧‍👦🇩🇪🎉 ok ".repeat(20_000)],
  ["right-to-left", "\u202eשלום עולם مرحبا بالعالم\u202c \u200f".repeat(20_000)],
  ["mixed scripts", "abcабвαβγ東京עב١٢٣ Straße-ção_x.y'z ".repeat(20_000)],
  ["zalgo", `a${"\u0301\u0316\u0334".repeat(50_000)}`],
  ["joiners", "a-b.c'd_e-".repeat(100_000)],
  ["apostrophes and dots", "'''''.....-----''a'b'c'd'e'f'g".repeat(30_000)],
  ["long compound chains", "paketverwaltungssystem".repeat(50_000)],
  ["compounds", "Paketverwaltungsdatenbanksicherheitseinstellung ".repeat(20_000)],
  ["digits", "1234567890.".repeat(100_000)],
];

describe("hostile input", () => {
  it.each(HOSTILE)(
    "%s: analysed in every language and detected without throwing",
    (_name, text) => {
      for (const lang of [...SUPPORTED_LANGUAGES, "xx", ""]) {
        const start = performance.now();
        const tokens = analyze(text, lang);
        const bad = tokens.filter((t) => t.term === "" || t.end <= t.start || t.end > text.length);
        expect(bad).toEqual([]);
        // at least 250,000 characters a second, whatever the input (the real rate is far
        // higher; a quadratic step would take minutes here)
        expect(performance.now() - start, lang).toBeLessThan(1000 + text.length / 250);
      }
      const guess = detectLanguage(text, { declared: "de", candidates: ["de", "en"] });
      expect(guess.confidence).toBeGreaterThanOrEqual(0);
      expect(guess.confidence).toBeLessThanOrEqual(1);
    },
  );

  it("takes time in proportion to the input", () => {
    const unit =
      "Die Paketverwaltung installiert pg_dump 15.4 und l'installazione ".repeat(100) +
      noise(5000, 7);
    const time = (copies: number) => {
      const analyzer = createAnalyzer("de");
      const text = unit.repeat(copies);
      const start = performance.now();
      analyzer.analyze(text);
      detectLanguage(text);
      return performance.now() - start;
    };
    time(10);
    const small = Math.min(time(25), time(25), time(25));
    const large = Math.min(time(200), time(200));
    // 8 times the input: linear is about 8 times the time, quadratic 64 times
    expect(large / small).toBeLessThan(24);
  });

  it("rejects nothing at the type boundary", () => {
    expect(detectLanguage(undefined as unknown as string)).toEqual({ lang: "und", confidence: 0 });
  });
});
