import { ModelEndpointError } from "../written/post-json.js";
import { embed } from "./client.js";
import type { EmbeddingsConfig } from "./config.js";
import { VectorCache } from "./vector-cache.js";

export interface SimilarityPassage {
  /** Identifies the text (a content hash): the same key means the same vector. */
  key: string;
  text: string;
}

export interface SimilarityOptions {
  /** Defaults to one cache of 20,000 vectors shared by the process. */
  cache?: VectorCache;
  signal?: AbortSignal;
  /** Why the similarities could not be computed. */
  onError?: (error: ModelEndpointError) => void;
}

const shared = new VectorCache(20_000);

/**
 * The cosine similarity of the question to each passage, by passage key (0 for an empty text),
 * or null when the endpoint fails: ranking then goes on without it. Only the question and the
 * passages not already cached are sent.
 */
export async function similarities(
  config: EmbeddingsConfig,
  question: string,
  passages: readonly SimilarityPassage[],
  options: SimilarityOptions = {},
): Promise<Map<string, number> | null> {
  const cache = options.cache ?? shared;
  // One cache serves every endpoint and model: their vectors are not comparable.
  const space = `${config.baseUrl}\n${config.model}\n`;
  const questionText = question.trim();
  if (!questionText) return null;
  const questionKey = `${space}q\n${questionText}`;

  const vectors = new Map<string, Float32Array>();
  const missing: { cacheKey: string; text: string }[] = [];
  const asked = new Set<string>();
  const want = (cacheKey: string, text: string) => {
    if (asked.has(cacheKey)) return;
    asked.add(cacheKey);
    const cached = cache.get(cacheKey);
    if (cached) vectors.set(cacheKey, cached);
    else missing.push({ cacheKey, text });
  };
  want(questionKey, questionText);
  for (const passage of passages) {
    if (passage.text.trim()) want(`${space}p\n${passage.key}`, passage.text);
  }

  if (missing.length > 0) {
    let fresh: Float32Array[];
    try {
      fresh = await embed(
        config,
        missing.map((m) => m.text),
        options.signal,
      );
    } catch (error) {
      options.onError?.(
        error instanceof ModelEndpointError
          ? error
          : new ModelEndpointError("bad-response", String(error)),
      );
      return null;
    }
    missing.forEach(({ cacheKey }, i) => {
      const vector = unit(fresh[i] as Float32Array);
      vectors.set(cacheKey, vector);
      cache.set(cacheKey, vector);
    });
  }

  const questionVector = vectors.get(questionKey) as Float32Array;
  const scores = new Map<string, number>();
  for (const passage of passages) {
    const vector = vectors.get(`${space}p\n${passage.key}`);
    if (!vector) {
      scores.set(passage.key, 0);
      continue;
    }
    if (vector.length !== questionVector.length) {
      options.onError?.(
        new ModelEndpointError("bad-response", "the model's vectors changed dimension"),
      );
      return null;
    }
    scores.set(passage.key, dot(questionVector, vector));
  }
  return scores;
}

/** Scaled to length 1, so that cosine is a dot product; a zero vector stays zero. */
function unit(vector: Float32Array): Float32Array {
  const length = Math.sqrt(dot(vector, vector));
  if (length === 0) return vector;
  const scaled = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) scaled[i] = (vector[i] as number) / length;
  return scaled;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
