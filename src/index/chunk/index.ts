/**
 * Chunking, the step after extraction in DESIGN.md's "pages (text by section) ─► index":
 * sections → passages for retrieval and quoting (chunk.ts), and the sentence splitter extractive
 * answers quote from (sentences.ts).
 */
export {
  anchorsOf,
  type Chunk,
  type ChunkOptions,
  chunkPage,
  contentHash,
  countWords,
  splitPassages,
} from "./chunk.js";
export { type Span, sentences, splitSentences } from "./sentences.js";
