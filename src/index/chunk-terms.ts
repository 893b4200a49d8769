/** A passage's analysed terms for the inverted index: the same analysis questions go through. */
import type { ChunkInput, ChunkTerm } from "../store/types.js";
import { analyzerFor } from "../text/analyze.js";
import type { Chunk } from "./chunk/index.js";

/**
 * The chunk as the store takes it: its distinct terms with their frequency, and its
 * length (the words that gave a term; compound parts and other extra terms count in `tf` only).
 */
export function chunkInput(chunk: Chunk, title = ""): ChunkInput {
  const stats = new Map<string, ChunkTerm>();
  let length = 0;
  const analyzer = analyzerFor(chunk.lang);
  analyzer.forEachTerm(chunk.text, (term, _position, _start, _end, extra) => {
    if (!extra) length++;
    const known = stats.get(term);
    if (known) known.tf++;
    else stats.set(term, { term, tf: 1 });
  });
  // The page title and the headings above the passage say what it is about: their words find
  // the passage too (once each, beside the text's own count; the length stays the text's).
  const context = new Set<string>();
  analyzer.forEachTerm([title, ...chunk.headingPath].join("\n"), (term) => {
    context.add(term);
  });
  for (const term of context) {
    const known = stats.get(term);
    if (known) known.tf++;
    else stats.set(term, { term, tf: 1 });
  }
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
