import { ROBOTS_MAX_BYTES } from "../robots/body.js";
import type { GetOnce } from "../robots/load.js";
import type { SiteGate } from "./gate.js";

/**
 * robots.txt's one GET, through the site's gate like every request: its pace and lease, not
 * retried on 429/503 (that answer is the outcome), allowed through a `robots-unavailable` stop
 * (reading the file is how that stop ends). The first 500 KiB of a longer file are read.
 */
export function robotsGetThrough(
  gate: Pick<SiteGate, "exchange">,
  timeoutMs: number,
  signal?: AbortSignal,
  onRequest?: () => void,
): GetOnce {
  return async (url) => {
    const response = await gate.exchange(
      {
        url,
        accept: "text/plain, */*;q=0.1",
        timeoutMs,
        maxBytes: ROBOTS_MAX_BYTES,
        truncateLarge: true,
      },
      {
        retryThrottled: false,
        robotsFetch: true,
        ...(signal ? { signal } : {}),
        ...(onRequest ? { onRequest } : {}),
      },
    );
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
