import { HootyError } from "../../core/errors.js";

/** An OpenAI-compatible endpoint (chat or embeddings) and the limits of one exchange with it. */
export interface Endpoint {
  /** The base URL without a trailing slash, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` only when set. */
  apiKey: string | null;
  /** The whole exchange: connect, headers and body. */
  timeoutMs: number;
  /** The response body is cut off (and the exchange fails) past this size. */
  maxResponseBytes: number;
}

export type EndpointLimits = Pick<Endpoint, "timeoutMs" | "maxResponseBytes">;

/**
 * Reads `${prefix}_URL`, `${prefix}_MODEL` and `${prefix}_API_KEY`. Null when the URL is unset:
 * the model is optional. A URL that is set but unusable, or set without a model, is refused
 * rather than silently ignored (the same rule as `HOOTY_DATABASE_URL`).
 */
export function endpointFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  prefix: string,
  limits: EndpointLimits,
): Endpoint | null {
  const rawUrl = env[`${prefix}_URL`]?.trim();
  if (!rawUrl) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new HootyError("bad-config", `${prefix}_URL is not a URL: ${rawUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HootyError("bad-config", `${prefix}_URL must be an http(s) URL: ${rawUrl}`);
  }
  const model = env[`${prefix}_MODEL`]?.trim();
  if (!model) {
    throw new HootyError("bad-config", `${prefix}_URL is set but ${prefix}_MODEL is not`);
  }
  const apiKey = env[`${prefix}_API_KEY`]?.trim() || null;
  url.search = "";
  url.hash = "";
  return { baseUrl: url.href.replace(/\/+$/, ""), model, apiKey, ...limits };
}
