/**
 * Is the response an HTML page? The Content-Type decides; without one (or with a malformed one)
 * the start of the body is sniffed, following the HTML patterns of the WHATWG MIME sniffing rules.
 */
import { codeUnitAt } from "../../core/code-units.js";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** The media type of a Content-Type value, lower case, or null when there is none worth reading. */
export function mediaType(contentType: string): string | null {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^(?:[\w.+-]+\/[\w.+-]+|\*\/\*)$/.test(type) ? type : null;
}

const HTML_START =
  /^<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/;

/** Any other tag opens HTML too (a fragment such as `<meta …>` or `<center>`), unless it is XML's. */
const OTHER_TAG = /^<[a-z][\w-]*[\s/>]/;
const XML_ROOT = /^<(?:rss|feed|urlset|sitemapindex|svg|plist|opml|kml|gpx)[\s/>]/;

export function sniffHtml(body: string): boolean {
  if (binaryShare(body)) return false;
  const start = body.slice(0, 1024);
  const head = start.replace(/^\uFEFF?\s*/, "").toLowerCase();
  if (HTML_START.test(head)) return true;
  if (head.startsWith("<?xml")) return /<html[\s>]|<!doctype html/.test(head);
  return OTHER_TAG.test(head) && !XML_ROOT.test(head);
}

/** Types that say nothing about the body: sniffed like a missing type. */
const UNKNOWN_TYPES = new Set(["unknown/unknown", "application/unknown", "*/*"]);

/**
 * What the headers alone say: false when the Content-Type names something other than HTML (the
 * crawler then never reads the body); true for HTML, and for a missing or meaningless type, which
 * `isHtml` settles by sniffing the body.
 */
export function mayBeHtml(contentType: string | null): boolean {
  const type = mediaType(contentType ?? "");
  return type === null || UNKNOWN_TYPES.has(type) || HTML_TYPES.has(type);
}

/**
 * Files that begin with a signature HTML never has (PDF, RTF, ZIP and the office formats built on
 * it, PNG, JPEG, GIF, gzip — their first bytes as UTF-8 or windows-1252 decoded them): a server that
 * calls one of them HTML is mistaken.
 */
const BINARY_STARTS = [
  "%PDF-",
  "PK\u0003\u0004",
  "\uFFFDPNG\r\n",
  "\u2030PNG\r\n",
  "\uFFFD\uFFFD\uFFFD",
  "\u00FF\u00D8\u00FF",
  "GIF87a",
  "GIF89a",
  "\u001F\uFFFD\u0008",
  "\u001F\u2039\u0008",
  "{\\rtf",
];

/** Characters of the body whose control characters are counted. */
const BINARY_SAMPLE = 4096;

/** C0 controls that text never carries (tab, line feed, form feed, carriage return, escape do). */
function isControl(code: number): boolean {
  return code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 27;
}

/**
 * Control characters make up a share of the start of the body that only binary data has (about
 * one byte in ten in compressed data or an image). A stray NUL in a page of text is no more than
 * a typo: browsers render the page.
 */
function binaryShare(body: string): boolean {
  const length = Math.min(body.length, BINARY_SAMPLE);
  let controls = 0;
  for (let i = 0; i < length; i++) if (isControl(codeUnitAt(body, i))) controls++;
  return controls > 0 && controls * 32 > length;
}

export function looksBinary(body: string): boolean {
  // A generator that writes a line break first ("\n%PDF-1.4") does not make it a page.
  const start = body.slice(0, 64).replace(/^\uFEFF?\s*/, "");
  return BINARY_STARTS.some((signature) => start.startsWith(signature)) || binaryShare(body);
}

/**
 * A body that is data, whatever its Content-Type says: a JSON document (an API's answer) or an XML
 * document whose root is not `html` (an RSS or Atom feed, a sitemap). Browsers show such a body
 * as text, not as a page; an XHTML page's root is `html`.
 */
export function looksLikeData(body: string): boolean {
  const head = body.slice(0, 64).replace(/^\uFEFF?\s*/, "");
  if (head.startsWith("{") || head.startsWith("["))
    return parsesAsJson(body.replace(/^\uFEFF/, ""));
  if (!head.startsWith("<?xml") && !XML_ROOT.test(head.toLowerCase())) return false;
  const root = xmlRoot(body.slice(0, XML_PROLOG_CHARS));
  return root !== null && root !== "html";
}

function parsesAsJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** How far into a body its root element is looked for (past a declaration, comments, a doctype). */
const XML_PROLOG_CHARS = 16 * 1024;
const PROLOG_PART = /^\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(?:\[[\s\S]*?\])?\s*>)/i;

/** The local name of the first element of an XML document (lower case), or null if not found. */
function xmlRoot(start: string): string | null {
  let rest = start.replace(/^\uFEFF/, "");
  for (let match = PROLOG_PART.exec(rest); match; match = PROLOG_PART.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  const element = /^\s*<([a-z_][\w.-]*:)?([a-z_][\w.-]*)/i.exec(rest);
  return element ? (element[2] as string).toLowerCase() : null;
}

export function isHtml(contentType: string, body: string): boolean {
  const type = mediaType(contentType);
  if (type === null || UNKNOWN_TYPES.has(type)) return sniffHtml(body);
  return HTML_TYPES.has(type) && !looksBinary(body) && !looksLikeData(body) && !isScript(body);
}

/** How a script's source begins: a comment, a directive, a declaration, a wrapped function. */
const SCRIPT_START =
  /^(?:\/\*|\/\/|#!|["']use strict["']|(?:async\s+)?function\s*\*?\s*[\w$]*\s*\(|(?:var|let|const)\s+[\w$]+\s*=|import\s*(?:[\w$]+\s*from|\{[^}]{0,200}\}\s*from|\*\s*as\b|["'])|export\s+(?:default|const|function|class)\b|\(\s*function\b|!function\b|\(\s*\(\s*\)\s*=>)/;
/** Any tag, comment or doctype: markup. */
const ANY_MARKUP = /<(?:[a-z][\w-]*[\s/>]|!--|!doctype)/i;

/**
 * A script's source (a `.js` file a server calls HTML): it begins as code does and has no markup
 * at all, where a browser would show it as one run of text. Plain words without markup stay a
 * page (a server's short answer, a text a site serves as HTML).
 */
function isScript(body: string): boolean {
  const head = body.slice(0, 256).replace(/^\uFEFF?\s*/, "");
  return SCRIPT_START.test(head) && !ANY_MARKUP.test(body.slice(0, 65_536));
}

/** Whether a media type (as `mediaType` gives it) names HTML. */
export function isHtmlType(type: string): boolean {
  return HTML_TYPES.has(type);
}
