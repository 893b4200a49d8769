/**
 * Milliseconds since the epoch with a fraction: the pace between a site's requests is kept to the
 * millisecond from the moment a response ended, and `Date.now()`'s whole milliseconds would have
 * to be padded by one to be sure of it. It runs on the monotonic clock from the process's start,
 * so a step of the system clock does not move it either.
 */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Node runs a timer of more than this many ms at once (after 1 ms), with only a warning. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;
