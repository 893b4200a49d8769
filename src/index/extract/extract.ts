/**
 * HTML → title, language and main text by section, in one streaming pass over htmlparser2's
 * callbacks (no DOM is built). Page-level rules drop what is never page text (scripts, forms,
 * navigation, page header and footer, asides outside the main text, hidden elements, cookie
 * banners, skip links, permalinks, tables of contents, blocks of links that only lead elsewhere:
 * link-line.ts) and keep `<main>` (or `<article>`) when the page marks its main content. Text that
 * repeats across a site's pages is dropped later by `createSiteBoilerplate` (boilerplate.ts), which
 * works on the `blocks` and `regions` returned here.
 *
 * Work is linear in the input: every element costs O(1) (paths are hashed incrementally, attribute
 * strings are cut before they are scanned), so hostile pages (deep nesting, huge attributes,
 * garbage bytes) cost no more than their size.
 */

import { distinctFingerprints } from "./boilerplate.js";
import { hash52, hash52Lower, pathStep } from "./hash.js";
import { type Attributes, HtmlEvents } from "./html-events.js";
import { declaredLanguage, primaryLanguage } from "./language.js";
import { LinkLine } from "./link-line.js";
import { emptyRuleAttributes, type RuleAttributes, readRuleAttributes } from "./rule-attributes.js";
import {
  BLOCK_TAGS,
  classMark,
  DROPPED_ROLES,
  DROPPED_TAGS,
  HEAD_TAGS,
  HEADING_LEVEL,
  idMark,
  idNamesText,
  isHiddenStyle,
  PERMALINK_TEXT,
  PREFORMATTED,
  SECTIONING,
  SHELL_TAGS,
  SKIP_LINK_TEXT,
} from "./rules.js";
import { buildSections } from "./sections.js";
import {
  type Block,
  type BlockKind,
  CELL_SEP,
  type ExtractedPage,
  type ExtractOptions,
  type PageInput,
  type ParseObserver,
  type Region,
} from "./types.js";

/** Longest attribute value read for ids, classes and URLs; longer ones are cut or ignored. */
const MAX_ATTRIBUTE = 2048;
/** Longest title and description kept. */
const MAX_TITLE = 1000;
const MAX_DESCRIPTION = 2000;
/** Longest id kept as an anchor. */
const MAX_ID = 200;
/** Ids remembered to tell a repeated one: a hostile page's million ids must not fill memory. */
const MAX_IDS_SEEN = 50_000;
/**
 * Blocks kept of one page; the rest of the page is left out. Real pages hold a few thousand at
 * most (the PostgreSQL manual's book index: 3,196); a hostile page of 5 MB of `<p>1</p>` holds
 * 340,000, which would take seconds and tens of megabytes of site boilerplate memory each.
 */
export const MAX_BLOCKS = 50_000;

interface Frame {
  tag: string;
  /** This element starts a dropped subtree. */
  drops: boolean;
  block: boolean;
  pathHash: number;
  lang: string | null;
  /** blocks.length when the element opened. */
  blockStart: number;
  main: boolean;
  article: boolean;
  sectioning: boolean;
  heading: boolean;
  pre: boolean;
  list: boolean;
  table: boolean;
  row: boolean;
  item: boolean;
  cell: boolean;
  /** An `<a href>`: images inside read as their alt text. */
  link: boolean;
  /** For `<a href="#…">`: where its text starts in `parts`, to remove a skip link or permalink. */
  linkMark: number;
  /** `flushes` when `linkMark` was taken. */
  linkFlushes: number;
  /** For `<a href="#…">`: the id it points to. */
  linkTarget: string;
  /** The element's id ("" for none). */
  id: string;
  /** Index of the heading block this element is the scope of, or -1. */
  scopeOf: number;
  /** An <aside> in a `<section>` of the main text: no class or id inside it names a component. */
  sectionAside: boolean;
  /** Set when the element turned out to be a component (see `Pending`): its blocks are not kept. */
  suppressed: Pending | null;
}

/**
 * A block element whose id, and nothing else, holds a component's word ("sidebar",
 * "Sharing-Defaults"): it is read until its first block, which decides. When the id is a slug of
 * that block's text (a heading, a term), it names a section or an entry and the element is text;
 * otherwise the element is the component, and its blocks are left out.
 */
interface Pending {
  frame: Frame;
  id: string;
  /** The last id before the element: an id inside a left-out element is no anchor. */
  lastIdBefore: string | null;
}

