/**
 * What a site's own links say about the pages they point to, as web search engines read anchor
 * text: each link's words, its title attribute and, when the link sits in a short list entry (a
 * book index's "savepoints, SAVEPOINT"), the entry's own words and those of the entry it hangs
 * under ("savepoints" above "defining, SAVEPOINT"). A visitor's words often stand there and
 * nowhere in the page itself ("password file" for The Password File's page). Links in navigation
 * landmarks (`<nav>`, `<aside>`, role=navigation) are left out: a site repeats them on every page
 * (a documentation theme's sidebar lists thousands of pages), and they only repeat the titles of
 * the pages they list. (Extraction keeps an `<aside>` inside the main text, a footnote or a note;
 * its links mostly lead back into the page itself.)
 *
 * It listens to the callbacks of extraction's own parse (extractPage's `observer`): the page is
 * parsed once for both. Linear in the input, bounded in what it keeps.
 */

import { codeUnitAt } from "../core/code-units.js";
import type { AnchorRecord } from "../store/types.js";
import { extractPage } from "./extract/index.js";
import { DROPPED_ROLES, DROPPED_TAGS } from "./extract/rules.js";
import type { ParseObserver } from "./extract/types.js";
import { linkTargets } from "./link-targets.js";

/** Entries whose own words label the links in them. */
const ENTRY_TAGS = new Set(["li", "dt", "td", "th"]);
/** An entry of more words than this is running text, not a label. */
const MAX_LABEL_WORDS = 12;
const MAX_TEXT_CHARS = 300;
const MAX_ANCHORS = 5_000;

interface Entry {
  tag: string;
  /** The entry's words outside its links. */
  own: string;
  /**
   * The label of the entry this one hangs under ("" when none), worked out only when a link needs
   * it (most entries hold none): from `under`, whose words cannot change while this one is open.
   */
  parent: string | null;
  under: Entry | undefined;
  links: { target: string; text: string }[];
}

/**
 * Whether the text has at most `most` words (runs of letters and digits); stops counting past it.
 */
function fewWords(text: string, most: number): boolean {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = codeUnitAt(text, i);
    let word: boolean;
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(codeUnitAt(text, i + 1))) {
      word = LETTER_OR_DIGIT.test(text.slice(i, i + 2));
      i++;
    } else word = isLetterOrDigit(code);
    if (word && !inWord && ++words > most) return false;
    inWord = word;
  }
  return true;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const UNKNOWN = 0;
const YES = 1;
const NO = 2;
/** Whether each character of the Basic Multilingual Plane is a letter or digit, as first seen. */
const LETTER_OR_DIGIT_BMP = new Uint8Array(0x10000);

