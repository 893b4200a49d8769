/**
 * The hash by which two answers are one page (`/` and `/index.html`, a link with a parameter the
 * page ignores): the body's bytes, less what a server writes anew for each request and nobody
 * sees — a CSRF token in a hidden input or in Rails' and Laravel's `<meta name="csrf-token">`, a
 * script's CSP nonce. A site that writes one into every page would have no two pages alike.
 * Presentation attributes are left out too (class, style, id, data-* and ARIA state, a selected
 * option): a shop's listing sorted by name and by price says the same, with its "active" sort link
 * the only difference, and is one page. So are comments (a cache plugin's "generated on 2026-12-03
 * 21:15:02 in 0.042 seconds") and, in the text, a clock time to the second or the time the page
 * took to make: a server that writes them anew on every answer would make each URL of one page a
 * page of its own. The hash only tells apart pages under different URLs: a page read again is
 * never taken for unchanged by it.
 */
import { createHash } from "node:crypto";

/** An `<input>` or `<meta>` tag, of a bounded length (a hostile page's unclosed tag ends there). */
const INPUT_OR_META = /<(?:input|meta)\b[^<>]{0,2000}>/gi;
const HIDDEN_INPUT = /^<input\b[^>]*\btype\s*=\s*["']?hidden\b/i;
const TOKEN_META = /^<meta\b[^>]*\bname\s*=\s*["']?[\w-]*csrf[\w-]*/i;
const NONCE = /\snonce\s*=\s*(?:"[^"]{0,500}"|'[^']{0,500}'|[^\s>]{1,500})/gi;

/** An attribute that changes how a page looks, not what it says or links to. */
const PRESENTATION =
  /\s(?:class|style|id|data-[\w.:-]{1,100}|aria-(?:current|selected|expanded|pressed|hidden)|selected|checked)(?:\s*=\s*(?:"[^"]{0,2000}"|'[^']{0,2000}'|[^\s"'>]{1,2000}))?(?=[\s/>])/g;

/** A clock time to the second (`21:15:02`, `21:15:02.123`), or a duration in seconds with a fraction. */
const MOMENT =
  /\b(?:\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?|\d{1,6}[.,]\d{1,9} ?(?:s|ms|secs?|seconds?|Sekunden|secondi|secondes|segundos)\b)/g;

export function pageHash(body: Buffer): string {
  const hash = createHash("sha1");
  // Latin-1 keeps every byte as one character: the bytes left are hashed as they came.
  let kept = withoutComments(body.toString("latin1"))
    .replace(PRESENTATION, "")
    .replace(MOMENT, "#");
  if (mayHoldTokens(body)) {
    kept = kept
      .replace(NONCE, "")
      .replace(INPUT_OR_META, (tag) => (HIDDEN_INPUT.test(tag) || TOKEN_META.test(tag) ? "" : tag));
  }
  return hash.update(kept, "latin1").digest("base64url");
}

/** The text less its `<!-- … -->` comments; an unclosed one runs to the end, as in a browser. */
function withoutComments(text: string): string {
  let start = text.indexOf("<!--");
  if (start < 0) return text;
  let kept = "";
  let from = 0;
  while (start >= 0) {
    kept += text.slice(from, start);
    // From the comment's own dashes: `<!-->` is a comment too.
    const end = text.indexOf("-->", start + 2);
    if (end < 0) return kept;
    from = end + 3;
    start = text.indexOf("<!--", from);
  }
  return kept + text.slice(from);
}

/** Whether the body has anything `pageHash` leaves out (most pages: no). */
function mayHoldTokens(body: Buffer): boolean {
  return (
    body.indexOf("nonce") >= 0 ||
    body.indexOf("NONCE") >= 0 ||
    body.indexOf("idden") >= 0 ||
    body.indexOf("IDDEN") >= 0 ||
    body.indexOf("csrf") >= 0 ||
    body.indexOf("CSRF") >= 0
  );
}
