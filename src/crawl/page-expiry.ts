import type { PageRecord } from "../store/types.js";

/** Whether an indexed page's own `unavailable_after` date has passed: it leaves the index. */
export function hasExpired(page: PageRecord | null, now = Date.now()): boolean {
  if (!page?.unavailableAfter) return false;
  const at = Date.parse(page.unavailableAfter);
  return !Number.isNaN(at) && at <= now;
}
