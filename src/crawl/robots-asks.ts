/**
 * Requests to read robots.txt again, made by `hooty refresh` while another process crawls the
 * site (`GateStates.askRobots`): the crawl holds the site's lease, so only it may ask the server.
 * One read of the requests per period for every site a process crawls (periodic-watch.ts).
 */
import type { GateStates } from "../store/types.js";
import { periodicWatch } from "./periodic-watch.js";

export interface RobotsAskWatch {
  /**
   * Calls `onAsked` with the time of a request for the origin made since watching began, at the
   * first read that finds it (`origin` is asked at each read: a start URL that redirects changes
   * the site). Returns the function that stops watching.
   */
  watch(origin: () => string, onAsked: (at: number) => void): () => void;
}

export function watchRobotsAsks(
  gates: Pick<GateStates, "robotsAsks">,
  everyMs: number,
  now: () => number = Date.now,
): RobotsAskWatch {
  type Watcher = { origin: () => string; onAsked: (at: number) => void; seen: number };
  const watchers = periodicWatch<Watcher>(everyMs, async (all) => {
    const asks = await gates.robotsAsks(Math.min(...[...all].map((w) => w.seen)));
    for (const watcher of all) {
      const at = asks.get(watcher.origin());
      if (at === undefined || at < watcher.seen) continue;
      watcher.seen = at + 1;
      watcher.onAsked(at);
    }
  });
  return { watch: (origin, onAsked) => watchers.add({ origin, onAsked, seen: now() }) };
}
