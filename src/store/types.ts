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
   * Blocks `domain` and its subdomains, then removes their pages from the index before it
   * resolves. The block holds at once: running crawls see it at their next look at the list
   * (every half second, whatever they are doing), and no page of the domain is written again.
   * The pages leave in short steps, so other writers never wait long behind them; pages a crash
   * left behind leave at the next block of the domain or `hooty refresh` of its sites.
   * Idempotent: blocking again keeps the first time, and the reason unless a new one is given.
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
  /** The id the crawls started by one command share (`Crawls.start`); null if none was given. */
  run: string | null;
}

export interface Crawls {
  /** The site's crawl that has not finished (a crawl interrupted by a crash), if any. */
  unfinished(siteId: number): Promise<CrawlRecord | null>;
  /** The site's most recent crawl, finished or not. */
  latest(siteId: number): Promise<CrawlRecord | null>;
  /** A new crawl of the site; `run`, the id of the command that starts it and others. */
  start(siteId: number, maxPages: number, run?: string | null): Promise<CrawlRecord>;
  /** A resumed crawl given another page limit keeps to that one. */
  setMaxPages(crawlId: number, maxPages: number): Promise<void>;
  /** Saves the running report, so a resumed crawl reports what happened before the crash. */
  saveReport(crawlId: number, report: unknown): Promise<void>;
  finish(crawlId: number, state: Exclude<CrawlState, "running">, report: unknown): Promise<void>;
}

export interface FrontierEntry {
  url: string;
  depth: number;
  /** Redirects in a row that led to the URL; absent (0) for a URL found as a link. */
  hops?: number;
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
  /**
   * Adds the URLs not yet known to the crawl, at most `room` of them (the rest are left, as if never
   * seen); resolves to how many were new.
   */
  add(crawlId: number, entries: FrontierEntry[], room?: number): Promise<number>;
  next(crawlId: number): Promise<FrontierEntry | null>;
  settle(crawlId: number, url: string, outcome: string): Promise<void>;
  /** How many entries wait, and how many were settled. */
  counts(crawlId: number): Promise<{ queued: number; settled: number }>;
  /** The settled entries by outcome: `{ indexed: 12, "off-site": 40, … }`. */
  outcomes(crawlId: number): Promise<Record<string, number>>;
  /** Settles every entry still queued with `outcome` (the page limit ends a crawl); returns how many. */
  settleQueued(crawlId: number, outcome: string): Promise<number>;
  /**
   * Settles what a crawl that died left handed to the index (outcome `indexing`): an entry whose
   * page the index holds as read during this crawl (its page written at or after the crawl began)
   * becomes `indexed`, since the index stored it and only the entry was not settled in time; any
   * other goes back in the queue, in its old place, to be read again. So does an entry settled as
   * read into the index (`indexed`, `unchanged`) whose page has left the index since (the site
   * blocked and unblocked, its pages removed by `hooty refresh`).
   */
  resumeIndexing(crawlId: number): Promise<{ indexed: number; queued: number }>;
}

export type StopKind = "robots-unavailable" | "unreachable" | "rate-limited";

/** The site gate's memory of one origin: the pace and the stops every process must honour. */
export interface GateState {
  /** Earliest start of the next request to the origin (epoch ms). */
  nextAt: number;
  /** A Retry-After deadline still in force (epoch ms), 0 when none. */
  retryUntil: number;
  /**
   * Set while a process is crawling the site (from before its first request until it gives the
   * site back): found set on open, the holder died and its last request's end was never recorded.
   */
  inFlightSince: number | null;
  /**
   * Why the site is stopped, and until when (epoch ms) no request may be made; the URL and status
   * that stopped it, when one did.
   */
  stop: {
    kind: StopKind;
    detail: string;
    until: number;
    url: string | null;
    status: number | null;
  } | null;
  consecutiveFailures: number;
  /**
   * The pause between requests last in force, max(0.5 s, Crawl-delay), in ms; 0 when unknown. A
   * process recovering from a crash waits it before its first request (robots.txt, whose
   * Crawl-delay it has yet to read).
   */
  pauseMs: number;
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
  /**
   * Asks whoever crawls the origin to read its robots.txt again (`hooty refresh` while another
   * process holds the lease); `at` is when (epoch ms).
   */
  askRobots(origin: string, at: number): Promise<void>;
  /** The origins whose robots.txt was asked for at or after `since` (epoch ms), with when. */
  robotsAsks(since: number): Promise<Map<string, number>>;
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
  /** When the page leaves the index by its own `unavailable_after` (ISO time), if it said so. */
  unavailableAfter?: string | null;
}

