/**
 * One HTTP exchange as HootyBot makes it: a GET with HootyBot's identity, no automatic redirect,
 * limits on time and size. Policies (robots.txt, pace, redirects, retries) sit above it.
 */
export interface FetchRequest {
  url: string;
  /** The Accept header; HTML by default. */
  accept?: string;
  /** Extra request headers (conditional requests: If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
  /** Whole-exchange limit in milliseconds, body included (default 20 s). */
  timeoutMs?: number;
  /** Cap on the decoded body in bytes (default 5 MB); a longer body is cut and `truncated`. */
  maxBytes?: number;
  /** Read the first `maxBytes` of a body announced as longer, instead of skipping it. */
  truncateLarge?: boolean;
  /** Content-Type check before the body is read: false aborts the exchange and skips the body. */
  acceptContentType?: (contentType: string | null) => boolean;
  signal?: AbortSignal;
}

export interface FetchResponse {
  /** The URL asked for (no redirect is followed here). */
  url: string;
  status: number;
  /**
   * Header names in lower case; repeated headers joined with ", " (set-cookie and x-robots-tag
   * with "\n").
   */
  headers: Record<string, string>;
  /** The body bytes after content decoding (gzip, deflate, br), at most `maxBytes`. */
  body: Buffer;
  /** True when the body was cut at `maxBytes` or skipped by `acceptContentType`. */
  truncated: boolean;
  /** Why the body is incomplete, when it is. */
  bodySkipped?: "content-type" | "too-large";
  /** When the exchange started and when the response ended (epoch ms). */
  startedAt: number;
  endedAt: number;
}

/**
 * The network failures a fetch can end in. `timeout`: no complete answer in time; `connect`:
 * refused, reset or DNS failure; `protocol`: a response HTTP cannot parse.
 */
export type FetchFailureKind = "timeout" | "connect" | "protocol" | "aborted";

/** How a failure's message begins when the site's TLS certificate was refused. */
export const CERTIFICATE_REFUSED = "the site's HTTPS certificate could not be verified";

export class FetchFailure extends Error {
  readonly kind: FetchFailureKind;
  readonly url: string;
  /** The status of an answer that broke off after its headers; null when none came. */
  readonly status: number | null;
  constructor(
    kind: FetchFailureKind,
    url: string,
    message: string,
    options?: { cause?: unknown; status?: number | null },
  ) {
    super(message, options);
    this.name = "FetchFailure";
    this.kind = kind;
    this.url = url;
    this.status = options?.status ?? null;
  }
}

export type Fetch = (request: FetchRequest) => Promise<FetchResponse>;
