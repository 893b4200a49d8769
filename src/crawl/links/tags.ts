import { decodeHTMLAttribute } from "entities";
import { codeUnitAt } from "../../core/code-units.js";

/**
 * A linear scan over the start tags of an HTML document, for the few tags the crawler reads.
 * Comments and the text of script, style, textarea, title and template elements are skipped as a
 * browser would. Unlike a tree builder, the cost does not depend on how deeply tags nest.
 */
export type TagVisitor = (
  name: string,
  attributes: Record<string, string>,
  /** Where the text after the tag starts. */
  end: number,
) => void;

const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "template",
  "xmp",
  "noembed",
  "noframes",
]);
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

const closers = new Map<string, RegExp>();

export function scanTags(html: string, wanted: ReadonlySet<string>, visit: TagVisitor): void {
  const length = html.length;
  let i = html.indexOf("<");
  while (i >= 0 && i < length - 1) {
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      if (end < 0) return;
      i = html.indexOf("<", end + 3);
      continue;
    }
    const first = codeUnitAt(html, i + 1);
    const isLetter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
    if (!isLetter) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    let nameEnd = i + 1;
    while (nameEnd < length && !/[\s/>]/.test(html[nameEnd] as string)) nameEnd++;
    const name = html.slice(i + 1, nameEnd).toLowerCase();
    const close = tagEnd(html, nameEnd);
    if (close < 0) return;
    if (wanted.has(name)) visit(name, attributes(html.slice(nameEnd, close)), close + 1);
    let next = close + 1;
    if (RAW_TEXT.has(name)) {
      const closer = closers.get(name) ?? new RegExp(`</${name}`, "gi");
      closers.set(name, closer);
      closer.lastIndex = next;
      const end = closer.exec(html);
      if (!end) return;
      next = end.index + 2;
    }
    i = html.indexOf("<", next);
  }
}

/** The `>` that ends a tag, ignoring any inside quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  for (let j = from; j < html.length; j++) {
    const c = codeUnitAt(html, j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      // A quote only opens a value right after `=` (possibly with spaces).
      let k = j - 1;
      while (k > from && /\s/.test(html[k] as string)) k--;
      if (html[k] === "=") quote = c;
    } else if (c === 62) {
      return j;
    }
  }
  return -1;
}

function attributes(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (name in result) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    result[name] = value.includes("&") ? decodeHTMLAttribute(value) : value;
  }
  return result;
}