/** The pages in the index. Only the index phase writes here. */
export interface Pages {
  put(page: PageRecord): Promise<void>;
  get(siteId: number, url: string): Promise<PageRecord | null>;
  /** Another page of the site with the same content, if any. */
  withContent(siteId: number, contentHash: string, exceptUrl: string): Promise<PageRecord | null>;
  list(siteId: number): Promise<PageRecord[]>;
  /** Removes the page and everything the text index holds for it (see `TextIndex`). */
  remove(siteId: number, url: string): Promise<boolean>;
}

// ─── The text index (issue 6) ───────────────────────────────────────────────────────────────
//
// What the index phase keeps of each page, and what the answer phase ranks and quotes from:
//   pages ─1:1─ page texts (boilerplate state, blocks) ─1:n─ sections
//                          └─1:n─ chunk places ─n:1─ chunks (text once per site) ─1:n─ postings
// A chunk is a passage's text, stored once per site however many pages (or places in a page) hold
// it; a chunk place says where it stands (page, section, anchor, offsets). Postings, document
// frequencies and the per-site totals are counted over chunks, so a passage repeated on many pages
// weighs once. Ranking (BM25 or any other) is done by the caller from `postings` and `stats`, one
// code path for every store.
//
// Removing a page (`Pages.remove`, `TextIndex.removePage`, `BlockList.add`) removes its sections
// and chunk places at once, and with them every chunk no other page holds, and that chunk's
// postings; the counts follow in the same transaction.

/**
 * What joins the cells of a table row in section text: a tab, as a browser copies a row, so that
 * a quote of the row is found in the page's text (whitespace aside). Cell text itself holds none.
 */
export const CELL_SEP = "\t";

/** One section of a page as the index keeps it: what answers quote, and where to link. */
export interface SectionRecord {
  /** The headings above the text, outermost first. */
  headingPath: string[];
  /** The id to link to (`url#anchor`), or null. */
  anchor: string | null;
  /** ISO 639-1 code of the section's language ("und" when unknown). */
  lang: string;
  /**
   * The section's text exactly as extracted, holding only what the page shows and whitespace (a
   * list item's lines indented by its depth, a row's cells joined by CELL_SEP): quotes are slices
   * of it.
   */
  text: string;
}

/** A section's own heading (the last of its path) and its first passage: what `headings` lists. */
export interface SectionHeading {
  url: string;
  heading: string;
  chunkId: number;
}

/**
 * An analysed term of a chunk and how often it occurs (compound parts and other extra terms
 * included). Positions are not stored: the answer phase re-analyses its few candidate chunks
 * with the same analyser when it weighs proximity, which costs less than storing them.
 */
export interface ChunkTerm {
  term: string;
  tf: number;
}

/** One passage of a page, with its analysed terms, as handed to `TextIndex.replacePage`. */
export interface ChunkInput {
  /** Index into the page's sections. */
  section: number;
  /** The nearest id before the passage (`url#anchor`), or null. */
  anchor: string | null;
  /** The ids further into the passage, as `[offset in text, id]` in order (absent: none). */
  laterAnchors?: [number, string][];
  lang: string;
  /** The passage: `sections[section].text.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  /** Content hash of `text`: equal hashes are stored once per site. */
  hash: string;
  /** Sentence spans in `text`, as `[start, end]` pairs. */
  sentences: [number, number][];
  /** The chunk's distinct terms. Read only when the site does not hold the chunk yet. */
  terms: ChunkTerm[];
  /** Terms counted in the passage (BM25's document length). */
  length: number;
}

