/**
 * Where retrieval reads document frequencies and postings: the store itself (one question in a
 * process), or a site's postings held in memory once a process answers the same site again (the
 * server, `hooty eval`, the benchmarks), built from the store's forward index.
 */
import type { TextIndex } from "../store/types.js";

/** A term's postings: parallel lists of chunk ids (ascending) and term frequencies. */
export interface Postings {
  term: string;
  chunkIds: ArrayLike<number>;
  tf: ArrayLike<number>;
}

export interface TermIndex {
  documentFrequencies(terms: readonly string[]): Promise<Map<string, number>>;
  /** In the order of `terms`; terms the site does not have are left out. */
  postings(terms: readonly string[]): Promise<Postings[]>;
  vocabulary(): Promise<[term: string, df: number][]>;
}

/** The store's own postings for one site. */
export function storedTerms(texts: TextIndex, siteId: number): TermIndex {
  return {
    documentFrequencies: (terms) => texts.documentFrequencies(siteId, terms),
    postings: (terms) => texts.postings(siteId, terms),
    vocabulary: () => texts.vocabulary(siteId),
  };
}

/**
 * A site's whole inverted index in memory: every posting in two typed arrays (6 bytes a posting),
 * each term an offset and a length into them.
 */
export async function memoryTerms(texts: TextIndex, siteId: number): Promise<TermIndex> {
  const rows = await texts.chunkTerms(siteId);
  const counts = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    for (const { term } of row.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    total += row.terms.length;
  }
  const chunkIds = new Int32Array(total);
  const tfs = new Uint16Array(total);
  const start = new Map<string, number>();
  const filled = new Map<string, number>();
  let offset = 0;
  for (const [term, count] of counts) {
    start.set(term, offset);
    filled.set(term, offset);
    offset += count;
  }
  // Rows come by chunk id, so each term's postings stay in ascending order.
  for (const row of rows) {
    for (const { term, tf } of row.terms) {
      const at = filled.get(term) as number;
      chunkIds[at] = row.chunkId;
      tfs[at] = Math.min(tf, 0xffff);
      filled.set(term, at + 1);
    }
  }
  const postingsOf = (term: string): Postings | undefined => {
    const from = start.get(term);
    if (from === undefined) return undefined;
    const to = from + (counts.get(term) as number);
    return { term, chunkIds: chunkIds.subarray(from, to), tf: tfs.subarray(from, to) };
  };
  return {
    documentFrequencies: async (terms) =>
      new Map(terms.map((term) => [term, counts.get(term) ?? 0])),
    postings: async (terms) =>
      terms.flatMap((term) => {
        const list = postingsOf(term);
        return list ? [list] : [];
      }),
    vocabulary: async () => [...counts],
  };
}
