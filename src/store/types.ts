/**
 * The store: every piece of Hooty's state lives behind these interfaces. The embedded
 * implementation is one SQLite file (`sqlite/`); the scale-out one will be PostgreSQL, shared by
 * many processes. Both run the same contract suite (`contract.test.ts`), so the semantics written
 * here are the ones both keep.
 *
 * All methods are asynchronous, even where SQLite could answer at once, so callers never depend on
 * an in-process database.
 */

export interface BlockedDomain {
  /** Lower-case punycode host name; it covers its subdomains too. */
  domain: string;
  reason: string | null;
  /** ISO 8601 time the block was added. */
  blockedAt: string;
}

/** The operator's list of sites that asked not to be crawled. */
export interface BlockList {
  /**
   * Blocks `domain` and its subdomains and removes their pages from the index, in one step.
   * Idempotent: blocking again keeps the first time and replaces the reason. Running crawls see
   * it at their next check (before every request, and while they wait).
   */
  add(domain: string, reason: string | null): Promise<void>;
  /** Removes a block; resolves false when the domain was not blocked. */
  remove(domain: string): Promise<boolean>;
  /** Every block, sorted by domain. */
  list(): Promise<BlockedDomain[]>;
  /** The block covering `host` (equal to it, or a parent domain of it), if any. */
  covering(host: string): Promise<BlockedDomain | null>;
}

export interface SiteRecord {
  id: number;
  /** `https://example.org` (port only when not the default). */
  origin: string;
  /** Lower-case host name of the origin, for block-list matching. */
  host: string;
  startUrl: string;
  createdAt: string;
}

export interface Sites {
  /** The site of `origin`, created on first use (idempotent under concurrency). */
  ensure(origin: string, startUrl: string): Promise<SiteRecord>;
  byOrigin(origin: string): Promise<SiteRecord | null>;
  /** The site first added with this start URL (its origin may differ after a redirect). */
  byStartUrl(startUrl: string): Promise<SiteRecord | null>;
  list(): Promise<SiteRecord[]>;
}

export type CrawlState = "running" | "completed" | "stopped";

export interface CrawlRecord {
  id: number;
  siteId: number;
  state: CrawlState;
  maxPages: number;
  startedAt: string;
  finishedAt: string | null;
  /** The crawl report as last saved (JSON value), null before the first save. */
  report: unknown;
}

export interface Crawls {
  /** The site's crawl that has not finished (a crawl interrupted by a crash), if any. */
  unfinished(siteId: number): Promise<CrawlRecord | null>;
  /** The site's most recent crawl, finished or not. */
  latest(siteId: number): Promise<CrawlRecord | null>;
  start(siteId: number, maxPages: number): Promise<CrawlRecord>;
  /** Saves the running report, so a resumed crawl reports what happened before the crash. */
  saveReport(crawlId: number, report: unknown): Promise<void>;
  finish(crawlId: number, state: Exclude<CrawlState, "running">, report: unknown): Promise<void>;
}

export interface FrontierEntry {
  url: string;
  depth: number;
  /**
   * Given when the URL is known but will not be fetched (off-site, unsafe, …): the entry is
   * settled at once with this outcome, so it is counted once and never queued.
   */
  outcome?: string;
}

/**
 * A crawl's queue of URLs. Each URL appears once per crawl: adding a known URL does nothing, so a
 * page is never fetched twice in one crawl. `next` shows the entry to visit now (lowest depth
 * first, then the order of discovery) without taking it: it stays first until `settle` records
 * its outcome. A crawl killed during a visit therefore finds that entry first again. One process
 * crawls a site at a time (the site gate's lease), so nothing else takes entries meanwhile.
 */
export interface Frontier {
  /** Adds the URLs not yet known to the crawl; resolves to how many were new. */
  add(crawlId: number, entries: FrontierEntry[]): Promise<number>;
  next(crawlId: number): Promise<FrontierEntry | null>;
  settle(crawlId: number, url: string, outcome: string): Promise<void>;
  /** How many entries wait, and how many were settled. */
  counts(crawlId: number): Promise<{ queued: number; settled: number }>;
  /** The settled entries by outcome: `{ indexed: 12, "off-site": 40, … }`. */
  outcomes(crawlId: number): Promise<Record<string, number>>;
  /** Settles every entry still queued with `outcome` (the page limit ends a crawl); returns how many. */
  settleQueued(crawlId: number, outcome: string): Promise<number>;
}

export type StopKind = "robots-unavailable" | "unreachable" | "rate-limited";

/** The site gate's memory of one origin: the pace and the stops every process must honour. */
export interface GateState {
  /** Earliest start of the next request to the origin (epoch ms). */
  nextAt: number;
  /** A Retry-After deadline still in force (epoch ms), 0 when none. */
  retryUntil: number;
  /** Start of a request whose end was never recorded (the process died during it). */
  inFlightSince: number | null;
  /** Why the site is stopped, and until when (epoch ms) no request may be made. */
  stop: { kind: StopKind; detail: string; until: number } | null;
  consecutiveFailures: number;
}

export interface GateStates {
  /** The origin's state; a fresh one (all zero) for an origin never seen. */
  load(origin: string): Promise<GateState>;
  save(origin: string, state: GateState): Promise<void>;
  /**
   * Takes or renews the origin's lease for `owner` until `until` (epoch ms); false when another
   * owner holds an unexpired lease. One lease holder at a time is what keeps requests to a site
   * one at a time across processes and machines.
   */
  lease(origin: string, owner: string, until: number, now: number): Promise<boolean>;
  release(origin: string, owner: string): Promise<void>;
  /** Who holds the origin's lease now, if anyone. */
  leaseHolder(origin: string): Promise<{ owner: string; until: number } | null>;
  /** Takes the lease from `from` (a holder known to be dead) only if `from` still holds it. */
  takeOver(origin: string, from: string, to: string, until: number): Promise<boolean>;
}

export interface PageRecord {
  siteId: number;
  /** The normalised URL the page was read at. */
  url: string;
  title: string | null;
  lang: string | null;
  fetchedAt: string;
  status: number;
  /** Hash of the page's main content, for duplicate detection. */
  contentHash: string;
  etag: string | null;
  lastModified: string | null;
  /** The same-origin links the crawler follows from the page (see FetchedPage.links). */
  links: string[];
}

/** The pages in the index. Only the index phase writes here. */
export interface Pages {
  put(page: PageRecord): Promise<void>;
  get(siteId: number, url: string): Promise<PageRecord | null>;
  /** Another page of the site with the same content, if any. */
  withContent(siteId: number, contentHash: string, exceptUrl: string): Promise<PageRecord | null>;
  list(siteId: number): Promise<PageRecord[]>;
  remove(siteId: number, url: string): Promise<boolean>;
}

export interface Store {
  readonly kind: "sqlite" | "postgres";
  /** Where the data lives, for messages (a file path or a database URL without password). */
  readonly location: string;
  /** The schema version after the migrations that ran on open. */
  schemaVersion(): Promise<number>;
  readonly blocks: BlockList;
  readonly sites: Sites;
  readonly crawls: Crawls;
  readonly frontier: Frontier;
  readonly gates: GateStates;
  readonly pages: Pages;
  /** Releases the connection; further calls fail. */
  close(): Promise<void>;
}