/**
 * What site-level boilerplate detection needs of a page to learn from it again and to re-apply it
 * (index phase: `createSiteBoilerplate`) without the HTML.
 */
export interface BoilerplateRecord {
  /** The page's distinct block fingerprints, sorted: its entry of the detector's state. */
  fingerprints: number[];
  /** Which blocks were dropped when the sections were built (a key the index phase compares). */
  mask: string;
}

/** A page's whole index entry, replaced in one transaction by `TextIndex.replacePage`. */
export interface PageText {
  sections: SectionRecord[];
  chunks: ChunkInput[];
  boilerplate: BoilerplateRecord;
  /** The extraction's blocks and regions, as JSON the index phase writes and reads back. */
  blocks: string;
  /**
   * What the page's links say about the other pages of its site (src/index/anchors.ts). Absent:
   * the page's anchors stay as written before (re-indexing from stored blocks, which keep none).
   */
  anchors?: AnchorRecord[];
}

/**
 * A part of a draft (`TextIndex.writeDraft`): part `part` of `PageText.blocks` (the parts in
 * order make the whole), or the page's sections or chunks from index `from` on.
 */
export type DraftPart =
  | { blocks: string; part: number }
  | { sections: SectionRecord[]; from: number }
  | { chunks: ChunkInput[]; from: number };

/** What `TextIndex.commitDraft` needs beside the draft's parts. */
export interface DraftCommit {
  /** The page record to put (as `replacePage`), or null to update a page still indexed. */
  page: PageRecord | null;
  boilerplate: BoilerplateRecord;
  /** As `PageText.anchors`. */
  anchors?: AnchorRecord[];
}

/** A link of a page to another page of its site: the target's URL (no fragment) and its words. */
export interface AnchorRecord {
  target: string;
  text: string;
}

/** Where a chunk stands on a page. */
export interface ChunkPlace {
  url: string;
  title: string | null;
  /** Index of the section in the page's sections. */
  section: number;
  headingPath: string[];
  anchor: string | null;
  /** The ids further into the passage on this page, as `[offset in text, id]` (absent: none). */
  laterAnchors?: [number, string][];
  /** Offsets of the chunk in its section's text. */
  start: number;
  end: number;
}

export interface ChunkRecord {
  id: number;
  siteId: number;
  hash: string;
  text: string;
  lang: string;
  length: number;
  sentences: [number, number][];
  /** Every place the chunk stands, by URL then position in the page. */
  places: ChunkPlace[];
}

/** A term's postings in one site: every chunk holding it. */
export interface TermPostings {
  term: string;
  /** Chunks of the site holding the term: the length of `chunkIds`. */
  df: number;
  /** Parallel arrays, by chunk id. */
  chunkIds: number[];
  tf: number[];
}

/** One chunk's row of the forward index: its length and terms, for building in-memory indexes. */
export interface ChunkTerms {
  chunkId: number;
  length: number;
  terms: ChunkTerm[];
}

/** A site's index totals, for BM25's N and average document length. */
export interface IndexStats {
  chunks: number;
  /** Sum of the chunks' lengths. */
  totalLength: number;
  pages: number;
}

/**
 * The text index: sections, chunks and an inverted index per site. Only the index phase writes;
 * the answer phase reads.
 */
