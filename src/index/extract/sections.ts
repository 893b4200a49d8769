/** Blocks → sections: a new section at every heading, text joined by the blocks' separators. */
import { primaryLanguage } from "./language.js";
import { type Block, CELL_SEP, type DetectLanguage, type Section } from "./types.js";

/**
 * Shortest section text (in characters) handed to a language detector: a short paragraph in
 * another language (a hotel page's "Informations en français") is one; the detector tells it only
 * when it plainly is (index/language.ts).
 */
const DETECT_MIN_CHARS = 80;

/**
 * Builds the sections of a page from its blocks, skipping those whose `keep` flag is 0 (site
 * boilerplate). Sections with no text are left out; their headings stay in the heading paths of
 * the sections below them.
 */
export function buildSections(
  blocks: readonly Block[],
  keep: Uint8Array | null,
  pageLang: string,
  detectLanguage?: DetectLanguage,
): Section[] {
  const sections: Section[] = [];
  const headings: { level: number; text: string; anchor: string | null; end: number }[] = [];
  let current: Draft = draft([], null);
  let prev: Block | null = null;

  const close = () => {
    if (current.length > 0) sections.push(finish(current, pageLang, detectLanguage));
  };

  for (let i = 0; i < blocks.length; i++) {
    // A wrapped heading's scope ended (its note box or <section> closed): the text that follows
    // belongs to the heading above it again.
    let ended = false;
    while (headings.length > 0) {
      const end = headings[headings.length - 1]?.end ?? -1;
      if (end < 0 || end > i) break;
      headings.pop();
      ended = true;
    }
    if (ended) {
      close();
      const parent = headings[headings.length - 1];
      current = draft(
        headings.map((h) => h.text),
        null,
      );
      current.fallback = parent?.anchor ?? null;
      prev = null;
    }
    if (keep && keep[i] === 0) continue;
    const block = blocks[i] as Block;
    if (block.kind === "heading") {
      close();
      while (headings.length > 0 && (headings[headings.length - 1]?.level ?? 0) >= block.level) {
        headings.pop();
      }
      headings.push({
        level: block.level,
        text: block.text,
        anchor: block.anchor,
        end: block.scopeEnd,
      });
      current = draft(
        headings.map((h) => h.text),
        block.anchor,
      );
      prev = block;
      continue;
    }
    // A passage in another declared language (`<p lang="de">` on an Italian page) is a section
    // of its own under the same headings: it is analysed, and found, in its language.
    const declared = declaredLanguage(block, pageLang);
    if (current.length > 0 && declared !== current.declared) {
      const anchor = current.anchor ?? current.fallback;
      close();
      current = draft([...current.headingPath], null);
      current.fallback = anchor;
      prev = null;
    }
    if (current.length === 0) current.declared = declared;
    let sep = block.sep;
    if (current.length > 0 && prev) {
      if (sep === CELL_SEP && prev.row !== block.row) sep = "\n";
      if (sep === "\n" && (block.group === 0 || prev.group !== block.group)) sep = "\n\n";
    }
    const offset = current.length === 0 ? 0 : current.length + sep.length;
    if (block.anchor !== null && block.anchor !== current.lastAnchor) {
      if (current.anchor === null && current.length === 0) current.anchor = block.anchor;
      else current.anchors.push({ offset, id: block.anchor });
      current.lastAnchor = block.anchor;
    }
    if (current.length === 0) current.parts = [block.text];
    else current.parts.push(sep, block.text);
    current.length = offset + block.text.length;
    if (block.lang)
      current.langChars.set(
        block.lang,
        (current.langChars.get(block.lang) ?? 0) + block.text.length,
      );
    else current.plainChars += block.text.length;
    prev = block;
  }
  close();
  return sections;
}

interface Draft {
  headingPath: string[];
  anchor: string | null;
  /** The anchor when no block supplies one (a resumed section: its heading's). */
  fallback: string | null;
  lastAnchor: string | null;
  /**
   * The text's pieces, joined when the section is done: one flat string, where repeated `+` would
   * leave a rope that every later pass over the text (passages, sentences, terms) reads slower.
   */
  parts: string[];
  /** The text's length. */
  length: number;
  anchors: { offset: number; id: string }[];
  /** Characters per declared language, and characters without a declared language. */
  langChars: Map<string, number>;
  plainChars: number;
  /** The language its blocks declare other than the page's (null: the page's, or none). */
  declared: string | null;
}

function draft(headingPath: string[], anchor: string | null): Draft {
  return {
    headingPath,
    anchor,
    fallback: null,
    lastAnchor: anchor,
    parts: [],
    length: 0,
    anchors: [],
    langChars: new Map(),
    plainChars: 0,
    declared: null,
  };
}

/** The block's declared language when it is not the page's own (primary subtags compared). */
function declaredLanguage(block: Block, pageLang: string): string | null {
  if (!block.lang) return null;
  const primary = (code: string) => code.toLowerCase().split("-")[0];
  return primary(block.lang) === primary(pageLang) ? null : block.lang;
}

function finish(d: Draft, pageLang: string, detect: DetectLanguage | undefined): Section {
  const text = d.parts.join("");
  const section: Section = {
    headingPath: d.headingPath,
    anchor: d.anchor ?? d.fallback,
    text,
    anchors: d.anchors,
  };
  let lang: string | null = null;
  let best = d.plainChars;
  for (const [code, chars] of d.langChars) {
    if (chars > best) {
      best = chars;
      lang = code;
    }
  }
  if (lang === null && detect && text.length >= DETECT_MIN_CHARS) {
    lang = primaryLanguage(detect(text));
  }
  if (lang !== null && lang !== pageLang) section.lang = lang;
  return section;
}
