/** A passage's analysed terms for the inverted index: the same analysis questions go through. */
import type { ChunkInput, ChunkTerm } from "../store/types.js";
import { analyzerFor } from "../text/analyze.js";
import type { Chunk } from "./chunk/index.js";

/**
 * The chunk as the store takes it: its distinct terms with their frequency, and its
 * length (the words that gave a term; compound parts and other extra terms count in `tf` only).
 */
export function chunkInput(chunk: Chunk): ChunkInput {
  const stats = new Map<string, ChunkTerm>();
  let length = 0;
  analyzerFor(chunk.lang).forEachTerm(chunk.text, (term, _position, _start, _end, extra) => {
    if (!extra) length++;
    const known = stats.get(term);
    if (known) known.tf++;
    else stats.set(term, { term, tf: 1 });
  });
  return {
    section: chunk.section,
    anchor: chunk.anchor,
    lang: chunk.lang,
    text: chunk.text,
    start: chunk.start,
    end: chunk.end,
    hash: chunk.hash,
    sentences: chunk.sentences.map((s) => [s.start, s.end]),
    terms: [...stats.values()],
    length,
  };
}
