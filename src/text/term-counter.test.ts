import { describe, expect, it } from "vitest";
import { analyze, createAnalyzer } from "./analyze.js";

/** What `countTerms` must give: the terms as `analyze` yields them, counted in a map. */
function counted(text: string, lang: string, once: readonly string[] = []) {
  const counts = new Map<string, { term: string; tf: number }>();
  let length = 0;
  const add = (term: string) => {
    const known = counts.get(term);
    if (known) known.tf++;
    else counts.set(term, { term, tf: 1 });
  };
  for (const token of analyze(text, lang)) {
    if (!token.extra) length++;
    add(token.term);
  }
  for (const term of once) add(term);
  return { terms: [...counts.values()], length };
}

const TEXTS: [string, string][] = [
  ["en", "Installing packages: the installer installs packages, and pg_dump dumps them (pg_dump)."],
  ["en", "It's the apt-get tool; apt-get and E-Mail and e-mail, 15.4 and 15.4 again."],
  ["de", "Die Paketverwaltung installiert Pakete; die Paketverwaltung kennt Paketquellen."],
  ["en", ""],
  ["en", "the and of"],
];

describe("countTerms: term frequencies of a text", () => {
  it("counts what analyze yields, in order of first occurrence", () => {
    for (const [lang, text] of TEXTS) {
      const analyzer = createAnalyzer(lang);
      expect(analyzer.countTerms(text)).toEqual(counted(text, lang));
      // again, from the words it holds now
      expect(analyzer.countTerms(text)).toEqual(counted(text, lang));
    }
  });

  it("adds the terms counted once after the text's, and to those it has", () => {
    const text = "Installing packages with the installer";
    const once = ["packag", "manual", "instal"];
    expect(createAnalyzer("en").countTerms(text, once)).toEqual(counted(text, "en", once));
  });

  it("stays exact when its tables start over in the middle of a text", () => {
    for (const capacity of [1, 2, 3, 5]) {
      const analyzer = createAnalyzer("en", { cacheSize: capacity });
      for (const [lang, text] of TEXTS.filter(([l]) => l === "en")) {
        expect(analyzer.countTerms(text, ["packag", "zebra"])).toEqual(
          counted(text, lang, ["packag", "zebra"]),
        );
      }
    }
  });
});
