/**
 * The site's own co-occurrence statistics as related words: for a question word, the terms that
 * stand in its passages far more often than in the site's passages at large, searched at a small
 * weight. Not in use (aids.ts): on the evaluation sets it lost at every weight tried. A word's
 * companions in a manual are its topic's vocabulary ("join": outer, planner, scan), seldom other
 * words for it. The benchmark measures it still (BENCHMARKS.md, "Aids"). What a site's statistics
 * are read into is kept between questions with the site's other state (cache.ts).
 */
import type { TextIndex } from "../store/types.js";
import { isMain, type QueryTerm } from "./question.js";

const COMPANIONS = {
  /** Companions per question word, at most. */
  perWord: 3,
  /** Passages a companion shares with the word, at least. */
  leastShared: 3,
  /** How many times more often than chance a companion stands with the word, at least. */
  leastLift: 2,
  /** A term in more than this share of the site's passages is no word's companion. */
  mostCommon: 0.05,
  /** A companion's search weight, as a related word's (expand.ts). */
  weight: 0.1,
};

/** A site's passages as lists of term numbers, each term's passages, and companions found. */
export interface SiteCooccurrence {
  numberOf: Map<string, number>;
  names: string[];
  /** Per passage, its distinct terms' numbers. */
  passages: Int32Array[];
  /** Per term number, the passages holding it. */
  holders: number[][];
  companions: Map<string, { term: string; score: number }[]>;
}

/** The terms with each question word's companions on the site added as related words. */
export function withCompanions(site: SiteCooccurrence, terms: readonly QueryTerm[]): QueryTerm[] {
  const known = new Set(terms.map((t) => t.term));
  const out = [...terms];
  for (const term of terms) {
    if (!isMain(term)) continue;
    for (const { term: companion } of companionsOf(site, term.term)) {
      if (known.has(companion)) continue;
      known.add(companion);
      out.push({
        term: companion,
        word: companion,
        extra: false,
        related: { for: term.term, weight: COMPANIONS.weight },
      });
    }
  }
  return out;
}

function companionsOf(site: SiteCooccurrence, term: string): { term: string; score: number }[] {
  const remembered = site.companions.get(term);
  if (remembered) return remembered;
  const own = site.numberOf.get(term);
  const found: { term: string; score: number }[] = [];
  if (own !== undefined) {
    const holders = site.holders[own] as number[];
    const shared = new Map<number, number>();
    for (const passage of holders) {
      for (const other of site.passages[passage] as Int32Array) {
        if (other !== own) shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    const total = site.passages.length;
    for (const [other, count] of shared) {
      const frequency = (site.holders[other] as number[]).length;
      if (count < COMPANIONS.leastShared || frequency > total * COMPANIONS.mostCommon) continue;
      const share = count / holders.length;
      const lift = share / (frequency / total);
      if (lift < COMPANIONS.leastLift) continue;
      found.push({ term: site.names[other] as string, score: share * Math.log(lift) });
    }
    found.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1));
    found.length = Math.min(found.length, COMPANIONS.perWord);
  }
  site.companions.set(term, found);
  return found;
}

/** Reads the site's passages' terms (its forward index) for `withCompanions`. */
export async function readCooccurrence(
  texts: TextIndex,
  siteId: number,
): Promise<SiteCooccurrence> {
  const numberOf = new Map<string, number>();
  const names: string[] = [];
  const holders: number[][] = [];
  const passages: Int32Array[] = [];
  for (const row of await texts.chunkTerms(siteId)) {
    const numbers = new Int32Array(row.terms.length);
    for (const [i, { term }] of row.terms.entries()) {
      let n = numberOf.get(term);
      if (n === undefined) {
        n = names.length;
        numberOf.set(term, n);
        names.push(term);
        holders.push([]);
      }
      numbers[i] = n;
      (holders[n] as number[]).push(passages.length);
    }
    passages.push(numbers);
  }
  return { numberOf, names, passages, holders, companions: new Map() };
}
