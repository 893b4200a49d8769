import { describe, expect, it } from "vitest";
import { compose } from "./compose.js";
import type { Ranked } from "./rank.js";
import type { WeightedTerm } from "./retrieve.js";

/** A passage of `parts` joined by blank lines (blocks of a section), each part one sentence span. */
function passage(parts: string[]): Ranked {
  const text = parts.join("\n\n");
  const sentences: [number, number][] = [];
  let at = 0;
  for (const part of parts) {
    sentences.push([at, at + part.length]);
    at += part.length + 2;
  }
  return {
    chunk: {
      id: 1,
      siteId: 1,
      hash: "h",
      text,
      lang: "de",
      length: 20,
      sentences,
      places: [
        {
          url: "http://127.0.0.1/pakete",
          title: "Pakete",
          section: 0,
          headingPath: ["Pakete"],
          anchor: "liste",
          start: 0,
          end: text.length,
        },
      ],
    },
    score: 10,
    coverage: 1,
    headingCoverage: 0,
    proximity: 0,
    bm25: 10,
    matched: new Set(["paket"]),
  };
}

const terms: WeightedTerm[] = [
  { term: "paket", word: "Pakete", extra: false, idf: 2 },
  { term: "status", word: "Status", extra: false, idf: 3 },
];

describe("compose", () => {
  it("quotes a sentence that introduces a command through the command to its end", () => {
    const ranked = passage([
      "Um den Status aller installierten Pakete zu sehen, führen Sie den Befehl",
      "dpkg --list",
      "aus.",
      "Es wird eine einzeilige Zusammenfassung für jedes Paket ausgegeben.",
    ]);
    const { answer, citations } = compose([ranked], terms, "de");
    expect(answer).toBe(
      "Um den Status aller installierten Pakete zu sehen, führen Sie den Befehl\n\ndpkg --list\n\naus.",
    );
    expect(ranked.chunk.text).toContain(citations[0]?.quote);
  });

  it("stops at a sentence's end and runs on only a little way", () => {
    const long =
      "Der Status jedes installierten Pakets steht, mit seiner Version und seinem Zustand, in";
    const ended = passage([`${long} einer Datei.`, "Mehr dazu unten."]);
    expect(compose([ended], terms, "de").answer).toBe(`${long} einer Datei.`);
    const listing = passage([`${long} diesen Dateien:`, "a", "b", "c", "d"]);
    expect(compose([listing], terms, "de").answer).toBe(`${long} diesen Dateien:\n\na\n\nb`);
  });

  it("starts a sentence that goes on after a command with the command and what introduces it", () => {
    const intro = "Um ein Paket zurückzuhalten, führen Sie";
    const after = "aus, und der Status des Pakets bleibt, wie er ist, bis Sie es wieder freigeben.";
    const held = passage([
      "Pakete werden sonst bei jeder Aktualisierung erneuert.",
      intro,
      "apt-mark hold paket",
      after,
    ]);
    const { answer } = compose([held], terms, "de");
    expect(answer).toBe(`${intro}\n\napt-mark hold paket\n\n${after}`);
    // A paragraph before it that ends its sentence is not part of the quote.
    const ended = passage([
      "Pakete werden sonst bei jeder Aktualisierung erneuert.",
      "apt-mark hold paket",
      after,
    ]);
    expect(compose([ended], terms, "de").answer).toBe(`apt-mark hold paket\n\n${after}`);
  });

  it("quotes a list item as the page shows it: no mark, no indent", () => {
    const item = passage([
      "  Der Status eines Pakets steht mit seiner Version und seinem Zustand in der Liste der Pakete.",
    ]);
    const { answer, citations } = compose([item], terms, "de");
    expect(answer).toBe(
      "Der Status eines Pakets steht mit seiner Version und seinem Zustand in der Liste der Pakete.",
    );
    expect(item.chunk.text).toContain(citations[0]?.quote);
  });

  it("starts a deep link with words found nowhere earlier on the page", () => {
    const sentence =
      "Der Status aller Pakete wird in der Datenbank von dpkg geführt und bei jeder Installation aktualisiert.";
    const page = `Der Status aller Pakete wird täglich geprüft.\n${sentence}`;
    const { citations } = compose(
      [passage([sentence])],
      terms,
      "de",
      new Map([["http://127.0.0.1/pakete", page]]),
    );
    expect(citations[0]?.url).toContain(":~:text=Der%20Status%20aller%20Pakete%20wird%20in,");
  });
});

describe("the sentence quoted", () => {
  it("reads a phrase that ends no sentence with what goes on from it", () => {
    const ranked = passage([
      "Der Status wird geprüft.",
      "Pakete",
      "mit neuem Status zeigt dpkg an.",
    ]);
    // Each span holds one word of the question; "Pakete" read on holds both.
    expect(compose([ranked], terms, "de").answer).toBe("Pakete\n\nmit neuem Status zeigt dpkg an.");
  });
});

describe("which pages an answer cites", () => {
  /** A one-sentence passage of its own page, in `lang`. */
  const onPage = (url: string, text: string, lang = "de"): Ranked => {
    const base = passage([text]);
    const place = base.chunk.places[0];
    if (!place) throw new Error("no place");
    return { ...base, chunk: { ...base.chunk, lang, places: [{ ...place, url }] } };
  };

  it("cites only pages in the question's language when the best one is", () => {
    const ranked = [
      onPage("http://127.0.0.1/de/pakete", "Der Status aller Pakete zeigt dpkg an."),
      onPage("http://127.0.0.1/it/pacchetti", "Lo stato dei pacchetti (Pakete) mostra dpkg.", "it"),
      onPage("http://127.0.0.1/de/status", "Den Status eines Pakets zeigt dpkg -s."),
    ];
    expect(compose(ranked, terms, "de").citations.map((c) => c.url.split("#")[0])).toEqual([
      "http://127.0.0.1/de/pakete",
      "http://127.0.0.1/de/status",
    ]);
    // A question in a language no page is in gets the best pages, whatever theirs.
    expect(compose(ranked, terms, "fr").citations).toHaveLength(3);
  });

  it("does not cite a menu after the first page", () => {
    const ranked = [
      onPage("http://127.0.0.1/de/pakete", "Der Status aller Pakete zeigt dpkg an."),
      onPage("http://127.0.0.1/", "Pakete\n  Status\n  Hilfe\n  Über uns"),
    ];
    expect(compose(ranked, terms, "de").citations).toHaveLength(1);
  });

  it("cites short lines of code or a table after the first page: they are no menu", () => {
    const ranked = [
      onPage("http://127.0.0.1/de/pakete", "Der Status aller Pakete zeigt dpkg an."),
      onPage("http://127.0.0.1/de/status", "Pakete:\n  $ dpkg -s\n    status=1\n  $ dpkg -l"),
      onPage("http://127.0.0.1/de/tabelle", "Pakete\tStatus\nBefehl\tdpkg\nHilfe\tman"),
    ];
    expect(compose(ranked, terms, "de").citations).toHaveLength(3);
  });
});
