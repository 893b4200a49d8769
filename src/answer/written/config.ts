import { type Endpoint, endpointFromEnv } from "./endpoint.js";

/**
 * The chat model that writes answers, from `HOOTY_LLM_URL`, `HOOTY_LLM_MODEL` and
 * `HOOTY_LLM_API_KEY`.
 */
export interface WrittenConfig extends Endpoint {
  /** A longer reply is rejected (the extractive answer is used). */
  maxAnswerChars: number;
  /** Each passage's text is cut to this length in the prompt. */
  maxPassageChars: number;
}

export const WRITTEN_DEFAULTS = {
  timeoutMs: 20_000,
  maxResponseBytes: 1024 * 1024,
  maxAnswerChars: 4_000,
  maxPassageChars: 3_000,
} as const;

/** The config for `env`, or null when no chat model is configured. Throws `bad-config`. */
export function readWrittenConfig(
  env: Readonly<Record<string, string | undefined>>,
): WrittenConfig | null {
  const endpoint = endpointFromEnv(env, "HOOTY_LLM", WRITTEN_DEFAULTS);
  if (!endpoint) return null;
  return {
    ...endpoint,
    maxAnswerChars: WRITTEN_DEFAULTS.maxAnswerChars,
    maxPassageChars: WRITTEN_DEFAULTS.maxPassageChars,
  };
}

let fromProcess: { config: WrittenConfig | null } | undefined;

/** `readWrittenConfig(process.env)`, read once per process. */
export function writtenConfig(): WrittenConfig | null {
  fromProcess ??= { config: readWrittenConfig(process.env) };
  return fromProcess.config;
}