/** A list item or table cell being filled, and how many blocks it has produced so far. */
interface Context {
  kind: "item" | "cell";
  emitted: number;
  group: number;
  row: number;
  depth: number;
}

/** Per block of `Parsed.blocks`: whether it stands inside `<main>` (IN_MAIN), `<article>` (IN_ARTICLE). */
const IN_MAIN = 1;
const IN_ARTICLE = 2;

interface Parsed {
  title: string;
  firstH1: string;
  htmlLang: string | null;
  metaLang: string | null;
  description: string | null;
  ogTitle: string | null;
  canonical: string | null;
  base: string | null;
  blocks: Block[];
  /** IN_MAIN and IN_ARTICLE bits of each block (kept apart: the blocks are the page's). */
  within: number[];
  regions: Region[];
}

/**
 * Extracts one page: title, language, description, canonical URL and the main text by section.
 * Never throws on bad HTML; a page with no text gives `sections: []`.
 *
 * @example
 * const page = extractPage({ url, html, headers: { "content-language": "de" } });
 * for (const s of page.sections) console.log(s.headingPath.join(" > "), s.anchor, s.text);
 */
export function extractPage(input: PageInput, options: ExtractOptions = {}): ExtractedPage {
  let parsed = parse(input.html, "all", options.observer);
  if (!hasBodyText(parsed.blocks)) {
    // Components by class and id are guesses (a theme's "wy-nav-content" wraps the whole text);
    // when they leave nothing, the page is read without them, still without what always goes
    // (line numbers beside code, hidden text), and failing that without any class rule.
    const marked = parse(input.html, "marks");
    const plain = hasBodyText(marked.blocks) ? marked : parse(input.html, "none");
    if (hasBodyText(plain.blocks)) parsed = plain;
    // A page whose server wrote its text only for readers without JavaScript: that text is what
    // HootyBot, which runs none, is given.
    else if (input.html.includes("<noscript")) {
      const noscript = parse(input.html, "all", undefined, true);
      if (hasBodyText(noscript.blocks)) parsed = noscript;
    }
  }
  const blocks = selectMain(parsed.blocks, parsed.within, collapse(parsed.title));
  const regions = remapRegions(parsed.regions, blocks.map);
  for (const b of blocks.kept) if (b.scopeEnd >= 0) b.scopeEnd = blocks.map[b.scopeEnd] as number;

  let lang = declaredLanguage(
    parsed.htmlLang,
    parsed.metaLang,
    input.headers?.["content-language"],
  );
  if (options.detectLanguage && (lang === null || options.preferDetected)) {
    const sample = sampleText(blocks.kept);
    const detected = sample.length >= 20 ? primaryLanguage(options.detectLanguage(sample)) : null;
    if (detected) lang = detected;
  }
  const pageLang = lang ?? "und";
  const kept = blocks.kept;
  const title = clip(
    collapse(parsed.title) || collapse(parsed.ogTitle ?? "") || parsed.firstH1,
    MAX_TITLE,
  );
  const page: ExtractedPage = {
    url: input.url,
    title,
    lang: pageLang,
    sections:
      options.sections === false ? [] : buildSections(kept, null, pageLang, options.detectLanguage),
    blocks: kept,
    regions,
  };
  if (blocks.left.length > 0) page.outside = distinctFingerprints(blocks.left);
  const description = clip(collapse(parsed.description ?? ""), MAX_DESCRIPTION);
  if (description) page.description = description;
  const canonical = resolveUrl(parsed.canonical, parsed.base, input.url);
  if (canonical) page.canonical = canonical;
  return page;
}

function hasBodyText(blocks: Block[]): boolean {
  return blocks.some((b) => b.kind !== "heading");
}

/** The first ~2,000 characters of non-heading text, for language detection. */
function sampleText(blocks: Block[]): string {
  let out = "";
  for (const b of blocks) {
    if (b.kind === "heading" || b.kind === "pre") continue;
    out += `${b.text}\n`;
    if (out.length > 2000) break;
  }
  return out;
}

/**
 * Keeps the blocks inside `<main>`/role=main if any, else inside `<article>` if any, else all.
 * The page's title heading set before the main text (Drupal's and GitBook's `<h1>` in a region of
 * its own) heads it, when the main text has none and the page's `<title>` begins with it.
 */
