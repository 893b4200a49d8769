import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.js";
import { dutchVerbStem, germanInfinitive } from "./participles.js";

const terms = (text: string, lang: string) => analyze(text, lang).map((t) => t.term);

describe("weak past participles", () => {
  it("gives a German participle's infinitive, a separable prefix kept", () => {
    expect(germanInfinitive("geliefert")).toBe("liefern");
    expect(germanInfinitive("gearbeitet")).toBe("arbeiten");
    expect(germanInfinitive("geöffnet")).toBe("öffnen");
    expect(germanInfinitive("gekauft")).toBe("kaufen");
    expect(germanInfinitive("abgeholt")).toBe("abholen");
    for (const word of ["gegeben", "gerät", "geht", "liefert", "bestellt", "gestern"]) {
      expect(germanInfinitive(word)).toBeNull();
    }
  });

  it("gives what a Dutch participle is made around", () => {
    expect(dutchVerbStem("gerepareerd")).toBe("repareer");
    expect(dutchVerbStem("gemaakt")).toBe("maak");
    expect(dutchVerbStem("geld")).toBeNull();
  });

  it("lets a participle meet its verb, not a noun written with a capital", () => {
    const page = terms("Die Möbel werden innerhalb einer Woche geliefert.", "de");
    expect(terms("Liefern Sie die Möbel?", "de").every((t) => page.includes(t))).toBe(true);
    expect(terms("Das Gerät ist neu.", "de")).toEqual(["gerat", "neu"]);
    const dutch = terms("De fietsen worden binnen een dag gerepareerd.", "nl");
    expect(terms("Repareren jullie fietsen?", "nl").every((t) => dutch.includes(t))).toBe(true);
  });
});
