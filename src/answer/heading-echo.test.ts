import { describe, expect, it } from "vitest";
import type { SectionHeading } from "../store/types.js";
import { echoedHeadings, headingIndex } from "./heading-echo.js";

const headings = (...texts: string[]): SectionHeading[] =>
  texts.map((heading, i) => ({ url: `https://a.example/${i}`, heading, chunkId: i + 1 }));

const echoes = (question: string, lang: string, texts: string[], siteName = "") =>
  echoedHeadings(question, lang, headingIndex(headings(...texts)), siteName).map((h) => h.heading);

describe("headings a question repeats", () => {
  it("reads a heading word for word, whatever its case, accents and numbering", () => {
    expect(echoes("What is PostgreSQL?", "en", ["1. What Is PostgreSQL?", "2. History"])).toEqual([
      "1. What Is PostgreSQL?",
    ]);
    expect(
      echoes(
        "cosa e debian",
        "it",
        ["Capitolo 1. Definizioni", "1.2. Cosa è Debian GNU/Linux?"],
        "Le FAQ di Debian GNU/Linux",
      ),
    ).toEqual(["1.2. Cosa è Debian GNU/Linux?"]);
    expect(echoes("What is PostgreSQL?", "en", ["Appendix K. What Is PostgreSQL"])).toHaveLength(1);
    // An elided word reads as the whole one.
    expect(
      echoes("Cos'è Debian?", "it", ["1.2. Cosa è Debian GNU/Linux?"], "Debian GNU/Linux"),
    ).toHaveLength(1);
  });

  it("lets a heading add words of the site's name, and either side stopwords, nothing more", () => {
    const site = "Die Debian GNU/Linux-FAQ";
    expect(echoes("Was ist Debian?", "de", ["1.1. Was ist Debian GNU/Linux?"], site)).toHaveLength(
      1,
    );
    // Without the name, "GNU/Linux" narrows the heading.
    expect(echoes("Was ist Debian?", "de", ["1.1. Was ist Debian GNU/Linux?"])).toEqual([]);
    expect(echoes("How do I install Debian?", "en", ["How do I install Debian on ARM?"])).toEqual(
      [],
    );
    // A word beyond the heading may be what the question asks.
    expect(echoes("What is PostgreSQL's price?", "en", ["What Is PostgreSQL?"])).toEqual([]);
    expect(echoes("So what is PostgreSQL?", "en", ["What Is PostgreSQL?"])).toHaveLength(1);
  });

  it("reads the same terms in another order when there are two or more", () => {
    const faq = ["Kapitel 2. Debian bekommen", "2.1. Was ist die aktuelle Version von Debian?"];
    expect(echoes("Welche Version von Debian ist die aktuelle?", "de", faq)).toEqual([faq[1]]);
    expect(echoes("Welche Version von Debian ist die neueste?", "de", faq)).toEqual([]);
    expect(echoes("PostgreSQL limits", "en", ["Appendix K. PostgreSQL Limits"])).toHaveLength(1);
    expect(echoes("PostgreSQL", "en", ["PostgreSQL"])).toEqual([]);
  });

  it("needs three words, one of them saying something, and prefers the closest heading", () => {
    expect(echoes("PostgreSQL?", "en", ["PostgreSQL"])).toEqual([]);
    expect(echoes("what is it", "en", ["What is it?"])).toEqual([]);
    expect(
      echoes(
        "Was ist Debian?",
        "de",
        ["Was ist Debian GNU/Linux?", "Was ist Debian?"],
        "Debian GNU/Linux",
      ),
    ).toEqual(["Was ist Debian?", "Was ist Debian GNU/Linux?"]);
  });
});
