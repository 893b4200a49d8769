/**
 * Turns at the CPU: handling a page (decode, classify, links, index) is the heavy part of a crawl,
 * and when many sites' responses arrive together, handling them all in one go would hold up the
 * timers of every site's next request. Each waiting page gets its turn in an event-loop iteration
 * of its own, so due timers fire between two pages, never behind a whole burst of them.
 *
 * A turn only starts the work: pages whose work then waits (the index's group commit) do not hold
 * the next turn back.
 */
export type TakeTurn = () => Promise<void>;

export function createTurns(): TakeTurn {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    waiting.shift()?.();
    if (waiting.length > 0) setImmediate(next);
    else scheduled = false;
  };
  return () =>
    new Promise<void>((start) => {
      waiting.push(start);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
