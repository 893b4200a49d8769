/**
 * Fetching a site's robots.txt and what its answer means (RFC 9309 §2.3.1). The request itself
 * is injected — one GET, no redirect followed — so this module holds only the policy:
 * - 2xx: the rules (the first 500 KiB, as UTF-8);
 * - 3xx: follow `Location`, up to five redirects, even to another host; the rules then apply to
 *   the site asked for (§2.3.1.2);
 * - 4xx: no robots.txt, no restrictions (§2.3.1.3) — except 429, which asks the crawler to slow
 *   down and is treated as unreachable (as Google does; the RFC leaves room with "MAY");
 * - 5xx, another status, a network failure, a timeout, a sixth redirect: unreachable, which
 *   means complete disallow (§2.3.1.4) until a later fetch reads the file. A 429 or 5xx that is a
 *   bot-protection page (Cloudflare's "I'm Under Attack" answers 503) says so, with its product.
 * Every outcome says until when it holds: at most one hour (`ROBOTS_MAX_AGE_MS`), so a change
 * to robots.txt takes effect within the hour, also during a long crawl.
 */
import { FetchFailure } from "../fetch/types.js";
import { parseRobots, type Robots } from "./robots.js";

export interface RobotsResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
  /**
   * Set by a fetcher that left the body incomplete. With an empty body it means the body was
   * not read at all (announced too large): that is no file to obey. A cut body is read as is.
   */
  bodySkipped?: string;
}

/**
 * One GET of `url`, redirects not followed; throws a `FetchFailure` on network errors. Any other
 * error it throws passes through `loadRobots` unchanged.
 */
export type GetOnce = (url: string) => Promise<RobotsResponse>;

/** A bot-protection challenge or block page: by whom (when recognised), and what it was. */
export interface Challenge {
  product: string | null;
  detail: string;
}

/**
 * Recognises an answer that is a bot-protection challenge or block page (injected: the crawl's
 * classifier); null for any other answer.
 */
export type RecogniseChallenge = (url: string, response: RobotsResponse) => Challenge | null;

/** Why a robots.txt is unreachable: the crawler then keeps away from the whole site. */
export type UnavailableReason =
  | "server-error"
  | "rate-limited"
  | "unexpected-status"
  | "too-many-redirects"
  | "bad-redirect"
  | "too-large"
  | "timeout"
  | "network";

export type RobotsOutcome =
  | {
      kind: "rules";
      robots: Robots;
      status: number;
      url: string;
      fetchedAt: number;
      expiresAt: number;
    }
  | { kind: "allow-all"; status: number; url: string; fetchedAt: number; expiresAt: number }
  | {
      kind: "unavailable";
      reason: UnavailableReason;
      /** The status of the last answer, when there was one. */
      status?: number;
      detail: string;
      /** The answer was a bot-protection page (a 503 challenge): what it was, by whom. */
      challenge?: Challenge;
      url: string;
      fetchedAt: number;
      expiresAt: number;
    };

/** The longest a fetched robots.txt is trusted before it is fetched again. */
export const ROBOTS_MAX_AGE_MS = 60 * 60 * 1000;
/** How soon an unreachable robots.txt is tried again. */
export const ROBOTS_RETRY_MS = 10 * 60 * 1000;
export const MAX_ROBOTS_REDIRECTS = 5;

/** The robots.txt URL of the site `url` belongs to (scheme, host and port). */
export function robotsUrl(url: string | URL): string {
  return new URL("/robots.txt", url).href;
}

/** Is the outcome still valid at `now` (epoch ms)? */
export function isFresh(outcome: RobotsOutcome, now: number = Date.now()): boolean {
  return now < outcome.expiresAt;
}

export async function loadRobots(
  site: string | URL,
  get: GetOnce,
  options: { now?: () => number; recogniseChallenge?: RecogniseChallenge } = {},
): Promise<RobotsOutcome> {
  const now = options.now ?? Date.now;
  const first = robotsUrl(site);
  let url = first;
  const done = <T extends { kind: string }>(outcome: T, maxAge: number) => {
    const fetchedAt = now();
    return { ...outcome, url: first, fetchedAt, expiresAt: fetchedAt + maxAge };
  };
  const unavailable = (
    reason: UnavailableReason,
    detail: string,
    status?: number,
    challenge?: Challenge | null,
  ) =>
    done(
      {
        kind: "unavailable" as const,
        reason,
        detail,
        ...(status === undefined ? {} : { status }),
        ...(challenge ? { challenge } : {}),
      },
      ROBOTS_RETRY_MS,
    );

  for (let redirects = 0; ; redirects++) {
    let response: RobotsResponse;
    try {
      response = await get(url);
    } catch (error) {
      // Only the network's failures say something about robots.txt. Anything else (the site gate
      // refusing the request, a cancelled crawl) is the caller's to handle, not "unreachable".
      if (!(error instanceof FetchFailure) || error.kind === "aborted") throw error;
      return unavailable(
        error.kind === "timeout" ? "timeout" : "network",
        `${url}: ${error.message}`,
      );
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      if (response.bodySkipped && response.body.length === 0) {
        return unavailable("too-large", `${url} was not read (${response.bodySkipped})`, status);
      }
      return done(
        { kind: "rules" as const, robots: parseRobots(response.body), status },
        ROBOTS_MAX_AGE_MS,
      );
    }
    if (status >= 300 && status < 400) {
      if (redirects === MAX_ROBOTS_REDIRECTS) {
        return unavailable(
          "too-many-redirects",
          `more than ${MAX_ROBOTS_REDIRECTS} redirects`,
          status,
        );
      }
      const next = redirectTarget(url, response.headers.location);
      if (next === null) {
        return unavailable(
          "bad-redirect",
          `${url} answered ${status} without a usable Location`,
          status,
        );
      }
      url = next;
      continue;
    }
    const challenge = () => options.recogniseChallenge?.(url, response) ?? null;
    if (status === 429) {
      return unavailable("rate-limited", `${url} answered 429`, status, challenge());
    }
    if (status >= 400 && status < 500) {
      return done({ kind: "allow-all" as const, status }, ROBOTS_MAX_AGE_MS);
    }
    if (status >= 500 && status < 600) {
      return unavailable("server-error", `${url} answered ${status}`, status, challenge());
    }
    return unavailable("unexpected-status", `${url} answered ${status}`, status);
  }
}

function redirectTarget(from: string, location: string | undefined): string | null {
  if (!location) return null;
  try {
    const next = new URL(location, from);
    return next.protocol === "http:" || next.protocol === "https:" ? next.href : null;
  } catch {
    return null;
  }
}
