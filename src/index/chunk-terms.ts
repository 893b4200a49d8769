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
    return new PassageInput(chunk, analyzer, context);
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

/**
 * A passage as the store takes it, its terms counted when the store first reads them. One class,
 * so that every passage has the same shape: the store reads each passage's fields in a loop.
 */
class PassageInput implements ChunkInput {
  readonly section: number;
  readonly anchor: string | null;
  /** Absent (undefined) when the passage holds no later ids. */
  readonly laterAnchors: [number, string][] | undefined;
  readonly lang: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly hash: string;
  readonly sentences: [number, number][];
  private analysed: { terms: ChunkTerm[]; length: number } | null = null;

  constructor(
    chunk: Chunk,
    private readonly analyzer: Analyzer,
    private readonly context: readonly string[],
  ) {
    this.section = chunk.section;
    this.anchor = chunk.anchor;
    this.laterAnchors = chunk.laterAnchors.length > 0 ? chunk.laterAnchors : undefined;
    this.lang = chunk.lang;
    this.text = chunk.text;
    this.start = chunk.start;
    this.end = chunk.end;
    this.hash = chunk.hash;
    this.sentences = chunk.sentences.map((s) => [s.start, s.end]);
  }

  get terms(): ChunkTerm[] {
    return this.analyse().terms;
  }

  get length(): number {
    return this.analyse().length;
  }

  private analyse() {
    this.analysed ??= this.analyzer.countTerms(this.text, this.context);
    return this.analysed;
  }
}
