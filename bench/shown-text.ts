/**
 * A page's text as a browser shows it, read from its HTML by htmlparser2 alone (not by Hooty's
 * extraction), with every run of whitespace as one space: what a visitor who checks a quote at
 * its source searches. Elements that show nothing (scripts, styles, the head) are left out, and
 * the edges of block elements, table cells and line breaks count as whitespace.
 */
import { type ChildNode, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";

const HIDDEN = new Set(["head", "script", "style", "noscript", "template"]);
/** Elements a browser lays out apart from the text around them (any other is inline). */
const BLOCKS = new Set(
  (
    "address article aside blockquote body br caption dd details dialog div dl dt fieldset " +
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr html legend li main nav ol p pre " +
    "section summary table tbody td tfoot th thead tr ul"
  ).split(" "),
);

export function shownText(html: string): string {
  const parts: string[] = [];
  const walk = (nodes: readonly ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) parts.push(node.data);
      else if (isTag(node) && !HIDDEN.has(node.name)) {
        const block = BLOCKS.has(node.name);
        if (block) parts.push(" ");
        walk(node.children);
        if (block) parts.push(" ");
      }
    }
  };
  walk(parseDocument(html).children);
  return collapsed(parts.join(""));
}

/** Every run of whitespace as one space, trimmed. */
export function collapsed(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
