/**
 * Where the crawler hands what it read (DESIGN.md flow: "pages ─► index"). The crawler never
 * imports the index; the index implements this interface and app.ts connects the two.
 */
export interface FetchedPage {
  siteId: number;
  /** The normalised URL the page was read at. */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The decoded HTML, read whole. */
  html: string;
  /** Hash of the body, used to spot the same page under two URLs. */
  contentHash: string;
  fetchedAt: string;
  /** When the page asked to leave the index (`unavailable_after`, ISO time), if it did. */
  unavailableAfter?: string;
  /**
   * The same-origin links the crawler follows from this page (normalised). Kept with the page so
   * that a recrawl answered `304 Not Modified` still finds the pages behind it.
   */
  links: string[];
}

export interface PageSink {
  /** Adds or replaces the page in the index. Only pages allowed, whole, HTML and content arrive. */
  accept(page: FetchedPage): Promise<void>;
  /** Takes a page out of the index (gone, noindex, disallowed, blocked): no-op when absent. */
  remove(siteId: number, url: string): Promise<void>;
  /**
   * `accept`, then the page's frontier entry in crawl `crawlId` settled as indexed, in one call: a
   * sink in another thread that also holds the crawl's store saves a message per page. Without it
   * the crawl settles the entry itself once `accept` resolves.
   */
  acceptIndexed?(page: FetchedPage, crawlId: number): Promise<void>;
  /**
   * A crawl or a refresh of a site already known begins: the sink brings what it holds of the site
   * up to date (pages indexed by an older analysis are indexed again), even if no page of the site
   * changed.
   */
  prepareSite?(siteId: number): Promise<void>;
}
