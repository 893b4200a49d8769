/**
 * Sections → passages sized for retrieval and quoting. A passage is an exact slice of its
 * section's text (`section.text.slice(start, end)`), so a quote taken from a passage is found
 * verbatim in the page's indexed text. Passages break at paragraph boundaries first, then at line
 * boundaries (list items, table rows, lines of `<pre>`), then at sentences, and only for a single
 * overlong sentence at word boundaries: never inside a word. A label (a glossary's term) never ends
 * a passage: it opens the one with the text it names.
 */
import { hash } from "node:crypto";
import { codeUnitAt } from "../../core/code-units.js";
import { ANALYSIS_VERSION } from "../../text/analysis-version.js";
import { isLabel } from "../../text/label.js";
import type { ExtractedPage, Section } from "../extract/types.js";
import { type Span, splitSentences } from "./sentences.js";

export interface ChunkOptions {
  /** Passages aim to be at least this long; a shorter section stays one passage (default 60). */
  minWords?: number;
  /** Passages are at most this long, unless one word run is longer (default 200). */
  maxWords?: number;
}

/** One passage of a page. */
export interface Chunk {
  /** The page's URL. */
  url: string;
  /** Index of the section in `page.sections`. */
  section: number;
  /** The section's headings, outermost first. */
  headingPath: string[];
  /** The nearest id before the passage's start in its section (for `url#anchor`), or null. */
  anchor: string | null;
  /**
   * The ids further into the passage, as `[offset in text, id]` in order: a quote from there links
   * to the nearest one before it (a glossary's entry, not the first of the passage).
   */
  laterAnchors: [number, string][];
  /** The section's language, else the page's. */
  lang: string;
  /** The passage: `sections[section].text.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  words: number;
  /**
   * The passage's sentences as offsets into `text` (`splitSentences`), so extractive answers can
   * quote whole sentences verbatim without splitting again.
   */
  sentences: Span[];
  /**
   * Content hash of `text` as analysed (`contentHash`): equal text on several pages, or under `/`
   * and `/index.html`, gives one hash, so the store keeps the text once and its places apart.
   */
  hash: string;
}

const DEFAULTS = { minWords: 60, maxWords: 200 };

/** Cuts every section of a page into passages. */
export function chunkPage(page: ExtractedPage, options: ChunkOptions = {}): Chunk[] {
  const chunks: Chunk[] = [];
  page.sections.forEach((section, index) => {
    const lang = section.lang ?? page.lang;
    for (const span of passages(section.text, options, lang)) {
      const text = section.text.slice(span.start, span.end);
      const { anchor, laterAnchors } = anchorsOf(section, span.start, span.end);
      chunks.push({
        url: page.url,
        section: index,
        headingPath: section.headingPath,
        anchor,
        laterAnchors,
        lang,
        text,
        start: span.start,
        end: span.end,
        words: span.words,
        sentences: splitSentences(text, lang),
        hash: contentHash(text, lang),
      });
    }
  });
  return chunks;
}

/**
 * SHA-256 of the text with its language and the analysis version, first 32 hex digits: a passage
 * stored under one hash keeps the terms that language's analysis gave it, so text analysed
 * another way (another language, a newer analysis) is another passage.
 */
export function contentHash(text: string, lang: string): string {
  // the one-shot form: a Hash object per passage costs more than hashing it
  return hash("sha256", `${ANALYSIS_VERSION} ${lang}\n${text}`, "hex").slice(0, 32);
}

/**
 * The ids of a passage from `start` to `end` in the section: the one a link to its start should
 * target, and those further into it, as offsets from `start`.
 */
export function anchorsOf(
  section: Section,
  start: number,
  end: number,
): { anchor: string | null; laterAnchors: [number, string][] } {
  let anchor = section.anchor;
  const laterAnchors: [number, string][] = [];
  for (const a of section.anchors) {
    if (a.offset >= end) break;
    if (a.offset <= start) anchor = a.id;
    else laterAnchors.push([a.offset - start, a.id]);
  }
  return { anchor, laterAnchors };
}

interface Segment extends Span {
  words: number;
}

/**
 * The passages of one text, as spans. Text of at most `maxWords` words is one passage; longer text
 * is cut into pieces of about equal size (at most `maxWords`), the last merged into the one before
 * when shorter than `minWords` and the two together stay within 1.25 × `maxWords`.
 */
export function splitPassages(text: string, options: ChunkOptions = {}, lang?: string): Span[] {
  return passages(text, options, lang).map(({ start, end }) => ({ start, end }));
}