function isLetterOrDigit(code: number): boolean {
  let known = LETTER_OR_DIGIT_BMP[code] as number;
  if (known === UNKNOWN) {
    const lone = code >= 0xd800 && code <= 0xdfff;
    known = !lone && LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? YES : NO;
    LETTER_OR_DIGIT_BMP[code] = known;
  }
  return known === YES;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
const tidy = (text: string) =>
  text === ""
    ? ""
    : text
        .replace(/[\s,;:()]+/g, " ")
        .trim()
        .slice(0, MAX_TEXT_CHARS);
const labelOf = (entry: Entry | undefined) =>
  entry && fewWords(entry.own, MAX_LABEL_WORDS) ? tidy(entry.own) : "";

function parentOf(entry: Entry): string {
  if (entry.parent === null) {
    const under = entry.under;
    entry.parent = under ? labelOf(under) || parentOf(under) : "";
  }
  return entry.parent;
}

export interface AnchorCollector extends ParseObserver {
  /** The links seen so far to other pages of the page's origin, with what they say. */
  anchors(): AnchorRecord[];
}

/** The links of the page at `pageUrl` to other pages of its origin, with what they say. */
export function extractAnchors(html: string, pageUrl: string): AnchorRecord[] {
  const collector = collectAnchors(pageUrl);
  extractPage({ url: pageUrl, html }, { sections: false, observer: collector });
  return collector.anchors();
}

/** Collects the anchors of the page at `pageUrl` from the callbacks of a parse of it. */
export function collectAnchors(pageUrl: string): AnchorCollector {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { onopentag() {}, ontext() {}, onclosetag() {}, anchors: () => [] };
  }
  const self = page.href.replace(/#.*$/, "");
  const targetOf = linkTargets(page);
  const anchors = new Map<string, AnchorRecord>();
  const entries: Entry[] = [];
  /** Per open `<dl>`: the label of its last `<dt>`, which its `<dd>` entries hang under. */
  const terms: string[] = [];
  let link: { target: string; text: string; title: string } | null = null;
  let linkDepth = 0;
  /** Per open element: whether it starts a navigation landmark; `chrome` counts those open. */
  const opened: boolean[] = [];
  let chrome = 0;

  /** Records a link with what it says: the distinct non-empty parts, one per line. */
  const add = (target: string, first: string, second = "", third = "") => {
    if (anchors.size >= MAX_ANCHORS) return;
    let text = first;
    if (second !== "" && second !== first) text = text === "" ? second : `${text} \n ${second}`;
    if (third !== "" && third !== first && third !== second) {
      text = text === "" ? third : `${text} \n ${third}`;
    }
    if (text !== "") anchors.set(`${target} ${text}`, { target, text });
  };

  return {
    onopentag(name, attribs) {
      const role = attribs.get("role");
      const starts =
        DROPPED_TAGS.has(name) ||
        name === "aside" ||
        (role !== undefined && DROPPED_ROLES.has(role.trim().toLowerCase()));
      opened.push(starts);
      if (starts) chrome++;
      if (name === "dl") terms.push("");
      else if (ENTRY_TAGS.has(name)) {
        const under = entries[entries.length - 1];
        entries.push({ tag: name, own: "", parent: null, under, links: [] });
      } else if (name === "dd") {
        // A <dd> is no entry itself: the entries in it hang under the <dt> before it.
        const parent = terms[terms.length - 1] ?? "";
        entries.push({ tag: name, own: "", parent, under: undefined, links: [] });
      } else if (name === "a" && link === null && chrome === 0) {
        const href = attribs.get("href");
        if (href === undefined) return;
        const target = targetOf(href.slice(0, 2048));
        if (target === null || target.origin !== page.origin || target.href === self) return;
        link = { target: target.href, text: "", title: tidy(attribs.get("title") ?? "") };
        linkDepth = 0;
      }
      if (link) linkDepth++;
    },
    ontext(data) {
      if (chrome > 0) return;
      if (link) {
        if (link.text.length < MAX_TEXT_CHARS) link.text += data;
        return;
      }
      const entry = entries[entries.length - 1];
      if (entry && entry.own.length < MAX_TEXT_CHARS * 2) entry.own += data;
    },
    onclosetag(name) {
      if (opened.pop()) chrome--;
      if (link && --linkDepth === 0) {
        const entry = entries[entries.length - 1];
        const text = tidy(link.text);
        if (entry) entry.links.push({ target: link.target, text: `${text} ${link.title}` });
        else add(link.target, text, link.title);
        link = null;
      }
      if (name === "dl") terms.pop();
      else if (ENTRY_TAGS.has(name) || name === "dd") {
        const entry = entries[entries.length - 1];
        if (entry?.tag !== name) return;
        entries.pop();
        if (name === "dt" && terms.length > 0) terms[terms.length - 1] = labelOf(entry);
        if (entry.links.length === 0) return;
        // Links in a <dd>'s running text are the description's, not the term's.
        if (name === "dd") {
          for (const l of entry.links) add(l.target, tidy(l.text));
          return;
        }
        const label = labelOf(entry);
        const parent = parentOf(entry);
        for (const l of entry.links) add(l.target, tidy(l.text), label, parent);
      }
    },
    anchors: () => [...anchors.values()],
  };
}
