import type { GateStates } from "../../store/types.js";
import type { Fetch, FetchRequest } from "../fetch/types.js";
import { ROBOTS_MAX_BYTES } from "../robots/body.js";
import {
  type GetOnce,
  loadRobots,
  type RobotsOutcome,
  type RobotsResponse,
} from "../robots/load.js";
import { type GateOptions, SiteGate } from "./gate.js";

/**
 * robots.txt's GET: plain text, the first 500 KiB of a longer file read. HTML is named too, after
 * it: HootyBot asks every server for HTML, and a server that answers robots.txt with a page (an
 * error page, a challenge) gets asked what it will send anyway.
 */
export function robotsRequest(url: string, timeoutMs: number): FetchRequest {
  return {
    url,
    accept: "text/plain, text/html;q=0.5, */*;q=0.1",
    timeoutMs,
    maxBytes: ROBOTS_MAX_BYTES,
    truncateLarge: true,
  };
}

/**
 * A robots.txt answered 429/503 with a Retry-After this short is asked for again after it, twice at
 * most, before the answer counts (no permission): a server's brief limit does not cost the crawl.
 */
export const ROBOTS_SHORT_WAIT = { maxWaitMs: 30_000, times: 2 } as const;

/**
 * robots.txt's GET, through the site's gate like every request: its pace and lease, retried on
 * 429/503 only when the server names a short wait (else that answer is the outcome), allowed
 * through a `robots-unavailable` stop (reading the file is how that stop ends). The first 500 KiB
 * of a longer file are read.
 */
export function robotsGetThrough(
  gate: Pick<SiteGate, "exchange">,
  timeoutMs: number,
  signal?: AbortSignal,
  onRequest?: () => void,
): GetOnce {
  return async (url) => {
    const response = await gate.exchange(robotsRequest(url, timeoutMs), {
      retryThrottled: false,
      retryShortWait: ROBOTS_SHORT_WAIT,
      robotsFetch: true,
      ...(signal ? { signal } : {}),
      ...(onRequest ? { onRequest } : {}),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: response.body,
      ...(response.body.length === 0 && response.bodySkipped
        ? { bodySkipped: response.bodySkipped }
        : {}),
    };
  };
}

export interface RobotsReadContext {
  store: { gates: GateStates };
  fetch: Fetch;
  /** Per-request limit (default 20 s). */
  timeoutMs?: number;
  gate?: GateOptions;
  /** Sees each answer (the command line shows the file's lines). */
  onResponse?: (response: RobotsResponse) => void;
}

/**
 * An origin's robots.txt read once outside a crawl (`hooty refresh`, `hooty robots`): through the
 * site's gate, so the pace every process keeps holds (a redirect to another origin goes through
 * that one's); each gate is closed after. Throws SiteBusy while another crawl reads the site (it
 * reads robots.txt itself) and SiteStopped while the site asked HootyBot to stay away.
 */
export async function readRobotsThroughGates(
  origin: string,
  context: RobotsReadContext,
): Promise<RobotsOutcome> {
  const gates = new Map<string, SiteGate>();
  const gateOf = async (of: string) => {
    let gate = gates.get(of);
    if (!gate) {
      gate = await SiteGate.open(of, context.store.gates, context.fetch, context.gate);
      gates.set(of, gate);
    }
    return gate;
  };
  // Each hop of a redirect waits the pause after the one before, whatever origin it goes to.
  let last: SiteGate | null = null;
  try {
    return await loadRobots(origin, async (url) => {
      const gate = await gateOf(new URL(url).origin);
      if (last) gate.carryPace(last);
      last = gate;
      const response = await robotsGetThrough(gate, context.timeoutMs ?? 20_000)(url);
      context.onResponse?.(response);
      return response;
    });
  } finally {
    for (const gate of gates.values()) await gate.close();
  }
}
