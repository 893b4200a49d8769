/**
 * Milliseconds since the epoch with a fraction: the pace between a site's requests is kept to the
 * millisecond from the moment a response ended, and `Date.now()`'s whole milliseconds would have
 * to be padded by one to be sure of it. It runs on the monotonic clock from the process's start,
 * so a step of the system clock does not move it either.
 */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
