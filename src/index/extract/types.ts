/**
 * What extraction makes of one HTML page: its title, language and main text by section. The
 * section text is the material answers quote from, so it is stored exactly as built here.
 */
import type { Attributes } from "./html-events.js";

/** The input: one fetched page. */
export interface PageInput {
  /** The page's URL (after redirects); relative `canonical` links resolve against it. */
  url: string;
  /** The decoded HTML. */
  html: string;
  /** Response headers, names in lower case (only `content-language` is read). */
  headers?: Record<string, string>;
}

/**
 * Tells the language of a text, for pages (and sections) that do not declare theirs. Returns a
 * lower-case ISO 639-1 code ("de"), or null when unsure. src/text provides one; extraction works
 * without it.
 */
export type DetectLanguage = (text: string) => string | null;

/** Follows extraction's parse of a page: the element and text callbacks, in document order. */
export interface ParseObserver {
  onopentag(name: string, attribs: Attributes): void;
  ontext(data: string): void;
  onclosetag(name: string): void;
}

export interface ExtractOptions {
  /** Language detector for pages without a declared language and for sections. */
  detectLanguage?: DetectLanguage;
  /**
   * When true and `detectLanguage` is given, the detected language wins over the declared one
   * (templates often declare one language for every page). Default false: declared wins.
   */
  preferDetected?: boolean;
  /**
   * Default true. False leaves `sections` empty, for callers that build them after site-level
   * boilerplate detection anyway (the index).
   */
  sections?: boolean;
  /** Also told every callback of the page's (first) parse, so other readers need no parse of their own. */
  observer?: ParseObserver;
}

export { CELL_SEP } from "../../store/types.js";

/** The kind of one text block, which decides how it joins its neighbours in section text. */
export type BlockKind = "heading" | "text" | "item" | "cell" | "pre";

/**
 * One unit of page text in document order: a heading, a paragraph (or any block-level text run),
 * a list item, one table cell, or a `<pre>` block. Site-level boilerplate detection works on
 * blocks; sections are built from the blocks that remain.
 */
export interface Block {
  kind: BlockKind;
  /** 1–6 for headings, else 0. */
  level: number;
  /**
   * For a heading wrapped with its text in an element (`<section>`, DocBook's `div.sect1`, a note
   * box `<div class="note"><h3>Note</h3>…</div>`): the index of the first block after that
   * element, where the heading's scope ends. -1 when the heading runs until the next heading of the
   * same or a higher level (flat HTML). Always -1 for other blocks.
   */
  scopeEnd: number;
  /**
   * The block's text: whitespace collapsed (kept as is in `pre`), trimmed, never empty; a list
   * item's lines are indented by two spaces per level of its list.
   */
  text: string;
  /**
   * How this block joins the previous one in section text: "\n\n" (new paragraph), "\n" (next
   * list item or table row, or next paragraph in a cell) or CELL_SEP (next cell of a row).
   */
  sep: string;
  /** The id a link should target to reach this block: the last id opened before it ends. */
  anchor: string | null;
  /** Declared language of the nearest element with a `lang` attribute, lower case, if any. */
  lang: string | null;
  /** The outermost list or table this block belongs to (0: none); "\n" joins only within one. */
  group: number;
  /** The table row of a cell (0: none); CELL_SEP joins only cells of one row. */
  row: number;
  /** Most of the block's text is link text (navigation is made of such blocks). */
  linked: boolean;
  /** The block is a definition list's term (`<dt>`): a label of the description after it. */
  term: boolean;
  /**
   * Fingerprint of the block's place and words: a hash of the DOM path (tag names and classes of
   * its ancestors) and its case-folded text. Equal on every page where the same template block
   * appears.
   */
  fingerprint: number;
}

/**
 * An element that holds two or more blocks, as the range of block indexes it spans. Site-level
 * detection drops whole regions (a navigation table, a footer) whose blocks are mostly repeated.
 */
export interface Region {
  /** First block index (inclusive). */
  start: number;
  /** Last block index (exclusive). */
  end: number;
}

/** A stretch of text under one heading. */
export interface Section {
  /** The headings above this text, outermost first; [] for text before the first heading. */
  headingPath: string[];
  /**
   * The id to link to (`url#anchor`): the heading's id, an id or `<a name>` inside the heading,
   * else the last id before it (an enclosing `<section id>`, a preceding `<a name>`); null when the
   * page has none.
   */
  anchor: string | null;
  /**
   * The section's text: blocks joined by their separators (paragraphs by a blank line, list items
   * as lines indented by their depth, table rows as lines with cells joined by CELL_SEP, `<pre>`
   * kept as written): only what the page shows, and whitespace. The heading itself is in
   * `headingPath`, not here. May be "" for a heading with no text below it.
   */
  text: string;
  /** The section's language when it differs from the page's. */
  lang?: string;
  /**
   * Finer link targets inside the text: each id (in order) with the offset in `text` of the first
   * block it reaches. Chunks starting later in a section link to the nearest one.
   */
  anchors: { offset: number; id: string }[];
}

/** The extraction of one page. */
export interface ExtractedPage {
  url: string;
  /** `<title>`, else `og:title`, else the first `<h1>`; whitespace collapsed; "" when none. */
  title: string;
  /** Lower-case primary language subtag ("de"), or "und" when undeclared and undetected. */
  lang: string;
  /** `<meta name="description">` or `og:description`, when present. */
  description?: string;
  /** `<link rel="canonical">` resolved against the URL, when present and http(s). */
  canonical?: string;
  /** The main text by section, after page-level rules (and site-level ones if applied). */
  sections: Section[];
  /** The blocks the sections are made of, for site-level boilerplate detection. */
  blocks: Block[];
  /** Elements spanning several blocks, for site-level boilerplate detection. */
  regions: Region[];
  /**
   * Distinct fingerprints (ascending) of the blocks the main-text selection left out: on a page
   * with `<main>` or `<article>`, the bars and footers around it. Not the page's text, but what
   * the site repeats is learnt from them too, so a footer also on pages without those elements is
   * known for the boilerplate it is.
   */
  outside?: readonly number[];
}
