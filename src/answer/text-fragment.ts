/**
 * Deep links to a quoted passage: `#:~:text=` text fragments (WICG Scroll-to-Text-Fragment), so a
 * visitor's browser scrolls to and highlights the quote on the cited page. Short quotes are
 * linked whole; long ones by their first and last words (`textStart,textEnd`).
 */
const WHOLE_QUOTE_MAX = 80;
const EDGE_WORDS = 5;

/** Percent-encodes a fragment term: the spec's syntax characters (`-`, `,`, `&`) included. */
function encodeTerm(text: string): string {
  return encodeURIComponent(text).replace(/-/g, "%2D").replace(/,/g, "%2C");
}

/** The URL of `pageUrl` that scrolls to `quote` (which must be text the page shows). */
export function textFragmentUrl(pageUrl: string, quote: string, anchor?: string | null): string {
  const base = pageUrl.split("#")[0] ?? pageUrl;
  const words = quote.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  if (words.length === 0) return anchor ? `${base}#${encodeURIComponent(anchor)}` : base;
  const text = words.join(" ");
  const directive =
    text.length <= WHOLE_QUOTE_MAX || words.length <= EDGE_WORDS * 2
      ? encodeTerm(text)
      : `${encodeTerm(words.slice(0, EDGE_WORDS).join(" "))},${encodeTerm(words.slice(-EDGE_WORDS).join(" "))}`;
  // The element id still helps browsers without text fragments; both may stand in one fragment.
  return `${base}#${anchor ? encodeURIComponent(anchor) : ""}:~:text=${directive}`;
}