function selectMain(
  blocks: Block[],
  within: number[],
  title: string,
): { kept: Block[]; left: Block[]; map: Int32Array } {
  const inside = (bit: number) =>
    blocks.some((b, i) => ((within[i] as number) & bit) !== 0 && b.kind !== "heading");
  const keep = inside(IN_MAIN) ? IN_MAIN : inside(IN_ARTICLE) ? IN_ARTICLE : 0;
  const map = new Int32Array(blocks.length + 1);
  if (keep === 0) {
    for (let i = 0; i <= blocks.length; i++) map[i] = i;
    return { kept: blocks, left: [], map };
  }
  const heading = titleHeadingBefore(blocks, within, keep, title);
  const kept: Block[] = [];
  const left: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    map[i] = kept.length;
    const block = blocks[i] as Block;
    if (((within[i] as number) & keep) !== 0) kept.push(block);
    // It heads what follows up to the next heading of its level, whatever element held it.
    else if (i === heading) kept.push({ ...block, scopeEnd: -1 });
    else left.push(block);
  }
  map[blocks.length] = kept.length;
  return { kept, left, map };
}

/** The index of the `<h1>` before the main text that names the page, or -1. */
function titleHeadingBefore(
  blocks: Block[],
  within: number[],
  keep: number,
  title: string,
): number {
  const first = within.findIndex((bits) => (bits & keep) !== 0);
  if (first < 0 || title === "") return -1;
  for (let i = first; i < blocks.length; i++) {
    const b = blocks[i] as Block;
    if (((within[i] as number) & keep) !== 0 && b.kind === "heading" && b.level === 1) return -1;
  }
  for (let i = first - 1; i >= 0; i--) {
    const b = blocks[i] as Block;
    if (b.kind !== "heading" || b.level !== 1) continue;
    return title.toLowerCase().startsWith(b.text.toLowerCase()) ? i : -1;
  }
  return -1;
}

function remapRegions(regions: Region[], map: Int32Array): Region[] {
  const out: Region[] = [];
  for (const r of regions) {
    const start = map[r.start] as number;
    const end = map[r.end] as number;
    if (end - start < 2) continue;
    const last = out[out.length - 1];
    if (last && last.start === start && last.end === end) continue;
    out.push({ start, end });
  }
  return out;
}