function passages(text: string, options: ChunkOptions, lang: string | undefined): Segment[] {
  const minWords = options.minWords ?? DEFAULTS.minWords;
  const maxWords = Math.max(options.maxWords ?? DEFAULTS.maxWords, minWords, 1);
  const paragraphs = pieces(text, 0, text.length, 2);
  const first = paragraphs[0];
  const last = paragraphs[paragraphs.length - 1];
  if (!first || !last) return [];
  let total = 0;
  for (const p of paragraphs) total += p.words;
  if (total <= maxWords) return [{ start: first.start, end: last.end, words: total }];

  const segments: Segment[] = [];
  for (const paragraph of paragraphs) addSegment(text, paragraph, maxWords, segments, lang);
  const count = Math.ceil(total / maxWords);
  const target = total / count;
  const out: Segment[] = [];
  let current: Segment | null = null;
  let previous: Segment | null = null;
  for (const seg of segments) {
    if (current && (current.words + seg.words > maxWords || current.words >= target)) {
      // A label ends no passage: it goes with the text it names, into the next one.
      const carried: Segment | null =
        previous &&
        previous.start > current.start &&
        previous.words + seg.words <= maxWords &&
        opensParagraph(text, previous)
          ? previous
          : null;
      if (carried) {
        current.end = trimmedEnd(text, current.start, carried.start);
        current.words -= carried.words;
      }
      out.push(current);
      current = carried ? { ...carried } : null;
    }
    if (current) {
      current.end = seg.end;
      current.words += seg.words;
    } else {
      current = { ...seg };
    }
    previous = seg;
  }
  if (current) out.push(current);
  const tail = out[out.length - 1];
  const before = out[out.length - 2];
  if (tail && before && tail.words < minWords && before.words + tail.words <= maxWords * 1.25) {
    before.end = tail.end;
    before.words += tail.words;
    out.pop();
  }
  return out;
}

/**
 * One pass over `text[start, end)`: the trimmed pieces between runs of whitespace holding at
 * least `newlines` line breaks (2: paragraphs, 1: lines), each with its word count.
 */
function pieces(text: string, start: number, end: number, newlines: number): Segment[] {
  const out: Segment[] = [];
  let pieceStart = -1;
  let lastText = -1;
  let words = 0;
  let inWord = false;
  let breaks = 0;
  for (let i = start; i < end; i++) {
    const c = codeUnitAt(text, i);
    if (isSpace(c)) {
      if (c === 10) breaks++;
      inWord = false;
      continue;
    }
    if (breaks >= newlines && pieceStart >= 0) {
      out.push({ start: pieceStart, end: lastText + 1, words });
      pieceStart = -1;
      words = 0;
    }
    breaks = 0;
    if (pieceStart < 0) pieceStart = i;
    if (!inWord) words++;
    inWord = true;
    lastText = i;
  }
  if (pieceStart >= 0) out.push({ start: pieceStart, end: lastText + 1, words });
  return out;
}

/** Adds a span as one segment, or cut at lines, then sentences, then words when too long. */
function addSegment(
  text: string,
  span: Segment,
  maxWords: number,
  out: Segment[],
  lang: string | undefined,
): void {
  const words = span.words;
  if (words <= maxWords) {
    out.push({ ...span });
    return;
  }
  const lines = pieces(text, span.start, span.end, 1);
  if (lines.length > 1) {
    for (const line of lines) addSegment(text, line, maxWords, out, lang);
    return;
  }
  const sentences = splitSentences(text.slice(span.start, span.end), lang).map((s) => ({
    start: s.start + span.start,
    end: s.end + span.start,
    words: countWords(text, s.start + span.start, s.end + span.start),
  }));
  if (sentences.length > 1) {
    for (const s of sentences) addSegment(text, s, maxWords, out, lang);
    return;
  }
  // One sentence longer than a passage: cut between words, into pieces of equal size.
  const size = Math.ceil(words / Math.ceil(words / maxWords));
  const wordRe = /\S+/g;
  wordRe.lastIndex = span.start;
  let pieceStart = -1;
  let pieceEnd = -1;
  let count = 0;
  for (let m = wordRe.exec(text); m && m.index < span.end; m = wordRe.exec(text)) {
    if (pieceStart < 0) pieceStart = m.index;
    pieceEnd = Math.min(m.index + m[0].length, span.end);
    count++;
    if (count === size) {
      out.push({ start: pieceStart, end: pieceEnd, words: count });
      pieceStart = -1;
      count = 0;
    }
  }
  if (count > 0) out.push({ start: pieceStart, end: pieceEnd, words: count });
}

/** A label paragraph (text/label.ts) followed by another paragraph. */
function opensParagraph(text: string, segment: Segment): boolean {
  const before = segment.start === 0 || text.slice(segment.start - 2, segment.start) === "\n\n";
  return (
    before &&
    text.startsWith("\n\n", segment.end) &&
    isLabel(text.slice(segment.start, segment.end))
  );
}

/** The end of `text[start, end)` without its trailing whitespace. */
function trimmedEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isSpace(codeUnitAt(text, i - 1))) i--;
  return i;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0;
}

/** Whitespace-separated words in `text[start, end)`. */
export function countWords(text: string, start: number, end: number): number {
  let words = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const space = isSpace(codeUnitAt(text, i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
