/**
 * Deep links to a quoted passage: `#:~:text=` text fragments (WICG Scroll-to-Text-Fragment), so a
 * visitor's browser scrolls to and highlights the quote on the cited page. Short quotes are
 * linked whole; long ones by their first and last words (`textStart,textEnd`).
 *
 * A browser matches each term within one block of the page (a paragraph, a list item, a table
 * cell), against the text it shows: the first and last terms are taken from the quote's first and
 * last blocks (its lines and cells).
 */
const WHOLE_QUOTE_MAX = 80;
const EDGE_WORDS = 5;

/** Percent-encodes a fragment term: the spec's syntax characters (`-`, `,`, `&`) included. */
function encodeTerm(text: string): string {
  return encodeURIComponent(text).replace(/-/g, "%2D").replace(/,/g, "%2C");
}

/** The words of each of the quote's blocks: its lines, and a table row's cells. */
function blocksOf(quote: string): string[][] {
  return quote
    .split(/[\n\t]/)
    .map((block) => block.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
}

/**
 * Whether `words` stand in `text` as a browser matches a fragment term: in order, case and runs
 * of whitespace aside. A search over the text as it is (a page can be long: no lower-cased copy).
 */
function standsIn(text: string, words: readonly string[]): boolean {
  const pattern = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+");
  return new RegExp(pattern, "iu").test(text);
}

/**
 * The first words of the quote's first block that the page's text before the quote (`before`)
 * does not hold: a browser highlights from the first match of the start term, and a paragraph
 * may open as an earlier one does ("Free delivery applies to all orders." and, below it, "Free
 * delivery applies to all islands…"). At least EDGE_WORDS; the whole block when nothing shorter
 * is unique.
 */
function uniqueStart(first: string[], before: string): string[] {
  let words = Math.min(EDGE_WORDS, first.length);
  if (before === "") return first.slice(0, words);
  while (words < first.length && standsIn(before, first.slice(0, words))) words++;
  return first.slice(0, words);
}

/**
 * The URL of `pageUrl` that scrolls to `quote` (which must be text the page shows); `before`,
 * when given, is the page's text ahead of the quote, which the start term must not match.
 */
export function textFragmentUrl(
  pageUrl: string,
  quote: string,
  anchor?: string | null,
  before = "",
): string {
  const base = pageUrl.split("#")[0] ?? pageUrl;
  const blocks = blocksOf(quote);
  const first = blocks[0];
  const last = blocks.at(-1);
  if (!first || !last) return anchor ? `${base}#${encodeURIComponent(anchor)}` : base;
  const whole = first.join(" ");
  const start = uniqueStart(first, before);
  const directive =
    blocks.length === 1 &&
    (whole.length <= WHOLE_QUOTE_MAX ||
      first.length <= EDGE_WORDS * 2 ||
      start.length >= first.length - EDGE_WORDS)
      ? encodeTerm(whole)
      : `${encodeTerm(start.join(" "))},${encodeTerm(last.slice(-EDGE_WORDS).join(" "))}`;
  // The element id still helps browsers without text fragments; both may stand in one fragment.
  return `${base}#${anchor ? encodeURIComponent(anchor) : ""}:~:text=${directive}`;
}
