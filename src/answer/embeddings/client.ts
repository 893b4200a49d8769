import { ModelEndpointError, postJson } from "../written/post-json.js";
import type { EmbeddingsConfig } from "./config.js";

/**
 * The vectors of `texts`, in order: `POST {base}/embeddings` with at most `batchSize` inputs per
 * request, one request at a time. Throws `ModelEndpointError`, also for an answer that does not
 * have exactly one finite vector of one common dimension per input.
 */
export async function embed(
  config: EmbeddingsConfig,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += config.batchSize) {
    const batch = texts
      .slice(start, start + config.batchSize)
      .map((text) => text.slice(0, config.maxInputChars));
    const reply = await postJson(
      config,
      "/embeddings",
      { model: config.model, input: batch },
      signal,
    );
    vectors.push(...readVectors(reply, batch.length));
  }
  const dimensions = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== dimensions)) {
    throw badResponse("the vectors have different dimensions");
  }
  return vectors;
}

function readVectors(reply: unknown, expected: number): Float32Array[] {
  const data = isRecord(reply) && Array.isArray(reply.data) ? reply.data : null;
  if (!data || data.length !== expected) throw badResponse(`expected ${expected} vectors`);
  const vectors: (Float32Array | undefined)[] = new Array(expected);
  data.forEach((item: unknown, position) => {
    if (!isRecord(item)) throw badResponse("an item is not an object");
    const index = item.index === undefined ? position : item.index;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= expected) {
      throw badResponse("an item has an index out of range");
    }
    if (vectors[index as number]) throw badResponse("two items have the same index");
    vectors[index as number] = toVector(item.embedding);
  });
  return vectors as Float32Array[];
}

function toVector(value: unknown): Float32Array {
  if (!Array.isArray(value) || value.length === 0) throw badResponse("an embedding is not a list");
  const vector = new Float32Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const number: unknown = value[i];
    if (typeof number !== "number" || !Number.isFinite(number)) {
      throw badResponse("an embedding holds something other than finite numbers");
    }
    vector[i] = number;
  }
  return vector;
}

function badResponse(detail: string): ModelEndpointError {
  return new ModelEndpointError("bad-response", `the embeddings answer is not valid: ${detail}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
