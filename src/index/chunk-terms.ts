/** A passage's analysed terms for the inverted index: the same analysis questions go through. */
import type { ChunkInput, ChunkTerm } from "../store/types.js";
import { type Analyzer, analyzerFor } from "../text/analyze.js";
import type { Chunk } from "./chunk/index.js";

/**
 * The page's chunks as the store takes them: each with its distinct terms and their frequency, and
 * its length (the words that gave a term; compound parts and other extra terms count in `tf` only).
 *
 * Terms are analysed when the store first reads them: it reads them only for a chunk the site does
 * not hold yet (`ChunkInput.terms`), and a page rebuilt after site boilerplate moved, or a passage
 * repeated across pages, mostly brings chunks it holds already.
 */
export function chunkInputs(chunks: readonly Chunk[], title = ""): ChunkInput[] {
  const contexts = new Map<string, readonly string[]>();
  return chunks.map((chunk) => {
    const analyzer = analyzerFor(chunk.lang);
    const key = `${analyzer.lang}\n${chunk.headingPath.join("\n")}`;
    let context = contexts.get(key);
    if (!context) {
      context = contextTerms(analyzer, title, chunk.headingPath);
      contexts.set(key, context);
    }
    return lazyInput(chunk, analyzer, context);
  });
}

/**
 * The page title and the headings above a passage say what it is about: their words find the
 * passage too (once each, beside the text's own count; the length stays the text's).
 */
function contextTerms(
  analyzer: Analyzer,
  title: string,
  headingPath: readonly string[],
): readonly string[] {
  const terms = new Set<string>();
  analyzer.forEachTerm([title, ...headingPath].join("\n"), (term) => {
    terms.add(term);
  });
  return [...terms];
}

interface Analysed {
  terms: ChunkTerm[];
  length: number;
}

function lazyInput(chunk: Chunk, analyzer: Analyzer, context: readonly string[]): ChunkInput {
  let analysed: Analysed | null = null;
  const analyse = () => {
    analysed ??= analyzer.countTerms(chunk.text, context);
    return analysed;
  };
  return {
    section: chunk.section,
    anchor: chunk.anchor,
    ...(chunk.laterAnchors.length > 0 ? { laterAnchors: chunk.laterAnchors } : {}),
    lang: chunk.lang,
    text: chunk.text,
    start: chunk.start,
    end: chunk.end,
    hash: chunk.hash,
    sentences: chunk.sentences.map((s) => [s.start, s.end]),
    get terms() {
      return analyse().terms;
    },
    get length() {
      return analyse().length;
    },
  };
}
