import { type Endpoint, endpointFromEnv } from "../written/endpoint.js";

/**
 * The embeddings model, from `HOOTY_EMBEDDINGS_URL`, `HOOTY_EMBEDDINGS_MODEL`,
 * `HOOTY_EMBEDDINGS_API_KEY`.
 */
export interface EmbeddingsConfig extends Endpoint {
  /** Inputs per request. */
  batchSize: number;
  /** Each text is cut to this length before it is sent (models have a context limit). */
  maxInputChars: number;
}

export const EMBEDDINGS_DEFAULTS = {
  timeoutMs: 10_000,
  // 64 vectors of 4,096 dimensions written as JSON numbers take about 6 MB.
  maxResponseBytes: 16 * 1024 * 1024,
  batchSize: 64,
  maxInputChars: 2_000,
} as const;

/** The config for `env`, or null when no embeddings model is configured. Throws `bad-config`. */
export function readEmbeddingsConfig(
  env: Readonly<Record<string, string | undefined>>,
): EmbeddingsConfig | null {
  const endpoint = endpointFromEnv(env, "HOOTY_EMBEDDINGS", EMBEDDINGS_DEFAULTS);
  if (!endpoint) return null;
  return {
    ...endpoint,
    batchSize: EMBEDDINGS_DEFAULTS.batchSize,
    maxInputChars: EMBEDDINGS_DEFAULTS.maxInputChars,
  };
}

let fromProcess: { config: EmbeddingsConfig | null } | undefined;

/** `readEmbeddingsConfig(process.env)`, read once per process. */
export function embeddingsConfig(): EmbeddingsConfig | null {
  fromProcess ??= { config: readEmbeddingsConfig(process.env) };
  return fromProcess.config;
}
