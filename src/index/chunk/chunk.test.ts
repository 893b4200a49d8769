import { describe, expect, it } from "vitest";
import { extractPage } from "../extract/extract.js";
import { chunkPage, contentHash, countWords, splitPassages } from "./chunk.js";

function words(n: number, prefix = "w"): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");
}

/** A paragraph of `n` words made of sentences of ten words. */
function paragraph(n: number, tag: string): string {
  const sentences: string[] = [];
  for (let i = 0; i < n; i += 10) {
    sentences.push(
      `${tag.toUpperCase()}${i} ${words(Math.min(9, n - i - 1), tag)}.`.replace(" .", "."),
    );
  }
  return sentences.join(" ");
}

function pieces(text: string, options?: { minWords?: number; maxWords?: number }): string[] {
  return splitPassages(text, options).map((s) => text.slice(s.start, s.end));
}

describe("splitPassages", () => {
  it("a section shorter than the minimum stays whole", () => {
    expect(pieces("  Just a few words.  ")).toEqual(["Just a few words."]);
    expect(pieces("")).toEqual([]);
  });

  it("text up to the maximum is one passage", () => {
    const text = `${paragraph(120, "a")}\n\n${paragraph(70, "b")}`;
    expect(pieces(text)).toEqual([text]);
  });

  it("longer text breaks at paragraphs into passages of similar size", () => {
    const paras = [paragraph(90, "a"), paragraph(90, "b"), paragraph(90, "c"), paragraph(90, "d")];
    const text = paras.join("\n\n");
    const out = pieces(text);
    expect(out).toEqual([`${paras[0]}\n\n${paras[1]}`, `${paras[2]}\n\n${paras[3]}`]);
  });

  it("a paragraph longer than a passage breaks at sentences, never inside a word", () => {
    const text = paragraph(500, "s");
    const out = pieces(text);
    expect(out.length).toBe(3);
    for (const p of out) {
      expect(countWords(p, 0, p.length)).toBeLessThanOrEqual(200);
      expect(p).toMatch(/^S\d+ .*\.$/s);
    }
    expect(out.join(" ")).toBe(text);
  });

  it("one endless sentence breaks between words", () => {
    const text = words(450);
    const out = pieces(text);
    expect(out.map((p) => countWords(p, 0, p.length))).toEqual([150, 150, 150]);
    expect(out.join(" ")).toBe(text);
  });

  it("a long <pre> (or list, or table) breaks at lines", () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i}: do_something(${i});`);
    const text = lines.join("\n");
    const out = pieces(text);
    expect(out.length).toBeGreaterThan(1);
    for (const p of out) expect(lines).toContain(p.split("\n")[0]);
    expect(out.join("\n")).toBe(text);
  });

  it("a label (a glossary's term, 'port (integer)') goes with the text it names", () => {
    // A glossary: term, definition, term, definition… The cut after the second definition would
    // leave "decorator" at the end of the first passage, away from what it names.
    const entries = [
      "contiguous",
      paragraph(80, "a"),
      "coroutine",
      paragraph(40, "b"),
      "decorator",
      paragraph(90, "c"),
      "port (integer)",
      paragraph(60, "d"),
    ];
    const out = pieces(entries.join("\n\n"));
    expect(out[0]?.endsWith(entries[3] as string)).toBe(true);
    expect(out[1]?.startsWith(`decorator\n\n${entries[5]}`)).toBe(true);
    // A short paragraph that ends a sentence is no label: it stays where the cut leaves it.
    const sentences = entries.map((e) => (e === "decorator" ? "A decorator." : e));
    expect(pieces(sentences.join("\n\n"))[0]?.endsWith("A decorator.")).toBe(true);
  });

  it("a short tail joins the passage before it", () => {
    const text = `${paragraph(190, "a")}\n\n${paragraph(20, "b")}`;
    expect(pieces(text)).toEqual([text]);
  });

  it("sizes are configurable", () => {
    const text = [paragraph(30, "a"), paragraph(30, "b"), paragraph(30, "c")].join("\n\n");
    expect(pieces(text, { minWords: 10, maxWords: 40 }).length).toBe(3);
  });
});

describe("chunkPage", () => {
  const html = `<html lang="en"><body>
    <h1 id="top">Guide</h1><p>Intro words.</p>
    <section id="install"><h2>Install</h2>
      <p>${paragraph(150, "i")}</p>
      <p id="verify">${paragraph(150, "v")}</p>
    </section>
    <section id="other" lang="de"><h2>Andere</h2><p>Kurzer Text.</p></section>
  </body></html>`;
  const page = extractPage({ url: "https://example.org/guide", html });

  it("each chunk is a verbatim slice of its section and knows its place", () => {
    const chunks = chunkPage(page);
    expect(chunks.map((c) => [c.headingPath.join(" > "), c.anchor, c.lang])).toEqual([
      ["Guide", "top", "en"],
      ["Guide > Install", "install", "en"],
      ["Guide > Install", "verify", "en"],
      ["Guide > Andere", "other", "de"],
    ]);
    for (const c of chunks) {
      expect(c.url).toBe("https://example.org/guide");
      expect(page.sections[c.section]?.text.slice(c.start, c.end)).toBe(c.text);
      expect(c.words).toBe(countWords(c.text, 0, c.text.length));
      expect(c.hash).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("each chunk lists its sentences as offsets into its text", () => {
    const chunk = chunkPage(page).find((c) => c.headingPath.at(-1) === "Andere");
    expect(chunk?.sentences).toEqual([{ start: 0, end: 12 }]);
    for (const c of chunkPage(page)) {
      const joined = c.sentences.map((s) => c.text.slice(s.start, s.end)).join(" ");
      expect(joined.replace(/\s+/g, " ")).toBe(c.text.replace(/\s+/g, " "));
    }
  });

  it("identical text gives one hash, wherever it is", () => {
    const again = extractPage({ url: "https://example.org/guide/index.html", html });
    const a = chunkPage(page).map((c) => c.hash);
    const b = chunkPage(again).map((c) => c.hash);
    expect(b).toEqual(a);
    expect(new Set(a).size).toBe(a.length);
    const last = chunkPage(page).at(-1);
    expect(contentHash("Kurzer Text.", last?.lang ?? "")).toBe(last?.hash);
    // The same words analysed in another language are another passage.
    expect(contentHash("Kurzer Text.", "en")).not.toBe(contentHash("Kurzer Text.", "de"));
  });
});
