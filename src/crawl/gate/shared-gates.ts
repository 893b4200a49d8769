/**
 * The gates of the sites one process crawls together, one per origin. A crawl may need another
 * origin's gate (robots.txt redirected there, a start page that moved): it then shares the gate
 * that origin's own crawl holds, so its requests wait their turn and the pace between two
 * requests to an origin holds whichever crawl asked. The lease is taken once, by the first
 * crawl to open the gate, and given back when the last one releases it.
 */
import type { SiteGate } from "./gate.js";

interface Held {
  gate: Promise<SiteGate>;
  users: number;
}

export class SharedGates {
  private readonly held = new Map<string, Held>();
  /** The origin each crawl of the process reads as its site, by crawl. */
  private readonly sites = new Map<object, string>();

  /** The origin's gate, opened by `open` unless a crawl of this process holds it already. */
  acquire(origin: string, open: () => Promise<SiteGate>): Promise<SiteGate> {
    let held = this.held.get(origin);
    if (!held) {
      const gate = open();
      held = { gate, users: 0 };
      this.held.set(origin, held);
      // A gate that could not be opened is not kept: the next crawl asks again.
      gate.catch(() => {
        if (this.held.get(origin)?.gate === gate) this.held.delete(origin);
      });
    }
    held.users++;
    return held.gate;
  }

  /** One user of the origin's gate is done with it; the last closes it (the lease goes back). */
  async release(origin: string): Promise<void> {
    const held = this.held.get(origin);
    if (!held) return;
    held.users--;
    if (held.users > 0) return;
    this.held.delete(origin);
    await (await held.gate).close();
  }

  /**
   * Records `origin` as the site `crawl` reads; false, and nothing recorded, when another crawl
   * of this process reads it already (a start URL that redirects to another start URL's site).
   */
  claim(crawl: object, origin: string): boolean {
    for (const [other, site] of this.sites) {
      if (other !== crawl && site === origin) return false;
    }
    this.sites.set(crawl, origin);
    return true;
  }

  /** The crawl ended: its site is free for another crawl of the process. */
  unclaim(crawl: object): void {
    this.sites.delete(crawl);
  }
}
