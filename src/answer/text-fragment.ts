/**
 * Deep links to a quoted passage: `#:~:text=` text fragments (WICG Scroll-to-Text-Fragment), so a
 * visitor's browser scrolls to and highlights the quote on the cited page. Short quotes are
 * linked whole; long ones by their first and last words (`textStart,textEnd`).
 *
 * A browser matches each term within one block of the page (a paragraph, a list item, a table
 * cell), against the text it shows: the first and last terms are taken from the quote's first and
 * last blocks (its lines and cells). It matches whitespace as the page shows it, so a term keeps
 * the spaces between its words: one in ordinary text (extraction collapsed the rest), as many as
 * written in a `<pre>` ("FATAL:  password", psql's aligned columns).
 */
const WHOLE_QUOTE_MAX = 80;
const EDGE_WORDS = 5;

/** Percent-encodes a fragment term: the spec's syntax characters (`-`, `,`, `&`) included. */
function encodeTerm(text: string): string {
  return encodeURIComponent(text).replace(/-/g, "%2D").replace(/,/g, "%2C");
}

/** One of the quote's blocks: its words, and the text of a run of them as the page shows it. */
class QuoteBlock {
  /** Words at even indexes, the whitespace between them at odd ones. */
  private readonly parts: string[];
  readonly words: string[];

  constructor(text: string) {
    this.parts = text.split(/(\s+)/);
    this.words = this.parts.filter((_, i) => i % 2 === 0);
  }

  /** The first `n` words with the whitespace between them. */
  first(n: number): string {
    return this.parts.slice(0, 2 * n - 1).join("");
  }

  /** The last `n` words with the whitespace between them. */
  last(n: number): string {
    return this.parts.slice(-(2 * n - 1)).join("");
  }
}

/** The quote's blocks (its lines, and a table row's cells), each with its offset in the quote. */
function blocksOf(quote: string): { block: QuoteBlock; at: number }[] {
  const out: { block: QuoteBlock; at: number }[] = [];
  for (const match of quote.matchAll(/[^\n\t]+/g)) {
    const text = match[0].trim();
    if (text !== "")
      out.push({ block: new QuoteBlock(text), at: match.index + match[0].indexOf(text) });
  }
  return out;
}

/**
 * Per base letter ("u"), the accented Latin letters a browser matches it with ("ùúûüũū…", both
 * cases): Chromium finds "Für" for the term "fur", and "fur" for "Für".
 */
const ACCENTED = (() => {
  const variants = new Map<string, string>();
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize("NFD")[0]?.toLowerCase() ?? "";
    if (base !== letter.toLowerCase() && /^[a-z]$/.test(base)) {
      variants.set(base, (variants.get(base) ?? "") + letter);
    }
  }
  return variants;
})();

/** A regular expression's part that matches `char` as a browser does: any case, any accent. */
function loosely(char: string): string {
  const base = char.normalize("NFD")[0]?.toLowerCase() ?? char;
  const accented = ACCENTED.get(base);
  if (accented) return `[${base}${accented}]`;
  return char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether `words` stand in `text` as a browser matches a fragment term: in order, case, accents
 * and runs of whitespace aside. A search over the text as it is (a page can be long: no folded
 * copy).
 */
function standsIn(text: string, words: readonly string[]): boolean {
  const pattern = words.map((word) => Array.from(word, loosely).join("")).join("\\s+");
  return new RegExp(pattern, "iu").test(text);
}

/**
 * How many of the first words of a block the start term takes: as many as the page's text before
 * them (`before`) does not hold; null when it holds the whole block. A browser highlights from the
 * first match of the start term, and a paragraph may open as an earlier one does ("Free delivery
 * applies to all orders." and, below it, "Free delivery applies to all islands…"). At least
 * EDGE_WORDS.
 */
function uniqueStart(words: readonly string[], before: string): number | null {
  let count = Math.min(EDGE_WORDS, words.length);
  if (before === "") return count;
  while (standsIn(before, words.slice(0, count))) {
    if (count >= words.length) return null;
    count++;
  }
  return count;
}

/**
 * Where the start term is taken from: the quote's first block, or, when the page says that block
 * earlier (a table's header cell "Name", a term "retries" that a heading holds too), the first
 * later block it does not, so that the browser scrolls to the quote and not to the earlier words.
 * The last block is left to the end term.
 */
function startBlock(
  blocks: readonly { block: QuoteBlock; at: number }[],
  quote: string,
  before: string,
): { index: number; words: number } {
  const first = blocks[0]?.block.words ?? [];
  const words = uniqueStart(first, before);
  if (words !== null) return { index: 0, words };
  for (let index = 1; index < blocks.length - 1; index++) {
    const { block, at } = blocks[index] as { block: QuoteBlock; at: number };
    const later = uniqueStart(block.words, `${before}\n${quote.slice(0, at)}`);
    if (later !== null) return { index, words: later };
  }
  return { index: 0, words: first.length };
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
  const last = blocks.at(-1)?.block;
  if (!last) return anchor ? `${base}#${encodeURIComponent(anchor)}` : base;
  const start = startBlock(blocks, quote, before);
  const first = (blocks[start.index] as { block: QuoteBlock }).block;
  const count = first.words.length;
  const whole = first.first(count);
  const directive =
    blocks.length === 1 &&
    (whole.length <= WHOLE_QUOTE_MAX ||
      count <= EDGE_WORDS * 2 ||
      start.words >= count - EDGE_WORDS)
      ? encodeTerm(whole)
      : `${encodeTerm(first.first(start.words))},${encodeTerm(last.last(Math.min(EDGE_WORDS, last.words.length)))}`;
  // The element id still helps browsers without text fragments; both may stand in one fragment.
  return `${base}#${anchor ? encodeURIComponent(anchor) : ""}:~:text=${directive}`;
}
