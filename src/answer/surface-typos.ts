/**
 * Typos corrected on the word as typed, not on its analysed term. A stemmer keeps a misspelt word
 * whole ("shippung", "shippinf") while it takes the word meant down to its stem ("shipping" →
 * "ship"): the two terms are too far apart for the speller, which holds the site's terms. Here
 * each slip of one letter is undone on the typed word (a letter left out, one typed twice, two
 * swapped, a neighbouring key or another vowel typed for it; the first letter kept, as a typo
 * keeps it), each result analysed as a word of the question, and the site's most used term among
 * them is the correction.
 */
import type { Analyzer } from "../text/index.js";
import type { Suggestion } from "../text/suggest.js";
import { plausibleSubstitution } from "../text/typo-keys.js";
import type { TermIndex } from "./term-index.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The words one slip away from `typed` (lower case, folded), first letter kept. Words of four
 * letters are only read as missing one ("indx"), shorter ones not at all: nearly every short word
 * is one slip from another word of a large site.
 */
export function oneSlipAway(typed: string): string[] {
  if (typed.length < 4 || !/^[a-z]+$/.test(typed)) return [];
  const out = new Set<string>();
  for (let i = 1; i <= typed.length; i++) {
    for (const letter of LETTERS) out.add(typed.slice(0, i) + letter + typed.slice(i));
  }
  if (typed.length >= 5) {
    for (let i = 1; i < typed.length; i++) {
      const at = typed[i] as string;
      out.add(typed.slice(0, i) + typed.slice(i + 1));
      const next = typed[i + 1];
      if (next !== undefined && next !== at) {
        out.add(typed.slice(0, i) + next + at + typed.slice(i + 2));
      }
      for (const letter of LETTERS) {
        if (letter !== at && plausibleSubstitution(at, letter)) {
          out.add(typed.slice(0, i) + letter + typed.slice(i + 1));
        }
      }
    }
  }
  out.delete(typed);
  return [...out];
}

/**
 * The site's term for the word one slip of `typed` makes, the most used one (of those `among`
 * holds, when given); none when none.
 */
export async function surfaceCorrection(
  index: TermIndex,
  analyzer: Analyzer,
  typed: string,
  unlike: string,
  among?: ReadonlySet<string>,
): Promise<Suggestion | undefined> {
  const terms = new Set<string>();
  for (const word of oneSlipAway(typed)) {
    const term = analyzer.term(word);
    if (term && term !== unlike && (!among || among.has(term))) terms.add(term);
  }
  if (terms.size === 0) return undefined;
  let best: Suggestion | undefined;
  for (const [term, frequency] of await index.documentFrequencies([...terms])) {
    if (frequency > 0 && (!best || frequency > best.frequency)) {
      best = { term, distance: 1, frequency };
    }
  }
  return best;
}
