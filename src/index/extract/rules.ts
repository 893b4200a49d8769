/**
 * Page-level rules: which elements are never page text, which are blocks, which hold the main
 * content. One table per rule, so each can be read (and tested) on its own.
 */

/**
 * Elements whose whole subtree is dropped: code, media, embedded documents, form controls and
 * navigation. An `<aside>` is dropped too, but only outside the main text (extract.ts).
 */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "canvas",
  "video",
  "audio",
  "map",
  "button",
  "select",
  "option",
  "optgroup",
  "datalist",
  "textarea",
  "input",
  "label",
  "output",
  "progress",
  "meter",
  "nav",
  "dialog",
  "menu",
]);

/** Elements that belong in `<head>`; any other one starts the body (even without `<body>`). */
export const HEAD_TAGS: ReadonlySet<string> = new Set([
  "title",
  "meta",
  "link",
  "base",
  "script",
  "style",
  "noscript",
  "template",
]);

/** `header` and `footer` are the page's banner and footer unless inside these (ARIA's rule). */
export const SECTIONING: ReadonlySet<string> = new Set(["article", "main", "section", "aside"]);

/** ARIA roles of boilerplate landmarks and widgets. */
export const DROPPED_ROLES: ReadonlySet<string> = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "search",
  "complementary",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "tablist",
  "doc-toc",
  "doc-pagelist",
]);

/** Elements that start and end a block of text (their boundaries are paragraph boundaries). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "listing",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
  "xmp",
  "plaintext",
]);

/** Heading elements and their level (a Map: tag names come from the parser as fresh strings). */
export const HEADING_LEVEL: ReadonlyMap<string, number> = new Map([
  ["h1", 1],
  ["h2", 2],
  ["h3", 3],
  ["h4", 4],
  ["h5", 5],
  ["h6", 6],
]);

/** Elements whose text keeps its whitespace. */
export const PREFORMATTED: ReadonlySet<string> = new Set(["pre", "listing", "xmp", "plaintext"]);

/** Elements that never get a class/id rule applied: the page shell and the main content. */
export const SHELL_TAGS: ReadonlySet<string> = new Set(["html", "body", "main", "article"]);

/**
 * Class names and ids of boilerplate: navigation, menus, breadcrumbs, sidebars, tables of contents,
 * share buttons, pagination, skip links. A class matches when one of its words (split at "-" and
 * "_", so "site-nav" and "nav_main" match, "navheader" does not) is one of these. Such a word names
 * a component only outside headings, and an id holding one only when it is no slug of the text it
 * starts (extract.ts, `idNamesText`).
 */
const BOILERPLATE_WORDS = new Set([
  "nav",
  "navbar",
  "navigation",
  "menu",
  "menubar",
  "breadcrumb",
  "breadcrumbs",
  "sidebar",
  "toc",
  "toctree",
  "share",
  "sharing",
  "social",
  "pagination",
  "pager",
  "skiplink",
  "skip",
]);

/**
 * Recommendations beside the text ("You may also like", related posts, upsells): the first or
 * last word of a class name ("related-products", "jp-relatedposts"). Not of an id, which may be an
 * API's name ("QuerySet.select_related"), nor inside a class made of a title's words (docutils'
 * "admonition-geos-related-errors").
 */
const RECOMMENDATION_WORDS = new Set([
  "related",
  "relatedposts",
  "recommendations",
  "upsell",
  "upsells",
  "crosssell",
]);

/** Consent and cookie banners, matched anywhere in a class name or id. */
const CONSENT = /cookie|consent|gdpr|onetrust|cookiebot/i;

/** Classes that hide an element (or keep it for screen readers only). */
const HIDDEN_CLASSES = new Set([
  "hidden",
  "d-none",
  "hide",
  "sr-only",
  "visually-hidden",
  "visuallyhidden",
  "screen-reader-text",
  "is-hidden",
]);

/**
 * A heading's permalink ("¶" of Sphinx and MkDocs, Docusaurus's "#", anchor.js's icon) and
 * MediaWiki's "[edit]": marks beside a heading, not its words. Only classes that never hold the
 * heading's own text.
 */
const PERMALINK_CLASSES = new Set(["headerlink", "mw-editsection", "hash-link", "anchorjs-link"]);

/**
 * Furniture of a page that is no part of its text, by its class or id (lower case): the line
 * numbers beside code (Pygments' table and inline `linenos`, Prism, highlight.js, Rouge, GitHub),
 * MediaWiki's "Retrieved from …" and "From Wikipedia, the free encyclopedia" lines and its
 * references' "^" back-links, footnotes' "↩" back-links (kramdown, markdown-it, Hugo), an "Edit
 * this page" link and last-updated line (Docusaurus),
 * WordPress's comment reply links and comment-form notes, and Joomla's "Hits: 213" counter.
 */
