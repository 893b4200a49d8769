/** Watches the block list for every site a process is crawling (one read per period). */
import { parentDomains } from "../core/domain.js";
import type { BlockedDomain, BlockList } from "../store/types.js";
import { periodicWatch } from "./periodic-watch.js";

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
  type Watcher = { host: () => string; onBlocked: (block: BlockedDomain) => void };
  const watchers = periodicWatch<Watcher>(everyMs, async (all) => {
    const list = new Map((await blocks.list()).map((block) => [block.domain, block]));
    for (const watcher of all) {
      const block = broadest(list, watcher.host());
      if (block) watcher.onBlocked(block);
    }
  });
  return { watch: (host, onBlocked) => watchers.add({ host, onBlocked }) };
}

function broadest(list: Map<string, BlockedDomain>, host: string): BlockedDomain | null {
  let found: BlockedDomain | null = null;
  for (const domain of parentDomains(host)) found = list.get(domain) ?? found;
  return found;
}
