/**
 * What a site writes into every page's title besides the page's own name: "os — Miscellaneous
 * operating system interfaces — Python 3.11.2 documentation", "Doxygen: Configuration". A
 * citation shows the page's own part; the site is plain from the link.
 */

/** Separators between a page's name and the site's, as titles write them. */
const SEPARATORS = [" — ", " – ", " - ", " | ", " · ", " :: ", " » ", ": "];
/** Share of the site's titles that must carry the same part for it to be the site's. */
const LEAST_SHARE = 0.5;
/** Fewer titles say nothing of a site's habit. */
const LEAST_TITLES = 5;
/** Longest part a site adds to its titles: longer ones are not looked for (a title has 1,000). */
const MAX_AFFIX = 100;

export interface TitleAffixes {
  /** Written before the page's name in most titles ("Doxygen: "), or "". */
  prefix: string;
  /** Written after it ("— Python 3.11.2 documentation"), or "". */
  suffix: string;
}

export const NO_AFFIXES: TitleAffixes = { prefix: "", suffix: "" };

/** The longest start and end, each from a separator on, that most of the titles share. */
export function siteTitleAffixes(titles: readonly string[]): TitleAffixes {
  const named = titles.map((t) => t.trim()).filter((t) => t !== "");
  if (named.length < LEAST_TITLES) return NO_AFFIXES;
  const prefixes = new Map<string, number>();
  const suffixes = new Map<string, number>();
  for (const title of named) {
    const seenPrefixes = new Set<string>();
    const seenSuffixes = new Set<string>();
    for (const separator of SEPARATORS) {
      const head = title.slice(0, MAX_AFFIX);
      for (let at = head.indexOf(separator); at > 0; at = head.indexOf(separator, at + 1)) {
        seenPrefixes.add(head.slice(0, at + separator.length));
      }
      const from = Math.max(1, title.length - MAX_AFFIX);
      for (let at = title.indexOf(separator, from); at > 0; at = title.indexOf(separator, at + 1)) {
        seenSuffixes.add(title.slice(at));
      }
    }
    for (const p of seenPrefixes) prefixes.set(p, (prefixes.get(p) ?? 0) + 1);
    for (const s of seenSuffixes) suffixes.set(s, (suffixes.get(s) ?? 0) + 1);
  }
  const least = named.length * LEAST_SHARE;
  return { prefix: longestCommon(prefixes, least), suffix: longestCommon(suffixes, least) };
}

function longestCommon(counts: ReadonlyMap<string, number>, least: number): string {
  let best = "";
  for (const [part, count] of counts) {
    if (count >= least && part.length > best.length) best = part;
  }
  return best;
}

/** The page's own part of its title; the whole title when nothing else would be left. */
export function pageOwnTitle(title: string, affixes: TitleAffixes): string {
  let own = title.trim();
  if (affixes.suffix && own.endsWith(affixes.suffix)) own = own.slice(0, -affixes.suffix.length);
  if (affixes.prefix && own.startsWith(affixes.prefix)) own = own.slice(affixes.prefix.length);
  own = own.trim();
  return own === "" ? title.trim() : own;
}
