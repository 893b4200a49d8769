/**
 * Extracted pages kept in memory for the site boilerplate re-checks (site-boilerplate.ts), so a
 * check reads neither the store nor JSON. One budget serves every site a sink indexes: a crawl of
 * many sites, or of large pages, keeps its most recent pages and no more, and a page that is not
 * kept is read back from the store when a check needs it.
 */
import type { ExtractedPage } from "./extract/index.js";

/**
 * About 1,300 pages of the PostgreSQL manual, or 2,000 of the crawl benchmark's pages, by the
 * estimate below (which counts every character as two bytes).
 */
export const RECENT_PAGES_BUDGET_BYTES = 64 * 1024 * 1024;

/** What an entry costs beside its text: the block and region objects, the map entry. */
const BLOCK_BYTES = 100;
const REGION_BYTES = 40;
const PAGE_BYTES = 400;
/**
 * V8 keeps a substring of this many characters or more as a view into the string it was cut from:
 * a block text cut from the HTML would keep the whole HTML of its page alive.
 */
const SHORTEST_VIEW = 13;

interface Entry {
  page: ExtractedPage;
  bytes: number;
}

export class RecentPages {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = RECENT_PAGES_BUDGET_BYTES) {}

  get(siteId: number, url: string): ExtractedPage | undefined {
    return this.entries.get(keyOf(siteId, url))?.page;
  }

  /** Keeps the page (its strings copied apart from the HTML), dropping the oldest over budget. */
  remember(siteId: number, page: ExtractedPage): void {
    this.forget(siteId, page.url);
    const bytes = estimateBytes(page);
    if (bytes > this.budgetBytes) return;
    while (this.bytes + bytes > this.budgetBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.drop(oldest);
    }
    detachStrings(page);
    this.entries.set(keyOf(siteId, page.url), { page, bytes });
    this.bytes += bytes;
  }

  forget(siteId: number, url: string): void {
    this.drop(keyOf(siteId, url));
  }

  /** The estimated bytes kept, for tests. */
  get size(): number {
    return this.bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function keyOf(siteId: number, url: string): string {
  return `${siteId} ${url}`;
}

function estimateBytes(page: ExtractedPage): number {
  let bytes = PAGE_BYTES + 2 * (page.title.length + page.url.length);
  for (const block of page.blocks) {
    bytes += BLOCK_BYTES + 2 * (block.text.length + (block.anchor?.length ?? 0));
  }
  return bytes + REGION_BYTES * page.regions.length;
}

/** Replaces the page's strings by copies that share no memory with its HTML. */
function detachStrings(page: ExtractedPage): void {
  page.title = detached(page.title);
  if (page.description !== undefined) page.description = detached(page.description);
  if (page.canonical !== undefined) page.canonical = detached(page.canonical);
  for (const block of page.blocks) {
    block.text = detached(block.text);
    if (block.anchor !== null) block.anchor = detached(block.anchor);
    if (block.lang !== null) block.lang = detached(block.lang);
  }
}

function detached(text: string): string {
  if (text.length < SHORTEST_VIEW) return text;
  // Slicing a concatenation makes V8 write the concatenation out as a new string first; the
  // slice is a view into that copy, not into the HTML.
  return `${text} `.slice(0, -1);
}
