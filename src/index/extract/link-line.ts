/**
 * Blocks made of links that take the reader elsewhere instead of saying something, told by their
 * markup and the marks between them, not by their words (which are in every language):
 * - a navigation panel: links by `rel` next, prev, up, contents, index… between short labels
 *   (Texinfo's "Next: …, Previous: …, Up: … [Contents][Index]" above every node);
 * - a language switch: links with `hreflang` or rel=alternate, beside at most one other link (the
 *   page's own language), between short labels (the Apache manual's "Available Languages: de |
 *   en | fr");
 * - a breadcrumb: three or more links with nothing but marks such as ">" between them ("Apache >
 *   HTTP Server > Documentation > Version 2.4");
 * - a menu written as a line of links: three to twelve, with nothing but spaces or dots ("·",
 *   "•") between them ("Opening hours Team Jobs Press", an index's letters "A C F V", a row of
 *   logos), which says nothing itself. A bar ("|") may be a type's union ("<Readable> | <null>").
 */

/** Link types (`rel`) of the links between the parts of a document: next, previous, up, contents. */
const NAVIGATION_RELS = new Set([
  "next",
  "prev",
  "previous",
  "up",
  "contents",
  "toc",
  "index",
  "start",
  "first",
  "last",
  "home",
]);

/** Text made only of the marks between the links of a breadcrumb. */
const CRUMB_MARKS = /^[>›»→‣▸/\\]*$/;
/** Most links of a menu line: past it (or on lines of their own), links are a list (an API's index). */
const MENU_LINKS = 12;
/** Text made only of the separators between the links of a menu (spaces left out before). */
const MENU_MARKS = /^[·•∙◦‧⋅]*$/;

/** Most characters of label per link ("Previous: ", "Available Languages: "), spaces left out. */
const LABEL_CHARS_PER_LINK = 16;

/** Most characters of text outside the links of such a block; past it the block is text. */
const MAX_PLAIN = 256;

/** Counts one block's links and the text between them; `reset` starts the next block. */
export class LinkLine {
  private relLinks = 0;
  private languageLinks = 0;
  private otherLinks = 0;
  /** The text outside links (kept up to `MAX_PLAIN` characters), and its length. */
  private plain = "";
  private plainLength = 0;
  /** Whether a `<br>` broke the block into lines (links one per line are a list). */
  private broken = false;

  reset(): void {
    this.relLinks = 0;
    this.languageLinks = 0;
    this.otherLinks = 0;
    this.plain = "";
    this.plainLength = 0;
    this.broken = false;
  }

  /** A `<br>` in the block. */
  lineBreak(): void {
    this.broken = true;
  }

  /** An `<a href>` opens in the block. */
  link(rel: string | undefined, hreflang: string | undefined): void {
    const types = rel === undefined || rel.length > 64 ? [] : rel.toLowerCase().split(/\s+/);
    if (types.some((t) => NAVIGATION_RELS.has(t))) this.relLinks++;
    else if (hreflang !== undefined || types.includes("alternate")) this.languageLinks++;
    else this.otherLinks++;
  }

  /** Text of the block, inside a link or not. */
  text(data: string, inLink: boolean): void {
    if (inLink) return;
    this.plainLength += data.length;
    if (this.plainLength <= MAX_PLAIN) this.plain += data;
  }

  /** The block read since the last `reset` is a navigation panel, a language switch or a breadcrumb. */
  isNavigation(): boolean {
    const links = this.relLinks + this.languageLinks + this.otherLinks;
    if (links < 2 || this.plainLength > MAX_PLAIN) return false;
    const plain = this.plain.replace(/\s+/g, "");
    const labels = plain.length <= LABEL_CHARS_PER_LINK * links;
    if (this.relLinks >= 2 && this.relLinks === links && labels) return true;
    if (this.languageLinks >= 1 && links >= 2 && this.otherLinks <= 1 && this.relLinks === 0) {
      return labels;
    }
    if (links >= 3 && links <= MENU_LINKS && !this.broken && MENU_MARKS.test(plain)) return true;
    return links >= 3 && CRUMB_MARKS.test(plain) && plain.length >= links - 1;
  }
}
