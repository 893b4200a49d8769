import { Agent, errors, request } from "undici";
import { ACCEPT_HTML, FROM, USER_AGENT } from "../../core/identity.js";
import { LONGEST_TIMER_MS, preciseNow } from "../../core/precise-time.js";
import { discard, readBody, UnsupportedEncoding } from "./body.js";
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from "./defaults.js";
import {
  CERTIFICATE_REFUSED,
  FetchFailure,
  type FetchRequest,
  type FetchResponse,
} from "./types.js";

export { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS };

const MAX_HEADER_BYTES = 64 * 1024;

let sharedAgent: Agent | undefined;

/**
 * One keep-alive agent for the process; redirects are never followed here. One connection per
 * origin and one request on it at a time: besides the site's gate, which sends one request at a
 * time, the transport itself never has two requests to a site in flight.
 */
function agent(): Agent {
  sharedAgent ??= new Agent({
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 30_000,
    maxHeaderSize: MAX_HEADER_BYTES,
    connections: 1,
    pipelining: 1,
  });
  return sharedAgent;
}

/** The request headers HootyBot sends: its identity, never another name. */
export function botHeaders(accept: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    if (lower === "user-agent" || lower === "from") continue;
    headers[lower] = value;
  }
  return {
    ...headers,
    "user-agent": USER_AGENT,
    from: FROM,
    accept,
    "accept-encoding": "gzip, deflate, br",
  };
}

/**
 * One GET as HootyBot: its identity, no redirect followed, the whole exchange (connect, headers
 * and body) bounded by one timer, and the decoded body bounded in size. The timer is a plain
 * `setTimeout` feeding an `AbortController`: on Node 20 a timeout signal combined with
 * `AbortSignal.any` can be garbage-collected and never fire.
 */
export async function fetchOnce(req: FetchRequest): Promise<FetchResponse> {
  // A timer of more than LONGEST_TIMER_MS would fire at once.
  const timeoutMs = Math.min(req.timeoutMs ?? DEFAULT_TIMEOUT_MS, LONGEST_TIMER_MS);
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("timeout"));
  }, timeoutMs);
  const relay = () => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) relay();
  req.signal?.addEventListener("abort", relay, { once: true });
  const startedAt = preciseNow();
  let status: number | null = null;
  try {
    const response = await request(req.url, {
      method: "GET",
      headers: botHeaders(req.accept ?? ACCEPT_HTML, req.headers),
      signal: controller.signal,
      dispatcher: agent(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    status = response.statusCode;
    const headers = flattenHeaders(response.headers);
    const length = Number(headers["content-length"]);
    const skip: FetchResponse["bodySkipped"] =
      req.acceptContentType && !req.acceptContentType(headers["content-type"] ?? null)
        ? "content-type"
        : !req.truncateLarge &&
            !headers["content-encoding"] &&
            Number.isFinite(length) &&
            length > maxBytes
          ? "too-large"
          : undefined;
    if (skip) {
      discard(response.body);
      return {
        url: req.url,
        status: response.statusCode,
        headers,
        body: Buffer.alloc(0),
        truncated: true,
        bodySkipped: skip,
        startedAt,
        endedAt: preciseNow(),
      };
    }
    const { body, truncated } = await readBody(
      response.body,
      headers["content-encoding"],
      maxBytes,
    );
    return {
      url: req.url,
      status: response.statusCode,
      headers,
      body,
      truncated,
      ...(truncated ? { bodySkipped: "too-large" as const } : {}),
      startedAt,
      endedAt: preciseNow(),
    };
  } catch (error) {
    const failure = toFailure(error, req.url, timedOut, timeoutMs);
    // Headers came, the body did not: the answer's status says more than "no answer".
    if (status === null || failure.status !== null || failure.kind === "aborted") throw failure;
    const what = failure.kind === "protocol" ? "could not be read" : "was cut short";
    throw new FetchFailure(
      failure.kind,
      failure.url,
      `the ${status} answer ${what}: ${failure.message}`,
      {
        cause: failure.cause,
        status,
      },
    );
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", relay);
  }
}

/**
 * Headers whose repeated lines mean something apart: cookies, and X-Robots-Tag, where an agent's
 * scope ("googlebot: index") ends with its line.
 */
const LINE_BY_LINE = new Set(["set-cookie", "x-robots-tag"]);

function flattenHeaders(raw: Record<string, string | string[] | undefined>) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    headers[lower] = Array.isArray(value)
      ? value.join(LINE_BY_LINE.has(lower) ? "\n" : ", ")
      : value;
  }
  if (headers.location !== undefined) headers.location = utf8Location(headers.location);
  return headers;
}

/**
 * A Location sent with raw UTF-8 bytes ("/üét") arrives one character per byte; browsers read it
 * as UTF-8, and so does HootyBot (else it would ask for "/Ã¼Ã©t", a page that does not exist). A
 * value that is not valid UTF-8 stays as it came.
 */
function utf8Location(value: string): string {
  if (!/[\x80-\xff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  const decoded = new TextDecoder("utf-8", { fatal: true });
  try {
    return decoded.decode(Buffer.from(value, "latin1"));
  } catch {
    return value;
  }
}

function toFailure(
  error: unknown,
  url: string,
  timedOut: boolean,
  timeoutMs: number,
): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (
    timedOut ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return new FetchFailure("timeout", url, `no complete answer within ${timeoutMs / 1000} s`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: string }).code?.startsWith("Z_")) {
    // Compression the body does not have (a plain body sent as gzip), or a broken one.
    return new FetchFailure(
      "protocol",
      url,
      `its body does not decode as its Content-Encoding says (${message})`,
      { cause: error },
    );
  }
  if (
    error instanceof errors.HTTPParserError ||
    error instanceof errors.HeadersOverflowError ||
    error instanceof errors.ResponseContentLengthMismatchError ||
    error instanceof UnsupportedEncoding
  ) {
    return new FetchFailure("protocol", url, `malformed response: ${message}`, { cause: error });
  }
  if (error instanceof errors.RequestAbortedError || (error as Error).name === "AbortError") {
    return new FetchFailure("aborted", url, "the request was cancelled", { cause: error });
  }
  if (isCertificateError(error)) {
    return new FetchFailure("connect", url, `${CERTIFICATE_REFUSED} (${message})`, {
      cause: error,
    });
  }
  return new FetchFailure("connect", url, `connection failed: ${message}`, { cause: error });
}

/** Node's codes for a certificate TLS verification refused (OpenSSL's, and Node's own ERR_TLS_…). */
function isCertificateError(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (
      typeof e.code === "string" &&
      /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(e.code)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