const FURNITURE = new Set([
  "linenos",
  "linenodiv",
  "lineno",
  "line-numbers-rows",
  "hljs-ln-numbers",
  "rouge-gutter",
  "blob-num",
  "printfooter",
  "sitesub",
  "contentsub",
  "mw-cite-backlink",
  "reversefootnote",
  "footnote-backref",
  "footnote-return",
  "mw-jump-link",
  "theme-edit-this-page",
  "theme-last-updated",
  "comment-reply-link",
  "comment-respond",
  "comment-notes",
  "logged-in-as",
  "hits",
]);

/**
 * The whole text of a permalink: a mark or two ("¶", "#", "§", "🔗"), no word. Such a link to the
 * id of what it stands in is a permalink whatever its class.
 */
export const PERMALINK_TEXT = /^[\s\p{P}\p{S}\p{M}]{0,6}[\p{P}\p{S}][\s\p{P}\p{S}\p{M}]{0,6}$/u;

/** State classes ("has-sidebar", "with-nav", "no-toc") describe the element, not its role. */
const STATE_PREFIX = /^(?:has|with|no|is|show|hide|without)[-_]/i;

/** Longest class/id string examined (huge attributes are cut, not scanned). */
const MAX_NAME = 512;

/**
 * What a class attribute or id says about its element: nothing, a mark that always goes (a consent
 * banner, a hiding class, a heading's permalink), or a component of the site's frame (a word of
 * `BOILERPLATE_WORDS`: navigation, a table of contents, share buttons).
 */
export type NameMark = "none" | "drop" | "component";

/** Answers per class or id string: a site repeats the same few hundred on every page. */
const classCache = new Map<string, NameMark>();
const idCache = new Map<string, NameMark>();
const NAME_CACHE_LIMIT = 20_000;

/** What a class attribute marks. */
export function classMark(classes: string): NameMark {
  return cachedMark(classes, classCache, true);
}

/** What an id marks (judged apart from the classes: no rule matches across them). */
export function idMark(id: string): NameMark {
  return cachedMark(id, idCache, false);
}

function cachedMark(name: string, cache: Map<string, NameMark>, isClass: boolean): NameMark {
  const known = cache.get(name);
  if (known !== undefined) return known;
  const answer = judgeName(name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name, isClass);
  if (name.length < 300) {
    if (cache.size >= NAME_CACHE_LIMIT) cache.clear();
    cache.set(name, answer);
  }
  return answer;
}

const recommends = (word: string | undefined) =>
  word !== undefined && RECOMMENDATION_WORDS.has(word);

function judgeName(text: string, isClass: boolean): NameMark {
  if (CONSENT.test(text)) return "drop";
  let component = false;
  for (const name of text.split(/\s+/)) {
    if (name === "" || STATE_PREFIX.test(name)) continue;
    const lower = name.toLowerCase();
    if (HIDDEN_CLASSES.has(lower) || PERMALINK_CLASSES.has(lower) || FURNITURE.has(lower))
      return "drop";
    const words = lower.split(/[-_]+/);
    component ||=
      words.some((word) => BOILERPLATE_WORDS.has(word)) ||
      (isClass && (recommends(words[0]) || recommends(words[words.length - 1])));
  }
  return component ? "component" : "none";
}

/**
 * True when an id is a slug of a text: of a heading ("how-do-i-share-global-variables-across-modules"
 * of Sphinx, "Sharing-Defaults" of Texinfo) or a term ("GUC-WAL-SKIP-THRESHOLD" of the PostgreSQL
 * manual for "wal_skip_threshold (integer)"). It has two or more words, and at least three in four
 * of them are the text's. Numbers and Texinfo's escapes ("_003f" for "?") are not words. Such an id
 * names what the text is about, not a component, whatever words it holds.
 */
export function idNamesText(id: string, text: string): boolean {
  const words = slugWords(id.slice(0, MAX_NAME));
  if (words.length < 2) return false;
  const said = new Set(slugWords(text.slice(0, 4 * MAX_NAME)));
  const missing = words.filter((w) => !said.has(w)).length;
  return missing * 4 <= words.length;
}

function slugWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "" && !/\p{N}/u.test(w));
}

/** An inline style that hides the element. */
export function isHiddenStyle(style: string): boolean {
  const s = style.length > MAX_NAME ? style.slice(0, MAX_NAME) : style;
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(s);
}

/** The text of a skip link ("Skip to content", "Zum Inhalt springen", "Vai al contenuto"). */
export const SKIP_LINK_TEXT =
  /^\s*(?:skip|jump|zum|zur|direkt|springe|vai|salta|passa|aller|passer|saltar|ir al?|pular|naar)\b.{0,40}\b(?:content|inhalt|navigation|hauptinhalt|contenuto|menu|contenu|contenido|conteúdo|main|principale|inhoud)/i;
