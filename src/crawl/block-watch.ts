/**
 * Watches the block list for every site a process is crawling: one read of the list per period,
 * whatever the number of sites (a hundred sites each asking the store twice a second cost more
 * than their pages' bookkeeping).
 */
import { parentDomains } from "../core/domain.js";
import type { BlockedDomain, BlockList } from "../store/types.js";

export interface BlockWatch {
  /**
   * Calls `onBlocked` with the block covering the host (the broadest, as `BlockList.covering`)
   * when a read of the list finds one; reads come every period while any host is watched. `host`
   * is asked at each read (a start URL that redirects changes the site's host). Returns the
   * function that stops watching.
   */
  watch(host: () => string, onBlocked: (block: BlockedDomain) => void): () => void;
}

export function watchBlocks(blocks: Pick<BlockList, "list">, everyMs: number): BlockWatch {
  const watchers = new Set<{ host: () => string; onBlocked: (block: BlockedDomain) => void }>();
  let timer: NodeJS.Timeout | null = null;
  let reading = false;

  const read = async () => {
    if (reading) return;
    reading = true;
    try {
      const list = new Map((await blocks.list()).map((block) => [block.domain, block]));
      for (const watcher of watchers) {
        const block = broadest(list, watcher.host());
        if (block) watcher.onBlocked(block);
      }
    } catch {
      // A failed read is tried again at the next period.
    } finally {
      reading = false;
    }
  };

  return {
    watch: (host, onBlocked) => {
      const watcher = { host, onBlocked };
      watchers.add(watcher);
      timer ??= setInterval(() => void read(), everyMs);
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

function broadest(list: Map<string, BlockedDomain>, host: string): BlockedDomain | null {
  let found: BlockedDomain | null = null;
  for (const domain of parentDomains(host)) found = list.get(domain) ?? found;
  return found;
}
