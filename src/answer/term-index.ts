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

/** A site's whole inverted index in memory (typed arrays: about 6 bytes a posting). */
export async function memoryTerms(texts: TextIndex, siteId: number): Promise<TermIndex> {
  const lists = new Map<string, { ids: number[]; tf: number[] }>();
  for (const row of await texts.chunkTerms(siteId)) {
    for (const { term, tf } of row.terms) {
      let list = lists.get(term);
      if (!list) {
        list = { ids: [], tf: [] };
        lists.set(term, list);
      }
      list.ids.push(row.chunkId);
      list.tf.push(tf);
    }
  }
  const postings = new Map<string, Postings>();
  for (const [term, list] of lists) {
    postings.set(term, {
      term,
      chunkIds: Int32Array.from(list.ids),
      tf: Uint16Array.from(list.tf, (n) => Math.min(n, 0xffff)),
    });
  }
  return {
    documentFrequencies: async (terms) =>
      new Map(terms.map((term) => [term, postings.get(term)?.chunkIds.length ?? 0])),
    postings: async (terms) =>
      terms.flatMap((term) => {
        const list = postings.get(term);
        return list ? [list] : [];
      }),
    vocabulary: async () => [...postings].map(([term, list]) => [term, list.chunkIds.length]),
  };
}
