import type { LookupOptions, Related, Relation } from "./types.js";

/**
 * What one shared sense is worth per relation. Synonyms count fully; the looser relations less,
 * hypernyms least (a broader term is on many unrelated pages). Calibrated by the measurement in
 * the synonyms report, not by taste; the ranking may rescale per relation.
 */
export const RELATION_FACTOR: Readonly<Record<Relation, number>> = {
  base: 1,
  synonym: 1,
  similar: 0.5,
  derived: 0.5,
  broader: 0.25,
};

/** The strongest relation wins a term's label; weights of every relation add up. */
const RANK: Readonly<Record<Relation, number>> = {
  base: 0,
  synonym: 1,
  similar: 2,
  derived: 3,
  broader: 4,
};

export const DEFAULT_LIMIT = 40;

/**
 * Accumulates evidence for related terms of one word: terms are told apart case-insensitively,
 * the word itself is left out, weights add up and are capped at 1.
 */
export class RelatedCollector {
  readonly #skip: string;
  readonly #terms = new Map<string, Related>();

  constructor(word: string) {
    this.#skip = word.toLowerCase();
  }

  add(term: string, relation: Relation, weight: number): void {
    if (!(weight > 0) || term === "") return;
    const key = term.toLowerCase();
    if (key === this.#skip) return;
    const seen = this.#terms.get(key);
    if (seen === undefined) {
      this.#terms.set(key, { term, relation, weight: Math.min(1, weight) });
      return;
    }
    seen.weight = Math.min(1, seen.weight + weight);
    if (RANK[relation] < RANK[seen.relation]) seen.relation = relation;
  }

  /** Every term, heaviest first. */
  result(): Related[] {
    const out = [...this.#terms.values()].map((r) => ({ ...r, weight: round(r.weight) }));
    out.sort((a, b) => b.weight - a.weight || RANK[a.relation] - RANK[b.relation]);
    return out;
  }
}

/** The part of a sorted result the caller asked for; copies, so a cached result stays intact. */
export function select(all: readonly Related[], options: LookupOptions | undefined): Related[] {
  const allowed = options?.relations;
  const limit = Math.max(0, Math.floor(Number(options?.limit ?? DEFAULT_LIMIT) || 0));
  const out: Related[] = [];
  for (const r of all) {
    if (out.length >= limit) break;
    if (allowed === undefined || allowed.includes(r.relation)) out.push({ ...r });
  }
  return out;
}

function round(weight: number): number {
  return Math.max(0.0001, Math.round(weight * 10_000) / 10_000);
}
