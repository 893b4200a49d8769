/**
 * Element events of an HTML page: htmlparser2's Tokenizer, driven here instead of through its
 * Parser, whose generic work (an attribute object per element, a stack kept with `unshift`) costs
 * as much as the tokenizing itself. The events are exactly those htmlparser2 12.0.0's Parser gives
 * with `{ decodeEntities: true, recognizeSelfClosing: true }` (the version is pinned): tag and
 * attribute names lower-cased, SVG names in their SVG case, `<image>` read as `<img>`, a second
 * `<form>` ignored, end tags implied by the tags that imply them and at the end of the page, void
 * elements closed at once, `</p>` and `</br>` without a start tag read as `<p></p>` and `<br>`,
 * the first of repeated attributes kept, CDATA read as text inside SVG and MathML only.
 */
import { Tokenizer } from "htmlparser2";
import { createSpanCache } from "../../text/span-cache.js";

/** Past this many attributes, names are also indexed, so a hostile element costs linear time. */
const INDEXED_FROM = 16;

/** An element's attributes, in order, each name once; valid only during `onopentag`. */
export class Attributes {
  names: string[] = [];
  values: string[] = [];
  count = 0;
  /** Name → position, kept only while the element has more than `INDEXED_FROM` attributes. */
  private index: Map<string, number> | null = null;

  /** The value of attribute `name` (lower case), or undefined. */
  get(name: string): string | undefined {
    if (this.index !== null) {
      const at = this.index.get(name);
      return at === undefined ? undefined : this.values[at];
    }
    for (let i = 0; i < this.count; i++) if (this.names[i] === name) return this.values[i];
    return undefined;
  }

  add(name: string, value: string): void {
    if (this.get(name) !== undefined) return;
    if (this.count === INDEXED_FROM) {
      this.index = new Map();
      for (let i = 0; i < this.count; i++) this.index.set(this.names[i] as string, i);
    }
    this.index?.set(name, this.count);
    this.names[this.count] = name;
    this.values[this.count] = value;
    this.count++;
  }

  clear(): void {
    this.count = 0;
    this.index = null;
    if (this.names.length > INDEXED_FROM) {
      this.names = [];
      this.values = [];
    }
  }
}

export interface ElementHandler {
  onopentag(name: string, attributes: Attributes): void;
  ontext(data: string): void;
  onclosetag(name: string): void;
}

const pTag = new Set(["p"]);
const headingTags = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const formTags = new Set([
  "input",
  "option",
  "optgroup",
  "select",
  "button",
  "datalist",
  "textarea",
]);
const tableSectionTags = new Set(["thead", "tbody"]);
const ddtTags = new Set(["dd", "dt"]);
const rtpTags = new Set(["rt", "rp"]);

/** Open elements that a start tag closes first (innermost first, while they match). */
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["p", pTag],
  ["h1", headingTags],
  ["h2", headingTags],
  ["h3", headingTags],
  ["h4", headingTags],
  ["h5", headingTags],
  ["h6", headingTags],
  ["select", formTags],
  ["input", formTags],
  ["output", formTags],
  ["button", formTags],
  ["datalist", formTags],
  ["textarea", formTags],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", ddtTags],
  ["dt", ddtTags],
  ["rt", rtpTags],
  ["rp", rtpTags],
  ["tbody", tableSectionTags],
  ["tfoot", tableSectionTags],
]);
for (const tag of [
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hr",
  "main",
  "nav",
  "ol",
  "pre",
  "section",
  "table",
  "ul",
]) {
  OPEN_IMPLIES_CLOSE.set(tag, pTag);
}

const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Elements inside which HTML is read again within SVG or MathML (names in SVG case). */
const HTML_INTEGRATION = new Set([
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "annotation-xml",
  "foreignObject",
  "desc",
  "title",
]);

const SVG_NAMES = new Map(
  [
    "altGlyph",
    "altGlyphDef",
    "altGlyphItem",
    "animateColor",
    "animateMotion",
    "animateTransform",
    "clipPath",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feImage",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
    "foreignObject",
    "glyphRef",
    "linearGradient",
    "radialGradient",
    "textPath",
  ].map((name) => [name.toLowerCase(), name]),
);

/** Longest tag or attribute name remembered in `NAMES`. */
const MAX_REMEMBERED_NAME = 32;
/**
 * Tag and attribute names as written → in lower case: pages repeat a few dozen names, which are
 * then neither cut out of the page nor lower-cased again.
 */
const NAMES = createSpanCache<string>(4096);

function lowerName(html: string, start: number, end: number): string {
  if (end - start > MAX_REMEMBERED_NAME) return html.slice(start, end).toLowerCase();
  let name = NAMES.get(html, start, end);
  if (name === undefined) {
    const raw = html.slice(start, end);
    name = raw.toLowerCase();
    NAMES.add(raw, name);
  }
  return name;
}

