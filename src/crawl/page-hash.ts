/**
 * The hash by which two answers are one page (`/` and `/index.html`, a link with a parameter the
 * page ignores): the body's bytes, less what a server writes anew for each request and nobody
 * sees — a CSRF token in a hidden input or in Rails' and Laravel's `<meta name="csrf-token">`, a
 * script's CSP nonce. A site that writes one into every page would have no two pages alike.
 * Presentation attributes are left out too (class, style, id, data-* and ARIA state, a selected
 * option): a shop's listing sorted by name and by price says the same, with its "active" sort link
 * the only difference, and is one page.
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

export function pageHash(body: Buffer): string {
  const hash = createHash("sha1");
  // Latin-1 keeps every byte as one character: the bytes left are hashed as they came.
  let kept = body.toString("latin1").replace(PRESENTATION, "");
  if (mayHoldTokens(body)) {
    kept = kept
      .replace(NONCE, "")
      .replace(INPUT_OR_META, (tag) => (HIDDEN_INPUT.test(tag) || TOKEN_META.test(tag) ? "" : tag));
  }
  return hash.update(kept, "latin1").digest("base64url");
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