export interface TextIndex {
  /**
   * Puts the page (as `Pages.put`) and replaces everything indexed for it with `text`, in one
   * transaction: readers see the old entry or the new one, never a mix. Chunks the site already
   * holds (same hash) are reused, with their postings; chunks no page holds any more are removed.
   * Resolves false, writing nothing, when the site's domain is blocked (`BlockList`): a crawl
   * still in flight when the block came never writes back what the block removed.
   */
  replacePage(page: PageRecord, text: PageText): Promise<boolean>;
  /**
   * Replaces the index entry of a page that is still indexed, in one transaction, leaving its page
   * record as it is; false (and nothing written) when the page is gone. For re-indexing pages
   * already stored (site boilerplate learnt since), so that a page another process just removed
   * is never written back.
   */
  updateText(siteId: number, url: string, text: PageText): Promise<boolean>;
  /**
   * A page text too large for one short transaction is written as a draft: `startDraft`, its
   * parts by `writeDraft` (each a transaction of its own, in any order), then `commitDraft`,
   * which shows it as the page's text in one small transaction. Until then readers see the page
   * as it was: a draft's rows are neither visible nor counted, whatever happens in between (a
   * crash included). A draft left unfinished longer than a few minutes is removed by a later
   * `startDraft` of its site.
   */
  startDraft(siteId: number, url: string): Promise<number>;
  /** Writes a part of the draft; rejects when the draft is gone (committed or dropped). */
  writeDraft(draft: number, part: DraftPart): Promise<void>;
  /**
   * Shows the draft as the text of the page it was started for, as `replacePage` (`commit.page`
   * given) or `updateText` (null) would have written it, and false (the draft dropped, nothing
   * shown) where they would have written nothing.
   */
  commitDraft(draft: number, commit: DraftCommit): Promise<boolean>;
  /** Removes a draft never committed (a few short transactions); a no-op once it is gone. */
  dropDraft(draft: number): Promise<void>;
  /** Removes the page and all it holds in the index (as `Pages.remove`); false when absent. */
  removePage(siteId: number, url: string): Promise<boolean>;
  /** The page's sections in order, [] when the page is not indexed. */
  sections(siteId: number, url: string): Promise<SectionRecord[]>;
  /** The boilerplate records of the site's indexed pages, by URL. */
  boilerplate(siteId: number): Promise<Map<string, BoilerplateRecord>>;
  /** The page's stored blocks (`PageText.blocks`), null when the page is not indexed. */
  blocks(siteId: number, url: string): Promise<string | null>;
  /**
   * The analysis version (`ANALYSIS_VERSION`) every page of the site is indexed under; null when
   * none is recorded (a new site, or an index written before versions were kept).
   */
  analysisVersion(siteId: number): Promise<number | null>;
  /** Records that every page of the site is indexed under `version`. */
  setAnalysisVersion(siteId: number, version: number): Promise<void>;
  stats(siteId: number): Promise<IndexStats>;
  /**
   * The postings of each term (analysed terms, as the index phase made them) in the site; terms
   * no chunk of the site holds are left out. Order of the result follows `terms`. Cost grows with the
   * postings read: rare terms answer in well under a millisecond; a term in most chunks of a
   * large site takes tens of milliseconds (look up `documentFrequencies` first and leave such
   * terms to `chunkTerms`, or keep an in-memory index built from `chunkTerms`).
   */
  postings(siteId: number, terms: readonly string[]): Promise<TermPostings[]>;
  /** Chunks of the site holding each term (0 when none), cheap whatever the term. */
  documentFrequencies(siteId: number, terms: readonly string[]): Promise<Map<string, number>>;
  /**
   * The forward index of the given chunks (in that order), or of every chunk of the site by id
   * when `chunkIds` is absent (an in-memory index of a 5,000-page site loads from it in well under a second).
   */
  chunkTerms(siteId: number, chunkIds?: readonly number[]): Promise<ChunkTerms[]>;
  /** The chunks by id, with their places; unknown ids are left out. */
  chunks(ids: readonly number[]): Promise<ChunkRecord[]>;
  /** The site's terms with their document frequencies (df > 0), for spelling suggestions. */
  vocabulary(siteId: number): Promise<[term: string, df: number][]>;
  /**
   * What the links of the site's indexed pages say about each of `targets` (page URLs without
   * fragment): each distinct text once; targets no page links to are left out.
   */
  anchors(siteId: number, targets: readonly string[]): Promise<Map<string, string[]>>;
  /**
   * Each page's lead, by URL: the start of its first section's text (its first 400 characters at
   * least, or all of it); pages not indexed are left out.
   */
  leads(siteId: number, urls: readonly string[]): Promise<Map<string, string>>;
  /** Every section of the site with a heading and a passage: its own heading, its first passage. */
  headings(siteId: number): Promise<SectionHeading[]>;
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
  readonly texts: TextIndex;
  /** Releases the connection; further calls fail. */
  close(): Promise<void>;
}
