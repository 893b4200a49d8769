import { eld } from "eld/extrasmall";
import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect.js";
import { SUPPORTED_LANGUAGES } from "./languages.js";
import { DEBIAN_LANGUAGES, debianParagraphs, debianSentences } from "./testdata/debian.js";
import { evaluationSentences } from "./testdata/sentences.js";

function accuracy(set: [string, string][], detect: (text: string, lang: string) => string): number {
  let right = 0;
  for (const [lang, text] of set) if (detect(text, lang) === lang) right++;
  return right / set.length;
}

const ours = (text: string) => detectLanguage(text).lang;

describe("detectLanguage: short questions", () => {
  it.each([
    ["wie installiere ich ein paket", "de"],
    ["come si aggiorna il sistema", "it"],
    ["how do I create an index", "en"],
    ["comment mettre à jour le système", "fr"],
    ["cómo actualizo el sistema", "es"],
    ["como atualizo o sistema", "pt"],
    ["hoe installeer ik een pakket", "nl"],
    ["öffnungszeiten", "de"],
    ["orari di apertura", "it"],
    // Letters a language writes or never does: Spanish writes é, never è.
    ["Cos'è Debian?", "it"],
    ["Dov'è il file?", "it"],
    ["Já está instalado?", "pt"],
    ["Où est le fichier ?", "fr"],
    ["¿Dónde está?", "es"],
    ["Müssen wir zahlen?", "de"],
  ])("%s → %s", (question, lang) => {
    const guess = detectLanguage(question);
    expect(guess.lang).toBe(lang);
    expect(guess.confidence).toBeGreaterThan(0);
  });
});

describe("detectLanguage: hand-written sentences (testdata/sentences.tsv)", () => {
  const set = evaluationSentences();

  it("has 30 or more sentences per language, a third of them short questions", () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      const mine = set.filter(([l]) => l === lang);
      expect(mine.length).toBeGreaterThanOrEqual(30);
      expect(mine.filter(([, t]) => t.split(" ").length <= 10).length).toBeGreaterThanOrEqual(10);
    }
  });

  it("finds the language of at least 99% overall and 95% in each language", () => {
    expect(accuracy(set, ours)).toBeGreaterThanOrEqual(0.99);
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(
        accuracy(
          set.filter(([l]) => l === lang),
          ours,
        ),
        lang,
      ).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("is helped by the right declared language and not misled by a wrong one", () => {
    expect(accuracy(set, (text, lang) => detectLanguage(text, { declared: lang }).lang)).toBe(1);
    const wrong = (text: string, lang: string) =>
      detectLanguage(text, { declared: lang === "en" ? "de" : "en" }).lang;
    expect(accuracy(set, wrong)).toBeGreaterThanOrEqual(0.98);
  });
});

describe("detectLanguage: hints", () => {
  it("lets the site's languages decide when the text does not", () => {
    expect(detectLanguage("Debian GNU").lang).not.toBe("en");
    expect(detectLanguage("Debian GNU", { candidates: ["en", "de"] })).toEqual({
      lang: "en",
      confidence: 0,
    });
    expect(detectLanguage("Hotel Bellevue", { declared: "fr" }).lang).toBe("fr");
  });

  it("keeps clear evidence for another language", () => {
    expect(detectLanguage("come si aggiorna il sistema", { candidates: ["de", "en"] }).lang).toBe(
      "it",
    );
    const german =
      "Die Paketverwaltung kümmert sich um die Abhängigkeiten zwischen den Programmen.";
    expect(detectLanguage(german, { declared: "en-US", candidates: ["en"] }).lang).toBe("de");
  });

  it("falls back to the hints, with confidence 0, when the text has no words", () => {
    expect(detectLanguage("", { declared: "de-CH" })).toEqual({ lang: "de", confidence: 0 });
    expect(detectLanguage("12345 !!! 🎉", { candidates: ["it", "en"] })).toEqual({
      lang: "it",
      confidence: 0,
    });
    expect(detectLanguage("   ")).toEqual({ lang: "und", confidence: 0 });
  });
});

const installed = DEBIAN_LANGUAGES.every((lang) => debianParagraphs(lang, 1).length > 0);

describe.skipIf(!installed)("detectLanguage: Debian documentation (real text)", () => {
  const sentences: [string, string][] = [];
  const paragraphs: [string, string][] = [];
  if (installed) {
    for (const lang of DEBIAN_LANGUAGES) {
      for (const sentence of debianSentences(lang, 150)) sentences.push([lang, sentence]);
      for (const paragraph of debianParagraphs(lang, 40)) paragraphs.push([lang, paragraph]);
    }
  }
  const firstWords = (n: number): [string, string][] =>
    sentences.map(([lang, text]) => [lang, text.split(" ").slice(0, n).join(" ")]);

  it("finds the language of 98% of sentences and paragraphs", () => {
    expect(sentences.length).toBeGreaterThan(900);
    expect(accuracy(sentences, ours)).toBeGreaterThanOrEqual(0.98);
    expect(accuracy(paragraphs, ours)).toBeGreaterThanOrEqual(0.98);
  });

  it("finds the language of the first 3 and 5 words of sentences as well as eld alone, or better", () => {
    const eldAlone = (text: string) => eld.detect(text).language;
    for (const n of [3, 5]) {
      const set = firstWords(n);
      expect(accuracy(set, ours), `${n} words`).toBeGreaterThanOrEqual(
        accuracy(set, eldAlone) - 0.005,
      );
    }
    expect(accuracy(firstWords(5), ours)).toBeGreaterThanOrEqual(0.95);
  });
});
