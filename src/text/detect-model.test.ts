/**
 * When the n-gram model loads (a file of its own: each test file gets a fresh process state, and
 * this one must start without the model).
 */
import { describe, expect, it } from "vitest";
import { detectLanguage, languageModelLoaded } from "./detect.js";

describe("detectLanguage: the n-gram model loads only when a text needs it", () => {
  it("settles a short question by its stopwords when they name one of the site's languages", () => {
    const questions: [string, string][] = [
      ["How do I get the list of all the tables in a schema?", "en"],
      ["Wie kann ich das System auf die neue Version aktualisieren?", "de"],
      ["Come posso sapere quale versione del kernel sto usando?", "it"],
    ];
    for (const [question, lang] of questions) {
      expect(detectLanguage(question, { candidates: [lang] }).lang, question).toBe(lang);
    }
    expect(languageModelLoaded()).toBe(false);
    // Without the site's languages, or without stopwords, the n-grams decide.
    expect(detectLanguage("Debian Kernel Version", { candidates: ["de"] }).lang).toBe("de");
    expect(languageModelLoaded()).toBe(true);
  });
});
