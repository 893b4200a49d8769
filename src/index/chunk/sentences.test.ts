import { describe, expect, it } from "vitest";
import { sentences, splitSentences } from "./sentences.js";

describe("sentences", () => {
  it("splits at terminal punctuation followed by a capital", () => {
    expect(sentences("One is here. Two is there! Three? Four… Five.")).toEqual([
      "One is here.",
      "Two is there!",
      "Three?",
      "Four…",
      "Five.",
    ]);
  });

  it("keeps closing quotes and brackets with their sentence", () => {
    expect(sentences('He said "stop." Then (it ended.) Later »so.« Done.')).toEqual([
      'He said "stop."',
      "Then (it ended.)",
      "Later »so.«",
      "Done.",
    ]);
  });

  it("English abbreviations", () => {
    expect(sentences("Use a tool, e.g. Make or Ninja. See Fig. 3 and Mr. Smith. Done.")).toEqual([
      "Use a tool, e.g. Make or Ninja.",
      "See Fig. 3 and Mr. Smith.",
      "Done.",
    ]);
    expect(sentences("Sizes vary (i.e. Small, Large). Next.")).toEqual([
      "Sizes vary (i.e. Small, Large).",
      "Next.",
    ]);
  });

  it("German abbreviations and ordinals", () => {
    expect(
      sentences(
        "Pakete, z.B. Debian oder d.h. Ubuntu, bzw. Mint. Siehe Nr. 5 und Abschn. 3. Am 3. Oktober ist Feiertag. Ende.",
        "de",
      ),
    ).toEqual([
      "Pakete, z.B. Debian oder d.h. Ubuntu, bzw. Mint.",
      "Siehe Nr. 5 und Abschn. 3.",
      "Am 3. Oktober ist Feiertag.",
      "Ende.",
    ]);
  });

  it("Italian abbreviations", () => {
    expect(
      sentences(
        "Alcuni pacchetti, ecc. Sono utili, es. Vim. Vedere pag. 12 o p.es. Emacs. Fine.",
        "it",
      ),
    ).toEqual([
      "Alcuni pacchetti, ecc. Sono utili, es. Vim.",
      "Vedere pag. 12 o p.es. Emacs.",
      "Fine.",
    ]);
  });

  it("numbers, versions, file names and lower-case continuations are not boundaries", () => {
    expect(
      sentences(
        "Upgrade to version 15.2 first. Run pg_dump.exe as admin. It costs 3.50 EUR. See www.example.org for more. The end.",
      ),
    ).toEqual([
      "Upgrade to version 15.2 first.",
      "Run pg_dump.exe as admin.",
      "It costs 3.50 EUR.",
      "See www.example.org for more.",
      "The end.",
    ]);
    expect(sentences("Wait... and then it went on. Yes.")).toEqual([
      "Wait... and then it went on.",
      "Yes.",
    ]);
  });

  it("a sentence may end with a version or a file name", () => {
    expect(sentences("Install version 15.2. Then restart. Open pg_dump.exe. It runs.")).toEqual([
      "Install version 15.2.",
      "Then restart.",
      "Open pg_dump.exe.",
      "It runs.",
    ]);
  });

  it("a line break always ends a sentence", () => {
    expect(sentences("- first item\n- second item\nName | Size\n\nLast one")).toEqual([
      "- first item",
      "- second item",
      "Name | Size",
      "Last one",
    ]);
  });

  it("spans are verbatim slices, trimmed", () => {
    const text = "  First one.   Second one.\n\n Third ";
    const spans = splitSentences(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual([
      "First one.",
      "Second one.",
      "Third",
    ]);
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences("   \n ")).toEqual([]);
  });

  it("long input stays linear", () => {
    const text = "Word e.g. word z.B. more text. ".repeat(50_000);
    const started = performance.now();
    expect(splitSentences(text).length).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
