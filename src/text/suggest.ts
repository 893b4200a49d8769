/**
 * Spelling suggestions against a given vocabulary (the site's own terms), for the answer phase's
 * typo tolerance: "instalation" → "installation", "paket" → "packet", "pakage" → "package".
 *
 * Symmetric delete (SymSpell, Wolf Garbe 2012): every vocabulary entry is indexed under itself and
 * each form with one character deleted; a query looks up itself and its forms with one or two
 * characters deleted, and each candidate found is checked with the optimal-string-alignment
 * distance (insertions, deletions, substitutions, transpositions of neighbours). Indexing one
 * deletion per entry keeps memory at about ten keys per entry; the price is that a query missing
 * two letters of a word ("instltion") is not matched. Compare like with like: analysed terms with
 * analysed terms, or surface words (lower case, folded) with surface words.
 */
import { codeUnitAt } from "../core/code-units.js";

export interface Suggestion {
  /** The vocabulary entry. */
  term: string;
  /** Edits from the query: 0 (the query itself is known), 1 or 2. */
  distance: number;
  /** The entry's frequency in the vocabulary (1 when none was given). */
  frequency: number;
}

export interface Speller {
  /**
   * Vocabulary entries within `maxDistance` edits of `query` (default 2; 1 for queries shorter than
   * 6 characters, none below 3), nearest first, then most frequent; at most `max` (default 5).
   */
  suggest(query: string, options?: { max?: number; maxDistance?: number }): Suggestion[];
  /** Entries in the vocabulary. */
  readonly size: number;
}

/** Builds a speller over `vocabulary`: entries alone or with their frequency (summed if repeated). */
export function createSpeller(vocabulary: Iterable<string | readonly [string, number]>): Speller {
  const frequency = new Map<string, number>();
  for (const entry of vocabulary) {
    const [term, count] = typeof entry === "string" ? [entry, 1] : entry;
    if (term.length === 0 || term.length > 64) continue;
    frequency.set(term, (frequency.get(term) ?? 0) + Math.max(1, count));
  }
  const deletes = new Map<string, string[]>();
  const index = (key: string, term: string) => {
    const list = deletes.get(key);
    if (list) {
      if (list[list.length - 1] !== term) list.push(term);
    } else deletes.set(key, [term]);
  };
  for (const term of frequency.keys()) {
    for (const key of oneDeleted(term)) index(key, term);
  }

  return {
    size: frequency.size,
    suggest(query, options = {}) {
      const max = options.max ?? 5;
      if (query.length < 3 || query.length > 64 || max <= 0) return [];
      const limit = Math.min(options.maxDistance ?? 2, query.length < 6 ? 1 : 2);
      const found = new Map<string, number>();
      const consider = (term: string) => {
        if (found.has(term)) return;
        const distance = osaDistance(query, term, limit);
        if (distance <= limit) found.set(term, distance);
      };
      const probe = (key: string) => {
        if (frequency.has(key)) consider(key);
        for (const term of deletes.get(key) ?? []) consider(term);
      };
      probe(query);
      if (limit >= 1) {
        const first = oneDeleted(query);
        for (const key of first) probe(key);
        if (limit >= 2)
          for (const key of first) for (const second of oneDeleted(key)) probe(second);
      }
      return [...found.entries()]
        .map(([term, distance]) => ({ term, distance, frequency: frequency.get(term) ?? 1 }))
        .sort(
          (a, b) =>
            a.distance - b.distance || b.frequency - a.frequency || (a.term < b.term ? -1 : 1),
        )
        .slice(0, max);
    },
  };
}

/** `word` with each single character deleted (distinct forms, not `word` itself). */
function oneDeleted(word: string): Set<string> {
  const out = new Set<string>();
  if (word.length < 2) return out;
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * Optimal string alignment distance between `a` and `b`, or `limit + 1` as soon as it must exceed
 * `limit`. `substitution` prices a character of `a` standing for one of `b` (1 unless given).
 */
export function osaDistance(
  a: string,
  b: string,
  limit: number,
  substitution?: (typed: string, meant: string) => number,
): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const n = b.length;
  let previous2 = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost =
        codeUnitAt(a, i - 1) === codeUnitAt(b, j - 1)
          ? 0
          : substitution
            ? substitution(a[i - 1] as string, b[j - 1] as string)
            : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        codeUnitAt(a, i - 1) === codeUnitAt(b, j - 2) &&
        codeUnitAt(a, i - 2) === codeUnitAt(b, j - 1)
      ) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return Math.min(previous[n] ?? limit + 1, limit + 1);
}
