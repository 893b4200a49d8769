import { describe, expect, it } from "vitest";
import { storeWithHtml } from "../../test/helpers/html-pages.js";
import { answerQuestion } from "./answer.js";
import { separableVerbs, withGermanVerbs, withoutInfixZu } from "./german-verbs.js";
import { analyseQuestion } from "./question.js";

describe("German verbs in questions", () => {
  it("join a main clause's verb to the particle at its end", () => {
    const wholes = (q: string) => separableVerbs(q).map((v) => v.whole);
    expect(wholes("Wie stelle ich systemweit A4 als Papierformat ein?")).toEqual(["einstelle"]);
    expect(wholes("Der Bildschirm wird schwarz, wie schalte ich das ab?")).toEqual(["abschalte"]);
    expect(wholes("Wie lade ich die Updates nur einmal runter?")).toEqual(["herunterlade"]);
    expect(wholes("Schneide ich das Bild so zu?")).toEqual(["zuschneide"]);
    // A modal verb's particle belongs to the verb it goes with; after a subject, the verb is not
    // told from the words before it.
    expect(wholes("Kann ich auf die alte Version zurück?")).toEqual([]);
    expect(wholes("Der Drucker geht nicht an")).toEqual([]);
  });

  it("read an infinitive with zu inside as its verb", () => {
    expect(withoutInfixZu("abzubrechen")).toBe("abbrechen");
    expect(withoutInfixZu("herunterzuladen")).toBe("herunterladen");
    expect(withoutInfixZu("hinzuzufügen")).toBe("hinzufügen");
    expect(withoutInfixZu("hinzufügen")).toBeNull();
    expect(withoutInfixZu("bezuschussen")).toBeNull();
    expect(withoutInfixZu("Verbindungen")).toBeNull();
  });

  it("search the verb a question means", () => {
    const terms = (q: string) =>
      withGermanVerbs(analyseQuestion(q, ["de"]).terms, q, "de").map((t) => [
        t.word,
        t.term,
        t.otherwise ?? t.related?.for ?? null,
      ]);
    expect(terms("Wie schneide ich ein Bild zu?")).toEqual([
      ["schneide", "schneid", null],
      ["Bild", "bild", null],
      ["zuschneide", "zuschneid", "schneid"],
    ]);
    expect(terms("Wie ist der Vorgang abzubrechen?")).toEqual([
      ["Vorgang", "vorgang", null],
      ["abzubrechen", "abbrech", "abzubrech"],
    ]);
  });

  it("find a page by the verb an infinitive with zu stands for", async () => {
    const page = `<!doctype html><html lang="de"><head><title>Downloads</title></head><body><main>
      <h1>Downloads</h1><p>Einen laufenden Download können Sie jederzeit abbrechen: drücken Sie
      Strg+C im Terminal, und wget hört auf.</p></main></body></html>`;
    const { store, siteId } = await storeWithHtml({ "/downloads.html": page });
    const answer = await answerQuestion(
      store,
      siteId,
      "Wie ist ein laufender Download abzubrechen?",
    );
    const word = answer.evidence?.terms.find((t) => t.word === "abzubrechen");
    expect(word).toMatchObject({ term: "abbrech", status: "known", found: 1 });
  });
});
