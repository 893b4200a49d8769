import type { Endpoint } from "./endpoint.js";

export type EndpointFailure =
  | "timeout"
  | "aborted"
  | "network"
  | "status"
  | "too-large"
  | "not-json"
  | "bad-response";

/** The one error of a model endpoint: callers fall back to working without the model. */
export class ModelEndpointError extends Error {
  readonly reason: EndpointFailure;
  /** The HTTP status when the endpoint answered, else null. */
  readonly status: number | null;

  constructor(reason: EndpointFailure, message: string, status: number | null = null) {
    super(message);
    this.name = "ModelEndpointError";
    this.reason = reason;
    this.status = status;
  }
}

/**
 * POSTs `body` as JSON to `{baseUrl}{path}` and returns the parsed JSON answer. The whole
 * exchange is bounded by one timer: a plain `setTimeout` feeding an `AbortController`, because
 * on Node 20 an `AbortSignal.timeout` combined with `AbortSignal.any` can be garbage-collected
 * and never fire. Redirects are not followed (a 3xx is a failure).
 */
export async function postJson(
  endpoint: Endpoint,
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const url = `${endpoint.baseUrl}${path}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("timeout"));
  }, endpoint.timeoutMs);
  const relay = () => controller.abort(signal?.reason);
  if (signal?.aborted) relay();
  signal?.addEventListener("abort", relay, { once: true });
  try {
    // Loaded on first use: a process that answers without a model never loads the HTTP client.
    const { request } = await import("undici");
    const response = await request(url, {
      method: "POST",
      headers: headersFor(endpoint),
      body: JSON.stringify(body),
      signal: controller.signal,
      // Backstops only: the timer above fires first and names the failure.
      headersTimeout: endpoint.timeoutMs + 1_000,
      bodyTimeout: endpoint.timeoutMs + 1_000,
    });
    const text = await readCapped(response.body, response.headers, endpoint.maxResponseBytes);
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new ModelEndpointError(
        "status",
        `${url} answered HTTP ${response.statusCode}`,
        response.statusCode,
      );
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new ModelEndpointError("not-json", `${url} did not answer JSON`, response.statusCode);
    }
  } catch (error) {
    if (error instanceof ModelEndpointError) throw error;
    if (timedOut) {
      throw new ModelEndpointError("timeout", `${url} did not answer in ${endpoint.timeoutMs} ms`);
    }
    if (signal?.aborted) throw new ModelEndpointError("aborted", `request to ${url} was aborted`);
    const cause = error instanceof Error ? error.message : String(error);
    throw new ModelEndpointError("network", `${url} could not be reached: ${cause}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", relay);
  }
}

function headersFor(endpoint: Endpoint): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  return headers;
}

type Body = AsyncIterable<Buffer> & { destroy(error?: Error): unknown };

async function readCapped(
  body: Body,
  headers: Record<string, string | string[] | undefined>,
  maxBytes: number,
): Promise<string> {
  const tooLarge = () =>
    new ModelEndpointError("too-large", `the answer is larger than ${maxBytes} bytes`);
  const declared = Number(headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
