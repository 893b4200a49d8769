import { describe, expect, it } from "vitest";
import { asksNothing, withoutFraming } from "./framing-words.js";
import { analyseQuestion } from "./question.js";

const words = (question: string, lang = "en") => [
  ...new Set(
    withoutFraming(analyseQuestion(question, [lang]).terms, lang, question).map((t) => t.word),
  ),
];

describe("a question's framing words", () => {
  it("are not searched: they say how the visitor asks, not what about", () => {
    expect(words("Someone told me to split the table per month, is that possible?")).toEqual([
      "split",
      "table",
      "per",
      "month",
    ]);
    expect(words("I really want to know the default port")).toEqual(["default", "port"]);
  });

  it("are known in German and Italian too", () => {
    expect(words("Was macht das Klonwerkzeug eigentlich?", "de")).toEqual(["Klonwerkzeug"]);
    expect(words("sai dirmi da dove scarico l'immagine iso?", "it")).not.toContain("sai");
    expect(words("vorrei registrare la sessione del terminale", "it")).toEqual([
      "registrare",
      "sessione",
      "terminale",
    ]);
  });

  it("include the verbs that ask what a thing is for, or say it is needed", () => {
    expect(words("Wozu dient tasksel?", "de")).toEqual(["tasksel"]);
    expect(words("Wie viel RAM braucht der Installer?", "de")).toEqual(["RAM", "Installer"]);
    expect(words("a cosa serve il file watch?", "it")).toEqual(["file", "watch"]);
    expect(words("mi serve un editor esadecimale", "it")).toEqual(["editor", "esadecimale"]);
  });

  it("include the noun of a phrase that asks how long, when or how often", () => {
    expect(words("¿Cuánto tiempo tarda la instalación?", "es")).toEqual(["tarda", "instalación"]);
    expect(words("Combien de temps dure l'installation ?", "fr")).toEqual([
      "dure",
      "l'installation",
    ]);
    expect(words("Quanto tempo leva a instalação?", "pt")).toEqual(["leva", "instalação"]);
    expect(words("Hoe lang duurt de verzending?", "nl")).toEqual(["duurt", "verzending"]);
    expect(words("A che ora è la colazione?", "it")).toEqual(["colazione"]);
    expect(words("Wie lange dauert die Lieferung?", "de")).toEqual(["dauert", "Lieferung"]);
    expect(words("How often is the backup taken?")).toEqual(["backup", "taken"]);
    // The same noun elsewhere is the question's topic.
    expect(words("Wie ändere ich die Uhr?", "de")).toEqual(["ändere", "Uhr"]);
    expect(words("how long is a long integer?")).toEqual(["long", "integer"]);
  });

  it("stay when the question has no other word", () => {
    expect(words("what do you need?")).toEqual(["need"]);
  });

  it("are only the question language's", () => {
    expect(words("Ich möchte wissen, wie man want konfiguriert", "de")).toContain("want");
  });
});

describe("a question that asks nothing", () => {
  const asks = (question: string, lang = "en") =>
    !asksNothing(analyseQuestion(question, [lang]).terms);

  it("is one of pleasantries, small numbers and single letters alone", () => {
    for (const question of ["1=1", "* OR 1=1", "what is 1+1", "42", "x", "hello", "Thanks!"]) {
      expect(asks(question), question).toBe(false);
    }
    expect(asks("Hallo, danke!", "de")).toBe(false);
    expect(asks("ciao grazie", "it")).toBe(false);
    for (const question of ["thank you very much", "thanks a lot", "good morning"]) {
      expect(asks(question), question).toBe(false);
    }
    expect(asks("vielen Dank", "de")).toBe(false);
    expect(asks("grazie mille!", "it")).toBe(false);
  });

  it("is not one with a word, a name or a longer number beside them", () => {
    for (const question of [
      "Debian 12",
      "port 5432",
      "5432",
      "1 + 1 in SQL",
      "hello world",
      "a lot of rows",
    ]) {
      expect(asks(question), question).toBe(true);
    }
    expect(asksNothing([])).toBe(false);
  });
});
