/**
 * The optional models (DESIGN.md: OpenAI-compatible endpoints, configured by environment):
 * embeddings join the ranking of the retrieved passages; a chat model writes the answer from the
 * best passages only. Both are optional and both fail safe: without them, or when they fail or
 * their output does not check out, the answer is the extractive one.
 */
import type { Citation } from "../core/answer.js";
import { type EmbeddingsConfig, embeddingsConfig, similarities } from "./embeddings/index.js";
import type { Ranked } from "./rank.js";
import { type WrittenConfig, writeAnswer, writtenConfig } from "./written/index.js";

export interface AnswerModels {
  written: WrittenConfig | null;
  embeddings: EmbeddingsConfig | null;
}

/** What the environment configures (HOOTY_LLM_*, HOOTY_EMBEDDINGS_*; each read once per process). */
export function modelsFromEnv(): AnswerModels {
  return { written: writtenConfig(), embeddings: embeddingsConfig() };
}

/**
 * Weight of the question–passage similarity (0…1) beside the question's idf in a passage score.
 * Not calibrated: no embeddings endpoint is reachable where Hooty is evaluated; at 1 a passage
 * the model finds identical in meaning gains as much as one holding the whole question's words.
 */
const SIMILARITY_WEIGHT = 1;

/** The passages re-scored with their similarity to the question, best first; as given on failure. */
export async function withSimilarity(
  config: EmbeddingsConfig,
  question: string,
  ranked: readonly Ranked[],
  questionIdf: number,
): Promise<Ranked[]> {
  const scores = await similarities(
    config,
    question,
    ranked.map((r) => ({ key: r.chunk.hash, text: r.chunk.text })),
  );
  if (!scores) return [...ranked];
  return ranked
    .map((r) => ({
      ...r,
      score: r.score + SIMILARITY_WEIGHT * questionIdf * (scores.get(r.chunk.hash) ?? 0),
    }))
    .sort((a, b) => b.score - a.score);
}

/** Passages the chat model reads: the best of the ranking, in page order. */
export const WRITTEN_PASSAGES = 6;

export type Written =
  | { kind: "answer"; answer: string; citations: Citation[] }
  | { kind: "not-covered" }
  | null;

/**
 * The chat model's answer from the best passages, its `[p1]` markers renumbered to the citations
 * (`[1]`), each citation the cited passage's own verbatim quote; null to answer extractively.
 */
export async function writtenAnswer(
  config: WrittenConfig,
  question: string,
  lang: string,
  passages: readonly Ranked[],
  cite: (passages: readonly Ranked[]) => Citation[],
): Promise<Written> {
  const chosen = passages.slice(0, WRITTEN_PASSAGES);
  const ids = chosen.map((_, i) => `p${i + 1}`);
  const reply = await writeAnswer(config, {
    question,
    lang,
    passages: chosen.map((p, i) => ({
      id: ids[i] as string,
      url: p.chunk.places[0]?.url ?? "",
      title: p.chunk.places[0]?.title ?? "",
      text: p.chunk.text,
      lang: p.chunk.lang,
    })),
  });
  if (!reply) return null;
  if (reply.notCovered) return { kind: "not-covered" };
  const cited = reply.cited
    .map((id) => chosen[ids.indexOf(id)])
    .filter((p): p is Ranked => p !== undefined);
  if (cited.length === 0) return null;
  const citations = cite(cited);
  if (citations.length !== cited.length) return null;
  const number = new Map(reply.cited.map((id, i) => [id, i + 1]));
  const answer = reply.answer.replace(/\[(p\d+)\]/g, (marker, id: string) => {
    const n = number.get(id);
    return n === undefined ? marker : `[${n}]`;
  });
  return { kind: "answer", answer, citations };
}
