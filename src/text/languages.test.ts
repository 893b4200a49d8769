import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  germanAdditions,
  LANGUAGES,
  primaryTag,
  rulesFor,
  SUPPORTED_LANGUAGES,
} from "./languages.js";

/** lang, word, stem from the reference C implementation (testdata/stems.tsv). */
const REFERENCE = readFileSync(new URL("./testdata/stems.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line !== "" && !line.startsWith("#"))
  .map((line) => line.split("\t") as [string, string, string]);

describe("Snowball stemmers", () => {
  it.each(SUPPORTED_LANGUAGES)("%s stems as libstemmer 2.2 does", (lang) => {
    const rules = LANGUAGES[lang];
    const cases = REFERENCE.filter(([l]) => l === lang);
    expect(cases.length).toBeGreaterThan(100);
    // Hooty's additions to German (languages.ts), tested below.
    const expected = (stem: string) => (lang === "de" ? germanAdditions(stem) : stem);
    const wrong = cases.filter(([, word, stem]) => rules?.stem(word) !== expected(stem));
    expect(wrong).toEqual([]);
  });
});

describe("German additions to Snowball", () => {
  it("meet a verb's -ieren participle and its third person with its noun, and a plural s after a vowel", () => {
    const stem = (word: string) => LANGUAGES.de?.stem(word);
    expect(["installiert", "installierte", "installieren"].map(stem)).toEqual(
      Array(3).fill("installi"),
    );
    expect(["kostet", "kostete", "kosten", "Kosten".toLowerCase()].map(stem)).toEqual(
      Array(4).fill("kost"),
    );
    expect(["arbeitet", "arbeit", "findet", "finden"].map(stem)).toEqual([
      "arbeit",
      "arbeit",
      "find",
      "find",
    ]);
    expect(["autos", "auto", "taxis", "taxi", "handys", "handy"].map(stem)).toEqual([
      "auto",
      "auto",
      "taxi",
      "taxi",
      "handy",
      "handy",
    ]);
    // The word's own s stays.
    expect(["preis", "haus", "glas", "status", "mais"].map(stem)).toEqual([
      "preis",
      "haus",
      "glas",
      "status",
      "mais",
    ]);
  });
});

describe("language tags", () => {
  it("take the primary subtag of BCP 47 tags, any case", () => {
    expect(primaryTag("de-CH")).toBe("de");
    expect(primaryTag("pt_BR")).toBe("pt");
    expect(primaryTag("EN")).toBe("en");
    expect(primaryTag(" it ")).toBe("it");
    expect(primaryTag("")).toBe("");
    expect(primaryTag("x")).toBe("");
    expect(primaryTag("<script>")).toBe("");
  });

  it("find rules for the seven analysed languages only", () => {
    expect(SUPPORTED_LANGUAGES).toEqual(["en", "de", "it", "fr", "es", "pt", "nl"]);
    expect(rulesFor("fr-CA")?.code).toBe("fr");
    expect(rulesFor("ru")).toBeUndefined();
  });
});