/** Where the innermost `name` stands in `stack`, or -1. */
function innermost(stack: readonly string[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i] === name) return i;
  return -1;
}

/** Open elements at most (Chromium's parser flattens the tree at the same depth). */
export const MAX_DEPTH = 512;

const HTML = 0;
const SVG = 1;
const MATHML = 2;

/** Reads `html` and calls `handler` for its elements and text. */
export class HtmlEvents {
  /** Open elements, innermost last. */
  private stack: string[] = [];
  /** Per open SVG, MathML or integration element, the content it opens; innermost last. */
  private foreign: number[] = [HTML];
  private html = "";
  private tagName = "";
  /** Whether the start tag being read is reported (a second `<form>` is not). */
  private reported = false;
  private attributeName = "";
  private attributeValue = "";
  private readonly attributes = new Attributes();
  private readonly none = new Attributes();

  constructor(private readonly handler: ElementHandler) {}

  parse(html: string): void {
    this.html = html;
    const tokenizer = new Tokenizer({ decodeEntities: true, recognizeSelfClosing: true }, this);
    tokenizer.write(html);
    tokenizer.end();
  }

  // Tokenizer callbacks.

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== HTML;
  }

  ontext(start: number, end: number): void {
    this.handler.ontext(this.html.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    this.handler.ontext(String.fromCodePoint(codePoint));
  }

  onopentagname(start: number, end: number): void {
    this.openTag(this.readTagName(start, end));
  }

  onattribname(start: number, end: number): void {
    this.attributeName = lowerName(this.html, start, end);
  }

  onattribdata(start: number, end: number): void {
    this.attributeValue += this.html.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    this.attributeValue += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    if (this.reported) this.attributes.add(this.attributeName, this.attributeValue);
    this.attributeValue = "";
  }

  onopentagend(): void {
    this.endOpenTag(this.attributes);
  }

  onselfclosingtag(): void {
    this.closeCurrentTag(this.attributes);
  }

  onclosetag(start: number, end: number): void {
    const name = this.readTagName(start, end);
    if (!VOID.has(name)) {
      const pos = innermost(this.stack, name);
      if (pos !== -1) {
        while (this.stack.length > pos + 1) this.popElement();
        this.popElement();
      } else if (name === "p") {
        this.openTag("p");
        this.closeCurrentTag(this.none);
      }
    } else if (name === "br") {
      this.handler.onopentag("br", this.none);
      this.handler.onclosetag("br");
    }
  }

  oncdata(start: number, end: number, offset: number): void {
    if (this.isInForeignContext()) this.handler.ontext(this.html.slice(start, end - offset));
  }

  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  onend(): void {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) this.handler.onclosetag(stack[i] as string);
  }

  private readTagName(start: number, end: number): string {
    const name = lowerName(this.html, start, end);
    const foreign = this.foreign;
    if (foreign[foreign.length - 1] === SVG) return SVG_NAMES.get(name) ?? name;
    if (foreign.length > 1) {
      const adjusted = SVG_NAMES.get(name);
      if (adjusted !== undefined && this.stack.includes(adjusted)) return adjusted;
    }
    if (foreign[foreign.length - 1] === HTML) return name === "image" ? "img" : name;
    return name;
  }

  private openTag(name: string): void {
    this.tagName = name;
    this.attributes.clear();
    if (name === "form" && this.stack.includes("form")) {
      this.tagName = "";
      this.reported = false;
      return;
    }
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) {
      const stack = this.stack;
      while (stack.length > 0 && closes.has(stack[stack.length - 1] as string)) this.popElement();
    }
    if (!VOID.has(name)) {
      // As browsers do past 512 levels, an element opened that deep becomes a sibling of the
      // innermost one instead of its child: hostile nesting (a million unclosed `<div>`s) keeps
      // both this stack and the handler's bounded, and every word of the text.
      if (this.stack.length >= MAX_DEPTH) this.popElement();
      this.stack.push(name);
      if (name === "svg") this.foreign.push(SVG);
      else if (name === "math") this.foreign.push(MATHML);
      else if (HTML_INTEGRATION.has(name)) this.foreign.push(HTML);
    }
    this.reported = true;
  }

  private endOpenTag(attributes: Attributes): void {
    if (this.reported) {
      this.reported = false;
      this.handler.onopentag(this.tagName, attributes);
    }
    if (VOID.has(this.tagName)) this.handler.onclosetag(this.tagName);
    this.tagName = "";
  }

  private closeCurrentTag(attributes: Attributes): void {
    const name = this.tagName;
    this.endOpenTag(attributes);
    if (this.stack[this.stack.length - 1] === name) this.popElement();
  }

  private popElement(): void {
    const name = this.stack.pop() as string;
    if (name === "svg" || name === "math" || HTML_INTEGRATION.has(name)) this.foreign.pop();
    this.handler.onclosetag(name);
  }
}
