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
  const slot = new Map<string, number>();
  const counts: number[] = [];
  for (const row of rows) {
    for (const { term } of row.terms) {
      const at = slot.get(term);
      if (at === undefined) {
        slot.set(term, counts.length);
        counts.push(1);
      } else counts[at] = (counts[at] as number) + 1;
    }
  }
  // Each term's postings start where the previous term's end; `next` is where the next one goes.
  const start = new Int32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++)
    start[i + 1] = (start[i] as number) + (counts[i] as number);
  const next = start.slice(0, counts.length);
  const chunkIds = new Int32Array(start[counts.length] as number);
  const tfs = new Uint16Array(chunkIds.length);
  // Rows come by chunk id, so each term's postings stay in ascending order.
  for (const row of rows) {
    for (const { term, tf } of row.terms) {
      const i = slot.get(term) as number;
      const at = next[i] as number;
      chunkIds[at] = row.chunkId;
      tfs[at] = Math.min(tf, 0xffff);
      next[i] = at + 1;
    }
  }
  const postingsOf = (term: string): Postings | undefined => {
    const i = slot.get(term);
    if (i === undefined) return undefined;
    const [from, to] = [start[i] as number, start[i + 1] as number];
    return { term, chunkIds: chunkIds.subarray(from, to), tf: tfs.subarray(from, to) };
  };
  return {
    documentFrequencies: async (terms) =>
      new Map(terms.map((term) => [term, postingsOf(term)?.chunkIds.length ?? 0])),
    postings: async (terms) =>
      terms.flatMap((term) => {
        const list = postingsOf(term);
        return list ? [list] : [];
      }),
    vocabulary: async () => [...slot].map(([term, i]) => [term, counts[i] as number]),
  };
}
