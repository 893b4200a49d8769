import {
  type GetOnce,
  isFresh,
  loadRobots,
  type RecogniseChallenge,
  type RobotsOutcome,
  robotsUrl,
} from "./load.js";

/**
 * Each site's robots.txt outcome, fetched once and reused until it expires (at most an hour for
 * rules, sooner for an unreachable file), so a long crawl still sees a change within the hour.
 * Concurrent asks for the same site share one fetch.
 */
export interface RobotsCache {
  /** The site's outcome; one fetched before `readSince` (epoch ms) is fetched again. */
  forSite(site: string | URL, readSince?: number): Promise<RobotsOutcome>;
}

export function createRobotsCache(
  get: GetOnce,
  options: { now?: () => number; recogniseChallenge?: RecogniseChallenge } = {},
): RobotsCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Promise<RobotsOutcome>>();
  return {
    async forSite(site, readSince = 0) {
      const key = robotsUrl(site);
      const entry = entries.get(key);
      if (entry) {
        const outcome = await entry;
        if (isFresh(outcome, now()) && outcome.fetchedAt >= readSince) return outcome;
        const newer = entries.get(key);
        if (newer && newer !== entry) return newer;
      }
      const loading = loadRobots(site, get, { ...options, now });
      entries.set(key, loading);
      // A load that failed (not an outcome: the request was refused or cancelled) is not kept.
      loading.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
      return loading;
    },
  };
}