function resolveUrl(href: string | null, base: string | null, pageUrl: string): string | null {
  if (!href || href.length > MAX_ATTRIBUTE) return null;
  try {
    const baseUrl = base ? new URL(base, pageUrl).href : pageUrl;
    const url = new URL(href.trim(), baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** `text` cut to at most `max` characters, at a space when there is one near the end. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return space > max * 0.8 ? cut.slice(0, space) : cut;
}

/**
 * An item's first block as Hooty wrote it before list marks were left out: "- " in place of the
 * two spaces at `at`. Only its fingerprint is taken from this.
 */
function listMarked(text: string, at: number): string {
  return `${text.slice(0, at)}- ${text.slice(at + 2)}`;
}

/**
 * Collapses whitespace (including no-break spaces) and drops invisible and control characters:
 * a title is shown in terminals, where an escape sequence in it would act.
 */
export function collapse(text: string): string {
  return text.replace(INVISIBLE, "").replace(CONTROL, "").replace(BR_OR_SPACE, " ").trim();
}

// Control characters are this code's subject: garbage input is cleaned, and U+0001 marks <br>.
/** Soft hyphens, zero-width characters, byte-order marks, NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removes NUL from page text
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff\u0000]/g;
/** `<br>` inside normal text, turned into a line break when the block is flushed. */
const BR = "\u0001";
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0001 is the <br> marker
const BR_RUN = /[ ]*\u0001[\u0001 ]*/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0001 is the <br> marker
const BR_OR_SPACE = /[\s\u00a0\u0001]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removes control characters
const CONTROL = /[\u0002-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;
/** Any character that INVISIBLE or CONTROL would remove. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finds control characters
const ODD = /[\u00ad\u200b-\u200d\u2060\ufeff\u0000\u0002-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;
/** NUL and the <br> marker in the input. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips markers from the input
const RESERVED = /[\u0000\u0001]/g;
/** Runs of whitespace to collapse (a lone space is left alone). */
const SPACES =
  /[\s\u00a0]{2,}|[\t\n\r\f\v\u00a0\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u1680]/g;

function attr(attribs: Attributes, name: string): string {
  const v = attribs.get(name);
  if (v === undefined) return "";
  return cut(v);
}

/** A disclosure button (an accordion's question in its heading) opens or closes a panel. */
function opensPanel(rule: RuleAttributes): boolean {
  return rule.ariaExpanded || rule.ariaControls !== undefined;
}

function cut(value: string): string {
  return value.length > MAX_ATTRIBUTE ? value.slice(0, MAX_ATTRIBUTE) : value;
}

const signatureCache = new Map<string, string>();

/** "div.navheader" with class names sorted and digits dropped (so "post-42" matches "post-7"). */
function signature(tag: string, classes: string): string {
  if (classes === "" || tag === "html" || tag === "body") return tag;
  const key = `${tag} ${classes}`;
  let known = signatureCache.get(key);
  if (known === undefined) {
    known = makeSignature(tag, classes);
    if (key.length < 300) {
      if (signatureCache.size >= 20_000) signatureCache.clear();
      signatureCache.set(key, known);
    }
  }
  return known;
}

function makeSignature(tag: string, classes: string): string {
  const names = classes
    .slice(0, 256)
    .replace(/\d+/g, "")
    .split(/\s+/)
    .filter((c) => c !== "")
    .sort();
  return names.length > 0 ? `${tag}.${names.join(".")}` : tag;
}

/**
 * Which class and id rules a parse follows: all of them, only the marks of what always goes
 * (hiding classes, consent banners, permalinks, line numbers: `classMark`'s "drop"), or none.
 */
type ClassRules = "all" | "marks" | "none";

function parse(
  html: string,
  classRules: ClassRules,
  observer?: ParseObserver,
  readNoscript = false,
): Parsed {
  const out: Parsed = {
    title: "",
    firstH1: "",
    htmlLang: null,
    metaLang: null,
    description: null,
    ogTitle: null,
    canonical: null,
    base: null,
    blocks: [],
    within: [],
    regions: [],
  };
  const blocks = out.blocks;
  const regions = out.regions;
  const root: Frame = {
    tag: "#root",
    drops: false,
    block: true,
    pathHash: 0,
    lang: null,
    blockStart: 0,
    main: false,
    article: false,
    sectioning: false,
    heading: false,
    pre: false,
    list: false,
    table: false,
    row: false,
    item: false,
    cell: false,
    link: false,
    linkMark: -1,
    linkFlushes: 0,
    linkTarget: "",
    id: "",
    scopeOf: -1,
    sectionAside: false,
    suppressed: null,
  };
  const stack: Frame[] = [root];
  /** The frame of every element inside a dropped subtree: nothing there is read. */
  const INERT: Frame = { ...root, tag: "#inert", block: false, blockStart: -1 };
  const contexts: Context[] = [];
  const pendings: Pending[] = [];
  /** Open elements whose blocks are left out (see `Pending`). */
  let suppressDepth = 0;
  const ruleAttributes = emptyRuleAttributes();
  let dropDepth = 0;
  let mainDepth = 0;
  let articleDepth = 0;
  let sectioningDepth = 0;
  /**
   * Open `<section>`s: an <aside> in one within the main text is part of that section's text, and
   * its class (docutils' "sidebar") names no component; nor do the classes inside it.
   */
  let sectionDepth = 0;
  let sectionAsideDepth = 0;
  let headingDepth = 0;
  let headingLevel = 0;
  let preDepth = 0;
  let listDepth = 0;
  let listGroup = 0;
  let tableDepth = 0;
  let tableGroup = 0;
  let rowId = 0;
  let nextId = 1;
  let inTitle = false;
  let inTitleDone = false;
  let inHead = false;
  let linkDepth = 0;
  let lastId: string | null = null;
  const idsSeen = new Set<string>();
  /** `flushes` when `lastId` was set. */
  let idFlushes = -1;
  /**
   * The anchor that names the text from here on: `id`, unless the page used it before. A browser
   * goes to an id's first element, so a second one names no place: the text after it has none
   * until the next id. (The same id again before any text, `<h2 id="x"><a name="x">`, is the same
   * place.)
   */
  const anchorAt = (id: string): string | null => {
    if (idsSeen.has(id)) return id === lastId && idFlushes === flushes ? id : null;
    if (idsSeen.size < MAX_IDS_SEEN) idsSeen.add(id);
    idFlushes = flushes;
    return id;
  };
  /** Ids that a control read so far opens or closes (`aria-controls`): accordion and tab panels. */
  const controlled = new Set<string>();
  const noteControlled = (ids: string) => {
    for (const one of cut(ids).split(/\s+/)) {
      if (one !== "" && controlled.size < MAX_IDS_SEEN) controlled.add(one);
    }
  };
  let blockAnchor: string | null = null;
  let parts: string[] = [];
  let hasText = false;
  let linkChars = 0;
  let textChars = 0;
  /** The links of the block read so far, and the text between them. */
  const linkLine = new LinkLine();
  /** Flushes so far: a skip link's mark in `parts` is valid only while this has not changed. */
  let flushes = 0;

  const top = (): Frame => stack[stack.length - 1] as Frame;

  /** Ends the block of text read so far; `closing` is the element whose end ends it, if one does. */
  function flush(closing?: Frame): void {
    flushes++;
    const navigation = preDepth === 0 && linkLine.isNavigation();
    linkLine.reset();
    if (!hasText || blocks.length >= MAX_BLOCKS || navigation) {
      parts = [];
      hasText = false;
      linkChars = 0;
      textChars = 0;
      return;
    }
    const raw = parts.join("");
    parts = [];
    hasText = false;
    const linked = linkChars * 2 >= textChars;
    linkChars = 0;
    textChars = 0;
    const anchor = blockAnchor;
    blockAnchor = null;
    let text: string;
    let kind: BlockKind;
    if (preDepth > 0) {
      text = raw
        .replace(INVISIBLE, "")
        .replace(CONTROL, "")
        .replace(/\r\n?/g, "\n")
        .replaceAll(BR, "\n")
        .replace(/^[ \t]*\n/, "")
        .replace(/\s+$/, "");
      kind = "pre";
      if (text.trim() === "") return;
    } else {
      text = raw;
      if (ODD.test(text)) text = text.replace(INVISIBLE, "").replace(CONTROL, "");
      text = text.replace(SPACES, " ");
      if (text.includes(BR))
        text = text.replace(BR_RUN, (m) => (m.split(BR).length > 2 ? "\n\n" : "\n"));
      text = text.trim();
      if (text === "") return;
      kind = "text";
    }
    if (pendings.length > 0) decidePending(text);
    if (suppressDepth > 0) return;
    const frame = top();
    let level = 0;
    let sep = "\n\n";
    let markedAt = -1;
    let group = 0;
    let row = 0;
    if (headingDepth > 0 && preDepth === 0) {
      kind = "heading";
      level = headingLevel;
      text = text.replace(/\s*\n\s*/g, " ");
      if (level === 1 && out.firstH1 === "") out.firstH1 = text;
    } else {
      const ctx = contexts[contexts.length - 1];
      if (ctx?.kind === "item") {
        // Each line of an item is indented by its list's depth; no mark is added, since the page
        // shows none (a quote of the text is then found on the page).
        const indent = "  ".repeat(Math.min(ctx.depth, 8) + 1);
        const lines = text.includes("\n") ? text.replaceAll("\n", `\n${indent}`) : text;
        text = `${indent}${lines}`;
        if (ctx.emitted === 0) {
          // Fingerprints stay what they were when an item's text began with "- ": the site's
          // stored pages and boilerplate state hold them.
          markedAt = indent.length - 2;
          if (kind !== "pre") kind = "item";
        }
        sep = "\n";
        group = ctx.group;
        ctx.emitted++;
      } else if (ctx?.kind === "cell") {
        group = ctx.group;
        row = ctx.row;
        if (ctx.emitted === 0) {
          const prev = blocks[blocks.length - 1];
          sep = prev && prev.row === row ? CELL_SEP : "\n";
          if (kind !== "pre") {
            kind = "cell";
            text = text.replace(/\n+/g, " ");
          }
        } else {
          sep = "\n";
        }
        ctx.emitted++;
      }
    }
    const hashed = markedAt < 0 ? text : listMarked(text, markedAt);
    const fingerprint =
      kind === "pre" ? hash52(hashed, frame.pathHash) : hash52Lower(hashed, frame.pathHash);
    blocks.push({
      kind,
      level,
      scopeEnd: -1,
      text,
      sep,
      anchor,
      // The text was inside the element being closed, which may declare its own language.
      lang: closing?.lang ?? frame.lang,
      group,
      row,
      linked,
      term: (closing ?? frame).tag === "dt",
      fingerprint,
    });
    out.within.push((mainDepth > 0 ? IN_MAIN : 0) | (articleDepth > 0 ? IN_ARTICLE : 0));
  }

  const events = new HtmlEvents({
    onopentag(name, attribs) {
      observer?.onopentag(name, attribs);
      const parent = top();
      if (dropDepth > 0) {
        stack.push(INERT);
        return;
      }
      const isBlock = BLOCK_TAGS.has(name);
      if (name === "head") inHead = true;
      else if (inHead && !HEAD_TAGS.has(name)) inHead = false;
      if (inHead || name === "title" || name === "meta" || name === "link" || name === "base") {
        readHead(name, attribs);
      }
      const rule = readRuleAttributes(attribs, ruleAttributes);
      const role = rule.role ? cut(rule.role).trim().toLowerCase() : "";
      const classes = rule.class ? cut(rule.class) : "";
      const id = rule.id ? cut(rule.id).trim() : "";
      // Inside the main text an <aside> is the text's own (docutils' footnotes, topics and
      // sidebars); elsewhere it is the site's sidebar.
      const textAside = name === "aside" && (mainDepth > 0 || articleDepth > 0);
      if (rule.ariaControls !== undefined) noteControlled(rule.ariaControls);
      let drops =
        (DROPPED_TAGS.has(name) &&
          !(name === "button" && headingDepth > 0 && opensPanel(rule)) &&
          !(readNoscript && name === "noscript")) ||
        DROPPED_ROLES.has(role) ||
        (name === "aside" && !textAside);
      let pending = false;
      if (!drops && (name === "header" || name === "footer")) drops = sectioningDepth === 0;
      if (
        !drops &&
        (((rule.hidden || rule.ariaHidden === "true") && name !== "html" && name !== "body") ||
          (rule.style && isHiddenStyle(rule.style)))
      ) {
        // A closed panel of an accordion or of tabs is the page's text one click away, as a
        // closed <details> is: kept. Other hidden elements are not shown at all.
        drops = !(
          rule.untilFound ||
          rule.labelled ||
          role === "tabpanel" ||
          role === "region" ||
          (id !== "" && controlled.has(id))
        );
      }
      if (
        !drops &&
        classRules !== "none" &&
        (classes !== "" || id !== "") &&
        !SHELL_TAGS.has(name) &&
        sectionAsideDepth === 0 &&
        !(textAside && sectionDepth > 0) &&
        role !== "main"
      ) {
        const byClass = classes === "" ? "none" : classMark(classes);
        const byId = id === "" ? "none" : idMark(id);
        if (byClass === "drop" || byId === "drop") drops = true;
        else if (classRules === "marks") {
          // Components are the guesses that left nothing of the page: none is taken.
        } else if (headingDepth > 0 || HEADING_LEVEL.has(name)) {
          // A heading's words are never a component's: "toc-backref" marks a link back to the
          // table of contents whose text is the heading, and a heading's id is its anchor.
          drops = byClass === "component" && headingDepth === 0;
        } else if (byClass === "component") drops = true;
        else if (byId === "component") {
          // An inline element's id is an anchor in running text (Sphinx's `<span id>` labels).
          pending = isBlock && preDepth === 0;
        }
      }
      if (drops) {
        const block = isBlock;
        if (block) flush();
        dropDepth++;
        stack.push({ ...parent, tag: name, drops: true, block, link: false, linkMark: -1 });
        return;
      }
      const block = isBlock && preDepth === 0;
      if (block) flush();
      const langAttr = rule.lang ?? rule.xmlLang;
      // The page's own language is the page's; blocks carry only languages declared inside it.
      const lang =
        langAttr !== undefined && name !== "html"
          ? primaryLanguage(langAttr.slice(0, 64))
          : parent.lang;
      if (name === "html" && langAttr !== undefined && out.htmlLang === null) {
        out.htmlLang = langAttr.slice(0, 64);
      }
      const frame: Frame = {
        tag: name,
        drops: false,
        block,
        pathHash: block ? pathStep(parent.pathHash, signature(name, classes)) : parent.pathHash,
        lang,
        blockStart: blocks.length,
        main: name === "main" || role === "main",
        article: name === "article",
        sectioning: SECTIONING.has(name),
        heading: false,
        pre: PREFORMATTED.has(name),
        list: name === "ul" || name === "ol" || name === "dir",
        table: name === "table",
        row: name === "tr",
        item: name === "li" && preDepth === 0,
        cell: (name === "td" || name === "th") && preDepth === 0,
        link: false,
        linkMark: -1,
        linkFlushes: 0,
        linkTarget: "",
        id,
        scopeOf: -1,
        sectionAside: textAside && sectionDepth > 0,
        suppressed: null,
      };
      if (pending) pendings.push({ frame, id, lastIdBefore: lastId });
      if (frame.main) mainDepth++;
      if (frame.article) articleDepth++;
      if (frame.sectioning) sectioningDepth++;
      if (name === "section") sectionDepth++;
      if (frame.sectionAside) sectionAsideDepth++;
      const level = HEADING_LEVEL.get(name);
      if (level !== undefined && preDepth === 0) {
        frame.heading = true;
        if (headingDepth === 0) headingLevel = level;
        headingDepth++;
      }
      if (frame.pre) preDepth++;
      if (frame.list) {
        if (listDepth === 0) listGroup = nextId++;
        listDepth++;
      }
      if (frame.table) {
        if (tableDepth === 0) tableGroup = nextId++;
        tableDepth++;
      }
      if (frame.row) rowId = nextId++;
      if (frame.item) {
        contexts.push({
          kind: "item",
          emitted: 0,
          group: listDepth > 0 ? listGroup : nextId++,
          row: 0,
          depth: Math.max(0, listDepth - 1),
        });
      }
      if (frame.cell) {
        contexts.push({
          kind: "cell",
          emitted: 0,
          group: tableDepth > 0 ? tableGroup : nextId++,
          row: rowId,
          depth: 0,
        });
      }
      if (suppressDepth > 0) {
        // Ids inside a left-out element are no anchors.
      } else if (id !== "" && id.length <= MAX_ID) {
        lastId = anchorAt(id);
      } else if (name === "a") {
        const anchorName = attribs.get("name")?.trim();
        if (anchorName && anchorName.length <= MAX_ID) lastId = anchorAt(anchorName);
      }
      const href = name === "a" ? attribs.get("href") : undefined;
      if (href?.startsWith("#")) {
        frame.linkMark = parts.length;
        frame.linkFlushes = flushes;
        frame.linkTarget = href.length <= MAX_ID ? href.slice(1) : "";
      }
      if (href !== undefined) {
        frame.link = true;
        linkDepth++;
        linkLine.link(attribs.get("rel"), attribs.get("hreflang"));
      }
      if (name === "br") {
        parts.push(preDepth > 0 ? "\n" : BR);
        linkLine.lineBreak();
      } else if (name === "img" && linkDepth > 0 && attribs.get("alt")) {
        // An image inside a link (an arrow icon "Prev") reads as its alt text, as screen readers do.
        appendText(` ${attr(attribs, "alt")} `);
      }
      if (name === "title" && !inTitleDone) inTitle = true;
      stack.push(frame);
    },
    ontext(data) {
      observer?.ontext(data);
      if (inTitle) {
        if (out.title.length < MAX_TITLE * 4) out.title += data;
        return;
      }
      if (dropDepth > 0) return;
      if (inHead) {
        // Text in <head> means the body has begun (the page left out </head> and <body>).
        if (!/[^\s\u00a0]/.test(data)) return;
        inHead = false;
      }
      appendText(data);
    },
    onclosetag(name) {
      observer?.onclosetag(name);
      if (stack.length <= 1) return;
      const frame = stack.pop() as Frame;
      if (name === "title" && inTitle) {
        inTitle = false;
        inTitleDone = true;
      }
      if (name === "head") inHead = false;
      if (frame.drops) {
        dropDepth--;
        return;
      }
      if (dropDepth > 0) return;
      if (frame.link) linkDepth--;
      if (frame.linkMark >= 0 && frame.linkFlushes === flushes) {
        const text = parts.slice(frame.linkMark).join("");
        if (
          text.length < 120 &&
          (SKIP_LINK_TEXT.test(text) || (PERMALINK_TEXT.test(text) && isOwnId(frame.linkTarget)))
        ) {
          parts.length = frame.linkMark;
          hasText = parts.some((p) => p.trim() !== "");
          textChars = Math.max(0, textChars - text.length);
          linkChars = Math.max(0, linkChars - text.length);
        }
      }
      if (frame.block) flush(frame);
      if (pendings[pendings.length - 1]?.frame === frame) {
        // Closed before any block: nothing to leave out, and its id is no anchor either.
        lastId = (pendings.pop() as Pending).lastIdBefore;
      }
      if (frame.heading) {
        headingDepth--;
        if (headingDepth === 0) {
          headingLevel = 0;
          const k = blocks.length - 1;
          if (blocks[k]?.kind === "heading" && suppressDepth === 0) markScope(k);
        }
      }
      if (frame.scopeOf >= 0 && blocks.length > frame.scopeOf + 1) {
        const heading = blocks[frame.scopeOf];
        if (heading) heading.scopeEnd = blocks.length;
      }
      if (frame.pre) {
        flush();
        preDepth--;
      }
      if (frame.item && contexts[contexts.length - 1]?.kind === "item") contexts.pop();
      if (frame.cell && contexts[contexts.length - 1]?.kind === "cell") contexts.pop();
      if (frame.list) listDepth--;
      if (frame.table) tableDepth--;
      if (frame.main) mainDepth--;
      if (frame.article) articleDepth--;
      if (frame.sectioning) sectioningDepth--;
      if (frame.tag === "section") sectionDepth--;
      if (frame.sectionAside) sectionAsideDepth--;
      if (frame.suppressed) {
        suppressDepth--;
        lastId = frame.suppressed.lastIdBefore;
      }
      if (frame.block && blocks.length - frame.blockStart >= 2) {
        const last = regions[regions.length - 1];
        if (!last || last.start !== frame.blockStart || last.end !== blocks.length) {
          regions.push({ start: frame.blockStart, end: blocks.length });
        }
      }
    },
  });

  /**
   * True when `target` is the id of an element the current one is inside (a heading, its
   * `<section>`, a `<dt>`), or the last id before it (`<a name="x"></a><h2>…`). The walk is bounded:
   * permalinks sit right inside what they name.
   */
  function isOwnId(target: string): boolean {
    if (target === "") return false;
    if (target === lastId) return true;
    for (let i = stack.length - 1, seen = 0; i > 0 && seen < 32; i--, seen++) {
      if ((stack[i] as Frame).id === target) return true;
    }
    return false;
  }

  /** `text` is the first block inside the pending elements: each is text when its id names it. */
  function decidePending(text: string): void {
    for (const p of pendings) {
      if (idNamesText(p.id, text)) continue;
      p.frame.suppressed = p;
      suppressDepth++;
    }
    pendings.length = 0;
  }

  /**
   * The scope of heading block `k` is its highest ancestor that opened right before it (no block
   * in between): `<section>`, `div.sect1`, a note box. Each frame is passed over at most once, for
   * the one heading that follows its opening, so this stays linear.
   */
  function markScope(k: number): void {
    let scope: Frame | null = null;
    for (let i = stack.length - 1; i > 0; i--) {
      const f = stack[i] as Frame;
      if (f.blockStart !== k) break;
      scope = f;
    }
    if (scope) scope.scopeOf = k;
  }

  function appendText(data: string): void {
    if (!hasText) {
      if (preDepth === 0 && !/[^\s\u00a0]/.test(data)) {
        if (parts.length > 0) parts.push(data);
        return;
      }
      hasText = true;
      blockAnchor = lastId;
    }
    parts.push(data);
    textChars += data.length;
    if (linkDepth > 0) linkChars += data.length;
    linkLine.text(data, linkDepth > 0);
  }

  function readHead(name: string, attribs: Attributes): void {
    if (name === "meta") {
      const key = (attribs.get("name") ?? attribs.get("property") ?? "").toLowerCase();
      const content = attr(attribs, "content");
      if ((key === "description" || key === "og:description") && out.description === null) {
        out.description = content;
      } else if (key === "og:title" && out.ogTitle === null) {
        out.ogTitle = content;
      } else if ((attribs.get("http-equiv") ?? "").toLowerCase() === "content-language") {
        out.metaLang ??= content;
      }
    } else if (name === "link") {
      const rel = ` ${(attribs.get("rel") ?? "").toLowerCase()} `;
      if (rel.includes(" canonical ") && out.canonical === null)
        out.canonical = attribs.get("href") ?? null;
    } else if (name === "base" && out.base === null && attribs.get("href")) {
      out.base = attr(attribs, "href");
    }
  }

  const reserved = html.includes("\u0000") || html.includes("\u0001");
  events.parse(reserved ? html.replace(RESERVED, "") : html);
  flush();
  return out;
}
