import { describe, expect, it } from "vitest";
import { storeWithHtml } from "../../test/helpers/html-pages.js";
import { withJoinedWords } from "./joined-words.js";
import { analyseQuestion } from "./question.js";
import { storedTerms } from "./term-index.js";

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${text}</main></body></html>`;

describe("words a visitor writes apart and the site as one", () => {
  it("are searched joined, related to the question's word, where the site writes them so", async () => {
    const { store, siteId } = await storeWithHtml({
      "/shutdown.html": page(
        "Shutting down the system",
        "<p>Use the shutdown command, or poweroff, to bring the system down cleanly.</p>",
      ),
      "/hardware.html": page(
        "Hardware",
        "<p>The power supply must be sufficient for every disk and card.</p>",
      ),
    });
    const asked = analyseQuestion("how do I power off the system, then log in again?", ["en"]);
    const terms = await withJoinedWords(
      asked.terms,
      asked.text,
      "en",
      storedTerms(store.texts, siteId),
    );
    expect(terms.slice(0, asked.terms.length)).toEqual(asked.terms);
    // "log in" and "the system" are not words of the site.
    expect(terms.slice(asked.terms.length)).toEqual([
      { term: "poweroff", word: "power off", extra: false, related: { for: "power", weight: 1 } },
    ]);
  });
});
