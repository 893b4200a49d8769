import { describe, expect, it } from "vitest";
import { withoutFraming } from "./framing-words.js";
import { analyseQuestion } from "./question.js";

const words = (question: string, lang = "en") =>
  withoutFraming(analyseQuestion(question, [lang]).terms, lang).map((t) => t.word);

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

  it("stay when the question has no other word", () => {
    expect(words("what do you need?")).toEqual(["need"]);
  });

  it("are only the question language's", () => {
    expect(words("Ich möchte wissen, wie man want konfiguriert", "de")).toContain("want");
  });
});
