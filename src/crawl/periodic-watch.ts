/**
 * One read of the store per period for every site a process crawls, whatever their number (a
 * hundred sites each asking twice a second cost more than their pages' bookkeeping): the sites
 * register as watchers, and `read` sees them all. Reads run while any site watches; a failed read
 * is tried again at the next period.
 */
export interface PeriodicWatch<W> {
  /** Registers `watcher`; returns the function that removes it. */
  add(watcher: W): () => void;
}

export function periodicWatch<W>(
  everyMs: number,
  read: (watchers: ReadonlySet<W>) => Promise<void>,
): PeriodicWatch<W> {
  const watchers = new Set<W>();
  let timer: NodeJS.Timeout | null = null;
  let reading = false;
  const tick = async () => {
    if (reading || watchers.size === 0) return;
    reading = true;
    try {
      await read(watchers);
    } catch {
      // Tried again at the next period.
    } finally {
      reading = false;
    }
  };
  return {
    add: (watcher) => {
      watchers.add(watcher);
      timer ??= setInterval(() => void tick(), everyMs);
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}
