/**
 * The crawl of one site (DESIGN.md flow: robots.txt ─► frontier ─► site gate ─► fetch ─► decode ─►
 * classify ─► links, pages ─► index). Every request goes through the site's gate; every URL's fate
 * is recorded in the frontier as it happens, so a crawl killed at any point resumes where it was.
 */
import type { FetchedPage, PageSink } from "../core/page-sink.js";
import { type CrawlReport, emptySkipped, type Problem } from "../core/report.js";
import type {
  BlockedDomain,
  CrawlRecord,
  FrontierEntry,
  PageRecord,
  SiteRecord,
  Store,
} from "../store/types.js";
import { type BlockWatch, watchBlocks } from "./block-watch.js";
import {
  allowListGuide,
  classify,
  JS_RENDERED_ADVICE,
  mayBeHtml,
  mediaType,
  robotsDirectives,
} from "./classify/index.js";
import { decodeHtml } from "./decode/charset.js";
import type { Fetch, FetchResponse } from "./fetch/types.js";
import { CERTIFICATE_REFUSED, FetchFailure } from "./fetch/types.js";
import { GATE_DEFAULTS, type GateOptions, SiteGate, TurnDeclined } from "./gate/gate.js";
import { robotsGetThrough } from "./gate/robots-get.js";
import type { SharedGates } from "./gate/shared-gates.js";
import { SiteStopped } from "./gate/site-stopped.js";
import { waitWords } from "./gate/wait-words.js";
import { extractLinks, MAX_LINKS } from "./links/extract.js";
import { normalizeUrl, visitMask } from "./links/normalize.js";
import { OriginAliases } from "./links/origin-aliases.js";
import { isUnsafe, looksNotHtml } from "./links/policy.js";
import { repeatsItself } from "./links/repeating-path.js";
import { isWikiView } from "./links/wiki-views.js";
import { OUTCOMES, type Outcome, tally } from "./outcomes.js";
import { hasExpired } from "./page-expiry.js";
import { pageHash } from "./page-hash.js";
import { ProblemLog } from "./problems.js";
import {
  type Challenge,
  createRobotsCache,
  parseRobots,
  type Robots,
  type RobotsCache,
  type RobotsDecision,
  type RobotsOutcome,
} from "./robots/index.js";
import { type RobotsAskWatch, watchRobotsAsks } from "./robots-asks.js";
import { readSitemaps } from "./sitemaps/read.js";
import type { TakeTurn } from "./turns.js";

export interface CrawlSettings {
  maxPages: number;
  timeoutMs: number;
  maxBytes: number;
  gate: GateOptions;
  /** How often a running crawl looks at the block list while it waits. */
  blockCheckMs: number;
  /** Most sitemap files read per crawl (indexes included). */
  maxSitemaps: number;
  /**
   * Most URLs one crawl records from the links it finds (its frontier, queued and settled); links
   * beyond are left. Unset: `URLS_PER_PAGE` times the page limit, and at least `MIN_URLS`.
   */
  maxUrls?: number;
}

const ROBOTS_ADVICE =
  "allow HootyBot in robots.txt (User-agent: HootyBot / Allow: /) if it may read these pages";

/** What to change in robots.txt: the rule, when a group of HootyBot's own set it; else a group. */
function robotsAdvice(robots: Robots, decision: RobotsDecision): string {
  if (robots.forAgent().group !== "agent" || decision.rule === null) return ROBOTS_ADVICE;
  return `remove or narrow "${decision.rule}" (line ${decision.line}) in robots.txt's group for HootyBot if it may read these pages`;
}

const NOINDEX_ADVICE =
  "remove the noindex (meta robots or X-Robots-Tag) from pages Hooty may read; in WordPress, " +
  "Settings › Reading › Search engine visibility adds it to every page";

/**
 * A start page that asks not to be indexed: often every page of the site does (a staging site, or
 * WordPress told to discourage search engines), and the crawl then reads nothing.
 */
function startNoindex(url: string, status: number, nofollow: boolean): Problem {
  const detail = nofollow
    ? "the start page asks not to be indexed and its links not to be followed (noindex, nofollow): Hooty reads no page through it"
    : "the start page asks not to be indexed (noindex): Hooty follows its links but leaves the page itself out";
  return { kind: "noindex", url, status, detail, advice: NOINDEX_ADVICE };
}

/**
 * A site that links each page to thousands of new URLs (generated, or hostile) would otherwise
 * fill the store and the crawl's memory with URLs that the page limit never lets it read.
 */
const URLS_PER_PAGE = 20;
const MIN_URLS = 10_000;
/**
 * Requests one crawl makes, at most, per page of its limit (and a few besides, for robots.txt and
 * sitemaps): redirects and failed requests fetch no page, so a site that sends every URL on to a
 * new one would otherwise be asked forever.
 */
const REQUESTS_PER_PAGE = 3;
const EXTRA_REQUESTS = 20;
/** Pages of a site the index holds at a time, at most (see handToIndex). */
const MAX_HANDED = 8;
/** A page this large is read in several turns of the event loop (see `answer`). */
const LARGE_PAGE_BYTES = 1024 * 1024;

export const CRAWL_DEFAULTS: CrawlSettings = {
  maxPages: 500,
  timeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
  gate: {},
  blockCheckMs: 500,
  maxSitemaps: 10,
};

export interface SiteProgress {
  /** The start URL as given: stable while `site` may change (a start URL that redirects). */
  startUrl: string;
  site: string;
  state: "starting" | "crawling" | "done";
  /** Once done: what stopped the crawl early (a problem kind), null when it completed. */
  stoppedBy?: Problem["kind"] | null;
  fetched: number;
  indexed: number;
  queued: number;
  skipped: number;
  waiting: SiteGate["waiting"];
}

export interface CrawlContext {
  store: Store;
  sink: PageSink;
  fetch: Fetch;
  settings?: Partial<CrawlSettings>;
  /** Aborting interrupts the crawl; it stays resumable. */
  signal?: AbortSignal;
  onProgress?: (progress: SiteProgress) => void;
  /** The clock robots.txt's one-hour lifetime is measured with (tests move it on). */
  now?: () => number;
  /** Waits for this site's turn to handle a page it fetched (see turns.ts); none when absent. */
  takeTurn?: TakeTurn;
  /** The block list as the sites crawled together watch it; each site watches alone when absent. */
  blockWatch?: BlockWatch;
  /** Requests to read robots.txt again, watched likewise (robots-asks.ts). */
  robotsAskWatch?: RobotsAskWatch;
  /** The gates of the sites crawled together (see shared-gates.ts); each crawl its own when absent. */
  sharedGates?: SharedGates;
  /** The id the crawls one command starts share (see crawl.ts), kept with each crawl. */
  run?: string;
}

/** The start page led to a site another crawl of this process reads. */
class SameSite extends Error {
  constructor(readonly origin: string) {
    super(`the start page leads to ${origin}, which another crawl of this run reads`);
    this.name = "SameSite";
  }
}

/** The operator blocked the domain while the crawl ran (or before it started). */
class Blocked extends Error {
  constructor(domain: string, reason: string | null) {
    super(
      `the operator blocked ${domain}${reason ? ` (${reason})` : ""}: HootyBot does not crawl it`,
    );
    this.name = "Blocked";
  }
}

const MAX_START_REDIRECTS = 5;
/**
 * Redirects in a row HootyBot follows from a link (browsers follow 20, Googlebot 10): a site that
 * sends each URL on to a new one would otherwise be asked until the request limit.
 */
const MAX_REDIRECTS = 10;
/** A meta refresh this soon is a redirect: browsers leave the page before anyone reads it. */
const REFRESH_IS_REDIRECT_S = 3;
/** Longer URLs are almost always generated traps (or attacks), not pages. */
const MAX_URL_LENGTH = 2048;

/**
 * Crawls the site of `startUrl`. `moreStarts` are further pages of the same site to start from
 * (given in one command with it): they join the queue after the start page, in one crawl.
 */
export async function crawlSite(
  startUrl: string,
  context: CrawlContext,
  moreStarts: readonly string[] = [],
): Promise<CrawlReport> {
  return new SiteCrawl(startUrl, context, moreStarts).run();
}

interface GateEntry {
  gate: SiteGate;
  robots: RobotsCache;
  /** Stops showing this gate's waits in the crawl's progress. */
  unwatch: () => void;
}

class SiteCrawl {
  private readonly context: CrawlContext;
  private readonly settings: CrawlSettings;
  private readonly startUrl: string;
  private readonly abort = new AbortController();
  /** The gates this crawl opened, by origin (see gateFor). */
  private readonly gates = new Map<string, GateEntry>();
  /** The gate of this crawl's last request: the next one, to any origin, keeps its pace. */
  private lastGate: SiteGate | null = null;
  private readonly opening = new Map<string, Promise<GateEntry>>();
  private blocked: Blocked | null = null;
  private origin: string;
  private problems = new ProblemLog();
  private requests = 0;
  private site: SiteRecord | null = null;
  private crawl: CrawlRecord | null = null;
  private startedAt = new Date().toISOString();
  /** Pages fetched in this crawl (before a crash too): the page limit counts these. */
  private fetched = 0;
  /** URLs the crawl's frontier holds (queued and settled), as last counted and added since. */
  private listed = 0;
  /** Links were left because the frontier held `maxUrls` URLs. */
  private listFull = false;
  /** The first page whose links were more than HootyBot reads of one page (`MAX_LINKS`). */
  private crowded: string | null = null;
  private countedAt = 0;
  private counted: { outcomes: Record<string, number>; queued: number } | null = null;
  private savedAt = 0;
  private progress: SiteProgress;
  /**
   * False for a site first added by this crawl: none of its pages was stored before, so there is
   * no copy to ask for conditionally, and its stored pages are the ones this crawl handed over.
   */
  private mayHavePages = true;
  /** Whether the indexed pages no link led to were queued (`queueUnlinkedPages`). */
  private unlinkedQueued = false;
  /**
   * The content hashes of the pages this crawl handed to the index (in a site's first crawl, all
   * its stored pages can be).
   */
  private readonly handedContent = new Set<string>();
  /** The per-visit masks (`visitMask`) of the URLs this crawl listed. */
  private readonly visitMasks = new Set<string>();
  /** Pages of this crawl in the index: handed to it, or unchanged since the last crawl. */
  private readonly indexedHere = new Set<string>();
  /** URLs of the start URL's redirects that said the move is for good (301, 308). */
  private readonly movedForGood = new Set<string>();
  /** Origins the start URL was redirected from: links written with them mean this origin. */
  private readonly aliases = new OriginAliases();
  /** When `hooty refresh` last asked this crawl to read the site's robots.txt again (epoch ms). */
  private robotsAskedAt = 0;
  /** Per origin, the robots.txt outcome last applied: another one is the file read again. */
  private readonly robotsApplied = new Map<string, RobotsOutcome>();
  /**
   * Pages indexed while the canonical page they name (the key) was still to be read: they leave
   * the index once it is in (`inIndex`).
   */
  private readonly standIns = new Map<string, string[]>();
  /** The start URL and the URLs its redirects led to, in order, up to the page visited first. */
  private startChain: string[] = [];
  /** Where each URL that redirected in this run sent HootyBot: a loop's way back to itself. */
  private readonly redirectedTo = new Map<string, string>();
  /** Pages handed to the index, oldest first, until the crawl has seen them stored (handToIndex). */
  private readonly handed: {
    url: string;
    contentHash: string;
    size: number;
    stored: Promise<unknown>;
  }[] = [];

  constructor(
    startUrl: string,
    context: CrawlContext,
    private readonly moreStarts: readonly string[] = [],
  ) {
    this.context = context;
    this.settings = { ...CRAWL_DEFAULTS, ...context.settings };
    const start = normalizeUrl(startUrl);
    if (!start) throw new TypeError(`not an http(s) URL: ${startUrl}`);
    this.startUrl = start.href;
    this.origin = start.origin;
    this.progress = {
      startUrl,
      site: this.origin,
      state: "starting",
      fetched: 0,
      indexed: 0,
      queued: 0,
      skipped: 0,
      waiting: null,
    };
  }

  async run(): Promise<CrawlReport> {
    this.claim(this.origin);
    try {
      return await this.runAndReport();
    } finally {
      this.context.sharedGates?.unclaim(this);
      await this.closeGates();
    }
  }

  private async runAndReport(): Promise<CrawlReport> {
    const outer = this.context.signal;
    const relay = () => this.abort.abort(outer?.reason);
    outer?.addEventListener("abort", relay, { once: true });
    const blockWatch =
      this.context.blockWatch ?? watchBlocks(this.context.store.blocks, this.settings.blockCheckMs);
    const blocksWatched = blockWatch.watch(
      () => new URL(this.origin).hostname,
      (block) => this.markBlocked(block),
    );
    const askWatch =
      this.context.robotsAskWatch ??
      watchRobotsAsks(this.context.store.gates, this.settings.blockCheckMs);
    // `hooty refresh` could not read robots.txt while this crawl held the site: the crawl reads
    // it again at its next page (within a second), and what it now disallows leaves the index.
    const asksWatched = askWatch.watch(
      () => this.origin,
      (at) => {
        // A time ahead of this clock (another machine's) counts as now: a file read later obeys it.
        this.robotsAskedAt = Math.max(this.robotsAskedAt, Math.min(at, Date.now()));
      },
    );
    const stopWatching = () => {
      blocksWatched();
      asksWatched();
    };
    let outcome: CrawlReport["outcome"] = "completed";
    try {
      const [, resumable] = await Promise.all([this.checkBlocked(), this.unfinishedSite()]);
      this.throwIfBlocked();
      if (resumable) {
        // Resuming: the start page was asked for before the crash; never ask for it again.
        if (!this.claim(resumable.origin)) throw new SameSite(resumable.origin);
        this.origin = resumable.origin;
        this.aliases.add(new URL(this.startUrl).origin, this.origin);
        this.progress.site = this.origin;
        await this.robotsFor(this.origin);
        await this.open([]);
      } else {
        if (neverFetchedAnywhere(new URL(this.startUrl)) === "unsafe") {
          // Given a sign-in, account or cart page to start from: never asked for; what else the
          // site lists (other start URLs, its sitemaps) is still read.
          await this.open([]);
          await this.refuseStart(this.startUrl);
        } else {
          const first = await this.probe();
          await this.open(first.redirects);
          // A start page robots.txt keeps out is visited too: the visit says why nothing was read.
          await this.visitStart(first.url, first.response, first.failure);
        }
      }
      await this.enqueue(this.moreStarts, 0);
      await this.readSitemaps();
      await this.drain();
      await this.indexed();
    } catch (error) {
      if (error instanceof SameSite) return this.sameSiteReport(error.origin);
      // The page being indexed still counts, whatever stopped the crawl.
      await this.indexed().catch(() => {});
      if (this.blocked) {
        this.problems.add({
          kind: "blocked",
          url: null,
          status: null,
          detail: this.blocked.message,
        });
        outcome = "stopped";
      } else if (error instanceof SiteStopped) {
        // The request that made the site unreachable got no answer, as the ones before it did,
        // whose pages left the index then: so does its page.
        if (error.kind === "unreachable" && error.url !== null) {
          await this.removeFromIndex(error.url).catch(() => {});
        }
        this.problems.add(
          stopProblem(error, this.settings.gate.maxWaitMs ?? GATE_DEFAULTS.maxWaitMs),
        );
        outcome = "stopped";
      } else if (outer?.aborted) {
        await this.saveRunning(true).catch(() => {});
        throw error;
      } else {
        throw error;
      }
    } finally {
      stopWatching();
      outer?.removeEventListener("abort", relay);
    }
    return this.finish(outcome);
  }

  /**
   * Reads robots.txt and asks for the start URL, following its redirects: a start URL that
   * redirects to another origin makes that origin the site (with its own robots.txt).
   */
  private async probe(): Promise<{
    url: string;
    response: FetchResponse | null;
    failure: FetchFailure | null;
    redirects: string[];
  }> {
    let url = this.startUrl;
    const redirects: string[] = [];
    for (let hop = 0; ; hop++) {
      const origin = new URL(url).origin;
      if (origin !== this.origin) {
        // What the start page's move means for the origins it left holds whatever the new
        // origin does next (another crawl of this run reads it, its robots.txt fails).
        await this.leaveOldOrigins(redirects, origin);
        if (!this.claim(origin)) throw new SameSite(origin);
        if (hop > 0) this.aliases.add(this.origin, origin);
        // A redirect to another host: that host may be blocked (the start URL's was checked).
        this.origin = origin;
        this.progress.site = origin;
        await this.checkBlocked();
      }
      this.throwIfBlocked();
      const robots = await this.robotsFor(this.origin);
      if (!robots.allows(url)) return { url, response: null, failure: null, redirects };
      let response: FetchResponse;
      try {
        // A recrawl asks for the start page only if it changed, as for every page.
        response = await this.exchangePage(url, conditionalHeaders(await this.indexedPage(url)));
      } catch (error) {
        if (error instanceof FetchFailure && error.kind !== "aborted") {
          return { url, response: null, failure: error, redirects };
        }
        throw error;
      }
      const target = redirectTarget(response, url);
      // Another origin is adopted; a login, cart or file the redirect leads to is never asked for,
      // on this origin or another (a sign-in service elsewhere).
      const refused =
        target !== null &&
        (target.length > MAX_URL_LENGTH || neverFetchedAnywhere(new URL(target)) !== undefined);
      // A loop back to a URL of the chain ends it: the visit of the last one reports the loop.
      const loop = target !== null && (target === url || redirects.includes(target));
      if (!target || hop === MAX_START_REDIRECTS || refused || loop) {
        this.startChain = [...redirects, url];
        return { url, response, failure: null, redirects };
      }
      redirects.push(url);
      if (response.status === 301 || response.status === 308) this.movedForGood.add(url);
      url = target;
    }
  }

  /** The index's copy of a page of this origin's site, if it holds one (before `open` too). */
  private async indexedPage(url: string): Promise<PageRecord | null> {
    const { sites, pages } = this.context.store;
    const site = this.site?.origin === this.origin ? this.site : await sites.byOrigin(this.origin);
    return site ? pages.get(site.id, url) : null;
  }

  /** The site this start URL led to, when its crawl was interrupted (also after a redirect). */
  private async unfinishedSite(): Promise<SiteRecord | null> {
    const { sites, crawls } = this.context.store;
    // Asked together: one message to the store thread (see app/index-thread.ts).
    const candidates = await Promise.all([
      sites.byOrigin(this.origin),
      sites.byStartUrl(this.startUrl),
    ]);
    for (const site of candidates) {
      if (site && (await crawls.unfinished(site.id))) return site;
    }
    return null;
  }

  /** The site record and its crawl: the unfinished one to resume, or a new one. */
  private async open(redirects: string[]): Promise<void> {
    const { store } = this.context;
    const known = await store.sites.byOrigin(this.origin);
    this.mayHavePages = known !== null;
    this.site = known ?? (await store.sites.ensure(this.origin, this.startUrl));
    // Once after an upgrade of the analysis, a known site's pages are indexed again first.
    if (known) await this.context.sink.prepareSite?.(known.id);
    const unfinished = await store.crawls.unfinished(this.site.id);
    if (unfinished) {
      this.crawl = unfinished;
      // Resumed with a page limit given again, and another one: that one holds from now on.
      const asked = this.context.settings?.maxPages;
      if (asked !== undefined && asked !== unfinished.maxPages) {
        await store.crawls.setMaxPages(unfinished.id, asked);
        this.crawl = { ...unfinished, maxPages: asked };
      }
      const saved = unfinished.report as Partial<CrawlReport> | null;
      this.problems = new ProblemLog(saved?.problems ?? []);
      this.requests += saved?.requests ?? 0;
      this.startedAt = saved?.startedAt ?? unfinished.startedAt;
      // Pages the index had not yet stored when the last process died are read again; those it
      // had stored, their entries not yet settled, are not.
      await store.frontier.resumeIndexing(unfinished.id);
    } else {
      this.crawl = await store.crawls.start(
        this.site.id,
        this.settings.maxPages,
        this.context.run ?? null,
      );
    }
    const own = redirects.filter((url) => new URL(url).origin === this.origin);
    await store.frontier.add(
      this.crawl.id,
      own.map((url) => ({ url, depth: 0, outcome: "redirect" })),
    );
    // A start URL that now redirects is no longer a page of its own (see `answer`).
    for (const url of own) await this.removeFromIndex(url);
    // What the robots.txt just read keeps out leaves the index before anything else: a crawl that
    // stops early (its page limit, a server gone quiet) would otherwise leave it answering.
    const read = this.robotsApplied.get(this.origin);
    if (this.mayHavePages && read?.kind === "rules") {
      await this.leaveDisallowed(read.robots, read.url, "now");
    }
    this.progress.state = "crawling";
    await this.refreshCounts(true);
  }

  /**
   * A start URL that now sends HootyBot to another origin for good (301, 308): the site it was
   * added as has moved, and what was read at its old origin leaves the index (nothing will visit
   * those pages again; the new origin's are read in their place). A temporary redirect (a
   * maintenance page elsewhere), or a site of that origin added by another start URL, loses only
   * the page that now redirects.
   */
  private async leaveOldOrigins(redirects: string[], reached: string): Promise<void> {
    for (const url of redirects) {
      const origin = new URL(url).origin;
      if (origin === reached) continue;
      const old = await this.context.store.sites.byOrigin(origin);
      if (!old) continue;
      if (old.startUrl === this.startUrl && this.movedForGood.has(url)) {
        await this.removeAllPages(old.id);
      } else {
        await this.context.sink.remove(old.id, url);
      }
    }
  }

  private async visitStart(
    url: string,
    response: FetchResponse | null,
    failure: FetchFailure | null,
  ) {
    const crawl = this.mustCrawl();
    const added = await this.context.store.frontier.add(crawl.id, [{ url, depth: 0 }]);
    if (added === 0) return; // resumed: the start page was handled before the crash
    await this.visit({ url, depth: 0 }, { response, failure });
  }

  private async refuseStart(url: string): Promise<void> {
    const crawl = this.mustCrawl();
    const added = await this.context.store.frontier.add(crawl.id, [
      { url, depth: 0, outcome: "unsafe" },
    ]);
    if (added === 0) return;
    this.problems.add({
      kind: "http-error",
      url,
      status: null,
      detail: "the start URL is a sign-in, account or shopping page, which HootyBot never opens",
      advice: "start the crawl at a page of the site that visitors can read without signing in",
    });
  }

  private async readSitemaps(): Promise<void> {
    const crawl = this.mustCrawl();
    const outcomes = await this.context.store.frontier.outcomes(crawl.id);
    if ((outcomes.sitemap ?? 0) > 0) return;
    const robots = await this.robotsFor(this.origin);
    const { pages, sitemaps } = await readSitemaps({
      origin: this.origin,
      onOrigin: (url) => this.aliases.onOrigin(url, this.origin),
      listed: robots.sitemaps,
      allowed: (url) => robots.allows(url),
      usable: (url) => {
        const listed = this.listing(url, this.origin, false, robots);
        return listed !== null && listed.outcome === undefined;
      },
      limit: this.settings.maxPages * 2,
      maxFiles: this.settings.maxSitemaps,
      fetch: (url) =>
        this.exchange(url, "application/xml, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1"),
    });
    await this.enqueue(pages, 1);
    await this.context.store.frontier.add(
      crawl.id,
      sitemaps.map((url) => ({ url, depth: 0, outcome: "sitemap" })),
    );
  }

  private async drain(): Promise<void> {
    const { frontier } = this.context.store;
    const crawl = this.mustCrawl();
    for (;;) {
      this.throwIfBlocked();
      await this.refreshCounts();
      if (this.fetched >= crawl.maxPages) {
        const left = await frontier.settleQueued(crawl.id, "limit");
        if (left > 0 || this.listFull) {
          this.limitReached(
            `the limit of ${crawl.maxPages} pages was reached with ${morePages(left)} found${this.listFull ? `, and more links than the ${this.maxUrls} URLs HootyBot records in one crawl` : ""}`,
            "raise the page limit (--max-pages) to read the rest of the site",
          );
        }
        return;
      }
      if (this.requests >= this.maxRequests) {
        const left = await frontier.settleQueued(crawl.id, "limit");
        this.limitReached(
          `HootyBot made ${this.requests} requests to the site, the most it makes for a limit of ${crawl.maxPages} pages (redirects and failed requests count too), with ${morePages(left)} found`,
          "check the site's redirects (each URL should answer with its page, not send HootyBot on), or raise the page limit (--max-pages)",
        );
        return;
      }
      const entry = await frontier.next(crawl.id);
      if (!entry) {
        if (await this.queueUnlinkedPages()) continue;
        if (this.listFull) {
          this.limitReached(
            `the site links to more than the ${this.maxUrls} URLs HootyBot records in one crawl: the pages behind the links found after that were not read`,
            "raise the page limit (--max-pages): the URLs HootyBot records grow with it",
          );
        } else if (this.crowded) {
          this.limitReached(
            `${this.crowded} links to more than ${MAX_LINKS} URLs, and HootyBot reads the first ${MAX_LINKS} links of a page: pages linked only after those were not read`,
            "link to the rest from other pages (split a long index into parts), or list every page in a sitemap",
          );
        }
        return;
      }
      await this.visit(entry);
      await this.saveRunning();
    }
  }

  /**
   * Once the links are followed, a recrawl asks for the indexed pages it found no link to: a page
   * the site deleted (or now keeps out) is known only by asking, and would otherwise stay in the
   * index and in answers. Unchanged ones answer 304. Resolves to whether any was queued.
   */
  private async queueUnlinkedPages(): Promise<boolean> {
    if (this.unlinkedQueued || !this.mayHavePages || !this.site) return false;
    this.unlinkedQueued = true;
    const indexed = await this.context.store.pages.list(this.site.id);
    const { added } = await this.enqueue(
      indexed.map((page) => page.url),
      1,
    );
    return added > 0;
  }

  /** A limit of the crawl ended it with pages left (`page-limit`). */
  private limitReached(detail: string, advice: string): void {
    this.problems.add({ kind: "page-limit", url: null, status: null, detail, advice });
  }

  /** One URL: robots.txt, the gate, then what the answer means. Settles the entry. */
  private async visit(
    entry: { url: string; depth: number },
    given?: { response: FetchResponse | null; failure: FetchFailure | null },
  ): Promise<void> {
    const url = entry.url;
    const robots = await this.robotsFor(this.origin);
    if (!robots.allows(url)) {
      this.keptOut(robots, url, entry.depth);
      await this.removeFromIndex(url);
      return this.settle(url, "robots");
    }
    let response = given?.response ?? null;
    let failure = given?.failure ?? null;
    const previous =
      this.site && this.mayHavePages ? await this.context.store.pages.get(this.site.id, url) : null;
    if (!response && !failure) {
      try {
        response = await this.exchangePage(url, conditionalHeaders(previous), this.robotsStillHold);
      } catch (error) {
        // robots.txt was asked for again while the request waited its turn: the page is asked
        // for only if the file read now allows it.
        if (error instanceof TurnDeclined) return this.visit(entry, given);
        if (!(error instanceof FetchFailure) || error.kind === "aborted") throw error;
        failure = error;
      }
    }
    if (!response) {
      this.problems.add({
        kind: "http-error",
        url,
        status: failure?.status ?? null,
        detail: `no usable answer: ${failure?.message ?? "unknown failure"}`,
        advice:
          entry.depth === 0
            ? "check that the site's start page answers (HootyBot reads the site from its links); a slow page can be given more time with --timeout"
            : "check that the page answers in full; a slow page can be given more time with --timeout",
      });
      // What the page says now could not be read: an earlier copy is not cited meanwhile.
      await this.removeFromIndex(url);
      return this.settle(url, "error");
    }
    // A 304 answers a conditional request only: to one without conditions (nothing to compare
    // with), it is no page, as on a first crawl.
    if (response.status === 304 && previous && conditionalHeaders(previous)) {
      // The body is unchanged, but its headers may now ask not to index it (a server adding
      // `X-Robots-Tag: noindex` keeps the same ETag).
      const directives = robotsDirectives(response.headers, "");
      // The page said when it would leave the index (`unavailable_after`): a 304 does not repeat it.
      if (directives.noindex || hasExpired(previous)) {
        await this.removeFromIndex(url);
        return this.settle(url, "noindex");
      }
      // Unchanged since the last crawl: it stays in the index, and its links still lead on. It
      // was seen as it is now (and a 304 may bring new validators).
      await this.context.store.pages.put({
        ...previous,
        fetchedAt: new Date().toISOString(),
        etag: response.headers.etag ?? previous.etag,
        lastModified: response.headers["last-modified"] ?? previous.lastModified,
      });
      if (!directives.nofollow) {
        await this.enqueue(previous.links, entry.depth + 1, { bounded: true });
      }
      await this.settle(url, "unchanged");
      return this.inIndex(url);
    }
    await this.context.takeTurn?.();
    await this.answer(entry, response);
  }

  private async answer(entry: FrontierEntry, response: FetchResponse) {
    const { url } = entry;
    const location = redirectTarget(response, url);
    if (location !== null || isRedirect(response.status)) {
      const hops = (entry.hops ?? 0) + 1;
      if (location === null) {
        this.problems.add({
          kind: "http-error",
          url,
          status: response.status,
          detail: unusableRedirect(response),
        });
      } else if (hops > MAX_REDIRECTS) {
        await this.removeFromIndex(url);
        this.problems.add({
          kind: "http-error",
          url,
          status: response.status,
          detail: `sends HootyBot on to ${location} after ${MAX_REDIRECTS} redirects in a row, each to a new URL: HootyBot follows no further`,
          advice: "let each link lead to its page in at most a few redirects",
        });
      } else {
        // A page that now sends HootyBot elsewhere is no longer a page of its own: what it said
        // before leaves the index (its target is read in its place).
        await this.removeFromIndex(url);
        this.redirectedTo.set(url, location);
        const { followed } = await this.enqueue([location], entry.depth, { hops });
        const loop = this.loopBack(url);
        if (this.startChain.includes(url) && this.startChain.includes(location)) {
          this.problems.add({
            kind: "http-error",
            url,
            status: response.status,
            ...startRedirectLoop([...this.startChain, location]),
          });
        } else if (loop) {
          this.problems.add({
            kind: "http-error",
            url,
            status: response.status,
            ...redirectLoop(loop),
          });
        } else if (entry.depth === 0 && followed.length === 0) {
          this.problems.add({
            kind: "http-error",
            url,
            status: response.status,
            ...startRedirectNotFollowed(location, this.origin),
          });
        }
      }
      return this.settle(url, "redirect");
    }
    const failed = response.status < 200 || response.status >= 300;
    if (response.bodySkipped === "content-type") {
      if (failed) return this.failedStatus(url, response.status);
      return this.notHtml(entry, response);
    }
    if (response.truncated) {
      this.problems.add({
        kind: "http-error",
        url,
        status: response.status,
        detail: `the page is larger than ${Math.round(this.settings.maxBytes / 1024 / 1024)} MB and was not read`,
      });
      await this.removeFromIndex(url);
      return this.settle(url, "error");
    }
    // A page of megabytes takes tens of milliseconds at each step: a turn for each, so the
    // other sites' timers fire in between.
    const step = response.body.length > LARGE_PAGE_BYTES ? this.context.takeTurn : undefined;
    const html = decodeHtml(response.body, response.headers["content-type"]).text;
    await step?.();
    const verdict = classify({
      url,
      status: response.status,
      headers: response.headers,
      body: html,
    });
    await step?.();
    if (verdict.kind === "bot-protection") {
      this.problems.add(protectionProblem(url, response.status, verdict));
      // The site now keeps HootyBot out of this page: what it read before leaves the index.
      await this.removeFromIndex(url);
      return this.settle(url, "bot-protection");
    }
    // An error page says what went wrong by its status, whatever its body: an empty 500 is a
    // server error, not a page that is not HTML.
    if (failed) return this.failedStatus(url, response.status);
    if (response.status === 206) {
      // Part of a page (HootyBot never asks for a range): not the page, and nothing of it is read.
      this.problems.add({
        kind: "http-error",
        url,
        status: 206,
        detail:
          "answered with part of the page (206 Partial Content), though HootyBot asked for all of it: not read",
        advice: "answer a request without a Range header with the whole page (200)",
      });
      await this.removeFromIndex(url);
      return this.settle(url, "error");
    }
    if (verdict.kind === "not-html") return this.notHtml(entry, response);
    if (verdict.kind === "js-rendered") {
      this.problems.add({
        kind: "js-rendered",
        url,
        status: response.status,
        detail: verdict.detail,
        advice: JS_RENDERED_ADVICE,
      });
      await this.removeFromIndex(url);
      return this.settle(url, "js-rendered");
    }
    if (verdict.saysNotFound) {
      // A missing page answered as a page ("soft 404"): no text of the site, and a broken link.
      this.problems.add({
        kind: "http-error",
        url,
        status: response.status,
        detail: `${response.status}, but the page says it does not exist (a broken link answered as a page)`,
        advice:
          "answer a missing page with status 404, so that browsers and crawlers know it is gone",
      });
      await this.removeFromIndex(url);
      return this.settle(url, "http-error");
    }
    // The classifier read the robots meta tags and X-Robots-Tag already.
    const directives = verdict.robots;
    const contentHash = pageHash(response.body);
    // A copy of a page this crawl read, under another URL, brings no page, and its relative links
    // only more copies: a server that answers any path with one page turns `href="docs/"` into
    // /docs/docs/docs/… up to the page limit. Its links are not followed (it is a duplicate below).
    const copy = entry.depth > 0 && !this.standIns.has(url) && this.handedContent.has(contentHash);
    const links = directives.nofollow || copy ? null : extractLinks(html);
    await step?.();
    if (links?.capped) this.crowded ??= url;
    let followed: string[] = [];
    if (links) {
      const base = links.base ? (normalizeUrl(links.base, url)?.href ?? url) : url;
      followed = (await this.enqueue(links.hrefs, entry.depth + 1, { base, bounded: true }))
        .followed;
      await this.enqueue(links.actions, entry.depth + 1, { base, bounded: true, refuse: "unsafe" });
    }
    if (verdict.kind === "noindex" || directives.noindex) {
      if (entry.depth === 0) this.problems.add(startNoindex(url, response.status, links === null));
      await this.removeFromIndex(url);
      return this.settle(url, "noindex");
    }
    // A page that sends browsers on at once (`<meta http-equiv="refresh" content="0; url=…">`) is
    // a redirect no visitor reads: its target (a link above) is read in its place.
    const refresh = links?.refresh;
    if (refresh && refresh.seconds <= REFRESH_IS_REDIRECT_S) {
      const base = links?.base ? (normalizeUrl(links.base, url)?.href ?? url) : url;
      const target = normalizeUrl(refresh.href, base);
      if (target && target.href !== url) {
        await this.removeFromIndex(url);
        if (entry.depth === 0 && this.neverFetched(target) !== undefined) {
          this.problems.add({
            kind: "http-error",
            url,
            status: response.status,
            ...startRedirectNotFollowed(target.href, this.origin),
          });
        }
        return this.settle(url, "redirect");
      }
    }
    const canonical = links?.canonical ? normalizeUrl(links.canonical, url) : null;
    if (canonical && (await this.mayStandFor(canonical, url))) {
      if (this.indexedHere.has(canonical.href)) {
        await this.removeFromIndex(url);
        return this.settle(url, "duplicate");
      }
      // The canonical page is read later: this one is indexed meanwhile and leaves the index once
      // that one is in. A canonical that turns out missing, or that names this page back, leaves
      // this one indexed: its text is never lost to a canonical link.
      await this.enqueue([canonical.href], entry.depth);
      const standIns = this.standIns.get(canonical.href) ?? [];
      standIns.push(url);
      this.standIns.set(canonical.href, standIns);
    }
    const site = this.mustSite();
    // The canonical page of pages indexed meanwhile is indexed whatever their content.
    const twin =
      !this.standIns.has(url) &&
      (this.handed.some((h) => h.contentHash === contentHash) ||
        (this.mayHavePages
          ? await this.context.store.pages.withContent(site.id, contentHash, url)
          : this.handedContent.has(contentHash)));
    if (twin) {
      await this.removeFromIndex(url);
      return this.settle(url, "duplicate");
    }
    await this.handToIndex({
      siteId: site.id,
      url,
      status: response.status,
      headers: response.headers,
      html,
      contentHash,
      fetchedAt: new Date(response.endedAt).toISOString(),
      links: followed,
      ...(directives.unavailableAfter !== undefined
        ? { unavailableAfter: new Date(directives.unavailableAfter).toISOString() }
        : {}),
    });
  }

  /** A response that is not an HTML page: skipped, and reported when it is the start page. */
  private async notHtml(entry: { url: string; depth: number }, response: FetchResponse) {
    if (entry.depth === 0) {
      const type = mediaType(response.headers["content-type"] ?? "");
      this.problems.add({
        kind: "http-error",
        url: entry.url,
        status: response.status,
        detail: `the start page is ${type ? `${type}, ` : ""}not an HTML page: HootyBot reads HTML pages only`,
        advice: "start the crawl at an HTML page of the site, such as its home page",
      });
    }
    // A URL that once was an HTML page and no longer is: its old text leaves the index.
    await this.removeFromIndex(entry.url);
    return this.settle(entry.url, "not-html-type");
  }

  /**
   * A page that answered with an error status: reported, and out of the index whatever the error
   * (a server error too): an answer must be checkable at its source, which does not show that
   * text now. The next crawl that reads the page puts it back.
   */
  private async failedStatus(url: string, status: number): Promise<void> {
    this.problems.add({ kind: "http-error", url, status, detail: httpErrorDetail(status) });
    await this.removeFromIndex(url);
    return this.settle(url, "http-error");
  }

  /**
   * Hands a page to the index without waiting for it to be stored, so that the site's next
   * request goes when it is due even while the index is busy. Its entry reads "indexing" until
   * the index has it, then "indexed"; a crash in between queues it again (see open). The index
   * holds a few pages of the site at a time, as long as they come to no more than one page of the
   * largest size read: a site whose pages wait in the index behind another site's 5 MB page keeps
   * its pace, and one whose own pages are that large waits for each (which bounds what the index
   * holds). The index stores a site's pages in the order they came.
   */
  private async handToIndex(page: FetchedPage): Promise<void> {
    await this.roomInIndex(page.html.length);
    this.handedContent.add(page.contentHash);
    // The entry is settled before the index sees the page: the index thread waits for the calls
    // made before it is handed the page.
    const settled = this.settle(page.url, "indexing");
    const crawlId = this.mustCrawl().id;
    const { sink } = this.context;
    const stored: Promise<unknown> = sink.acceptIndexed
      ? Promise.all([settled, sink.acceptIndexed(page, crawlId)])
      : Promise.all([settled, sink.accept(page)]).then(() =>
          this.context.store.frontier.settle(crawlId, page.url, "indexed"),
        );
    // A failure is raised where the crawl waits for the page (indexed), not as an unhandled one.
    stored.catch(() => {});
    this.handed.push({
      url: page.url,
      contentHash: page.contentHash,
      size: page.html.length,
      stored,
    });
    await settled;
    await this.inIndex(page.url);
  }

  /** Waits until the index holds few enough of the site's pages to take one of `size` more. */
  private async roomInIndex(size: number): Promise<void> {
    for (;;) {
      const held = this.handed.reduce((sum, h) => sum + h.size, 0);
      const room = this.handed.length < MAX_HANDED && held + size <= this.settings.maxBytes;
      if (this.handed.length === 0 || room) return;
      await this.oldestStored();
    }
  }

  /** Waits for the oldest page handed to the index to be stored (raising its failure). */
  private async oldestStored(): Promise<void> {
    const oldest = this.handed[0];
    if (!oldest) return;
    try {
      await oldest.stored;
    } finally {
      if (this.handed[0] === oldest) this.handed.shift();
    }
  }

  /** Whether `canonical`, named by the page at `url`, is a page HootyBot may read in its place. */
  private async mayStandFor(canonical: URL, url: string): Promise<boolean> {
    if (canonical.href === url || this.neverFetched(canonical) !== undefined) return false;
    return (await this.robotsFor(this.origin)).allows(canonical.href);
  }

  /** The page is in the index for this crawl: pages that stood in for it leave. */
  private async inIndex(url: string): Promise<void> {
    this.indexedHere.add(url);
    const standIns = this.standIns.get(url);
    if (!standIns) return;
    this.standIns.delete(url);
    for (const standIn of standIns) {
      if (!this.indexedHere.has(standIn)) continue;
      await this.removeFromIndex(standIn);
      // Counted as fetched when it was read: only its outcome changes.
      await this.context.store.frontier.settle(this.mustCrawl().id, standIn, "duplicate");
    }
  }

  /** Waits for every page handed to the index to be stored; raises the first failure. */
  private async indexed(): Promise<void> {
    let failure: { error: unknown } | null = null;
    while (this.handed.length > 0) {
      await this.oldestStored().catch((error: unknown) => {
        failure ??= { error };
      });
    }
    if (failure) throw (failure as { error: unknown }).error;
  }

  /**
   * The redirects of this run that lead from `url` back to it (`url`, …, `url`), or null. Each URL
   * is asked once, so a loop ends where it comes back, silently, unless it is looked for here.
   */
  private loopBack(url: string): string[] | null {
    const chain = [url];
    for (let at = this.redirectedTo.get(url); at !== undefined; at = this.redirectedTo.get(at)) {
      chain.push(at);
      if (at === url) return chain;
      if (chain.length > MAX_REDIRECTS + 1) return null;
    }
    return null;
  }

  /**
   * Records what was found on a page; URLs HootyBot will never fetch are settled at once. A page's
   * links (`bounded`) are recorded while the frontier holds fewer than `maxUrls` URLs; `hops` is
   * for a redirect's target (redirects in a row that led to it); `refuse` settles every one with
   * that outcome (links whose text names a sign-in or a cart). Resolves to how many URLs were new,
   * and which of them HootyBot may follow.
   */
  private async enqueue(
    hrefs: readonly string[],
    depth: number,
    {
      base,
      bounded = false,
      hops = 0,
      refuse,
    }: { base?: string; bounded?: boolean; hops?: number; refuse?: Outcome } = {},
  ) {
    if (hrefs.length === 0) return { added: 0, followed: [] };
    // Links robots.txt keeps out are settled as they are listed, in the one write that lists
    // them: a page of a thousand such links held up the site's next request for seconds when each
    // was taken from the queue and settled in a write of its own. A redirect's target is still
    // visited, which says why the redirect led nowhere; one listed before a robots.txt read again
    // now disallows it is caught when its turn comes.
    const robots = hops === 0 ? await this.robotsFor(this.origin) : null;
    const entries: FrontierEntry[] = [];
    for (const href of hrefs) {
      // A redirect's target is as `redirectTarget` spelt it: its session, if it kept one, stays.
      const listed = this.listing(href, base ?? this.origin, hops > 0, robots, refuse);
      if (!listed) continue;
      const { target } = listed;
      let { outcome } = listed;
      if (outcome === "robots" && robots) this.keptOut(robots, target.href, depth);
      if (outcome === undefined) {
        // A link that differs from one listed only by a token made for this answer.
        const mask = visitMask(target);
        if (mask !== null) {
          if (this.visitMasks.has(mask)) outcome = "visit-copy";
          else this.visitMasks.add(mask);
        }
      }
      const url = outcome === "too-long" ? target.href.slice(0, MAX_URL_LENGTH) : target.href;
      const entry: FrontierEntry = outcome ? { url, depth, outcome } : { url, depth };
      if (hops > 0) entry.hops = hops;
      entries.push(entry);
    }
    const followed = entries.filter((e) => e.outcome === undefined).map((e) => e.url);
    const room = bounded ? Math.max(0, this.maxUrls - this.listed) : Number.POSITIVE_INFINITY;
    const added =
      room > 0 ? await this.context.store.frontier.add(this.mustCrawl().id, entries, room) : 0;
    this.listed += added;
    if (added >= room && entries.length > added) this.listFull = true;
    return { added, followed };
  }

  /**
   * A link as HootyBot lists it: its URL on the site's origin, and why it is never asked for
   * (`refuse` given by the caller, then robots.txt when given); null for no URL at all.
   */
  private listing(
    href: string,
    base: string,
    keepSession: boolean,
    robots: Robots | null,
    refuse?: Outcome,
  ): { target: URL; outcome: Outcome | undefined } | null {
    const written = normalizeUrl(href, base, { keepSession });
    if (!written) return null;
    const target = this.aliases.onOrigin(written, this.origin);
    const outcome = this.neverFetched(target) ?? refuse;
    if (outcome === undefined && robots !== null && !robots.allows(target.href)) {
      return { target, outcome: "robots" };
    }
    return { target, outcome };
  }

  /** Reports a URL robots.txt keeps HootyBot out of. */
  private keptOut(robots: Robots, url: string, depth: number): void {
    const decision = robots.decide(url);
    this.problems.add({
      kind: "robots-disallowed",
      url,
      status: null,
      detail: `robots.txt keeps HootyBot out of ${depth === 0 ? "the start page" : "this page"}${decision.rule ? ` ("${decision.rule}", line ${decision.line})` : ""}`,
      advice: robotsAdvice(robots, decision),
    });
  }

  /** Why HootyBot never asks for this URL, or undefined when it may. */
  private neverFetched(target: URL): Outcome | undefined {
    if (target.href.length > MAX_URL_LENGTH) return "too-long";
    if (target.origin !== this.origin) return "off-site";
    return neverFetchedAnywhere(target);
  }

  private async settle(url: string, outcome: Outcome): Promise<void> {
    await this.context.store.frontier.settle(this.mustCrawl().id, url, outcome);
    if (OUTCOMES[outcome].fetched) this.fetched++;
  }

  private async removeFromIndex(url: string): Promise<void> {
    // A site new to the data folder holds only what this crawl handed over: any other URL (a
    // redirect, an error, a duplicate) has nothing to remove, and costs the index no call.
    const mayBeIndexed = this.mayHavePages || this.indexedHere.has(url);
    this.indexedHere.delete(url);
    if (!this.site || !mayBeIndexed) return;
    // Written first, if the index has it still: a page removed must not come back after.
    await this.storedAlready((h) => h.url === url);
    await this.context.sink.remove(this.site.id, url);
  }

  /** Waits for the pages handed to the index that `which` picks to be stored (or to fail). */
  private async storedAlready(which: (handed: { url: string }) => boolean): Promise<void> {
    await Promise.allSettled(this.handed.filter(which).map((h) => h.stored));
  }

  private exchangePage(
    url: string,
    headers?: Record<string, string>,
    mayGo?: () => boolean,
  ): Promise<FetchResponse> {
    return this.exchange(url, undefined, mayBeHtml, headers, mayGo);
  }

  private async exchange(
    url: string,
    accept?: string,
    acceptContentType?: (type: string | null) => boolean,
    headers?: Record<string, string>,
    mayGo?: () => boolean,
  ): Promise<FetchResponse> {
    this.throwIfBlocked();
    const { gate } = await this.gateFor(new URL(url).origin);
    return this.followOn(gate).exchange(
      {
        url,
        ...(accept ? { accept } : {}),
        ...(acceptContentType ? { acceptContentType } : {}),
        ...(headers ? { headers } : {}),
        timeoutMs: this.settings.timeoutMs,
        maxBytes: this.settings.maxBytes,
      },
      {
        signal: this.abort.signal,
        isChallenge: (response) => challengeOf(url, response) !== null,
        onRequest: this.countRequest,
        ...(mayGo ? { mayGo } : {}),
      },
    );
  }

  /**
   * Whether the robots.txt this crawl holds is still the one to obey: not when `hooty refresh`
   * asked for it to be read again after it was read (a page then waits for the new one).
   */
  private readonly robotsStillHold = (): boolean => {
    const read = this.robotsApplied.get(this.origin);
    return read === undefined || read.fetchedAt >= this.robotsAskedAt;
  };

  /**
   * The origin's gate and robots.txt: the site's own, or another origin's (robots.txt or the start
   * page redirected there), shared with that origin's crawl when this process crawls it too.
   */
  private gateFor(origin: string): Promise<GateEntry> {
    let entry = this.opening.get(origin);
    if (!entry) {
      entry = this.openGate(origin);
      this.opening.set(origin, entry);
      entry.catch(() => this.opening.delete(origin));
    }
    return entry;
  }

  private async openGate(origin: string): Promise<GateEntry> {
    const { store, fetch, sharedGates } = this.context;
    const open = () => SiteGate.open(origin, store.gates, fetch, this.settings.gate);
    const gate = await (sharedGates ? sharedGates.acquire(origin, open) : open());
    // Each hop of a robots.txt redirect goes through its own origin's gate: the pace of the origin
    // it leads to holds for it too.
    const robots = createRobotsCache(
      async (url) => {
        const hop = new URL(url).origin;
        const through = hop === origin ? gate : (await this.gateFor(hop)).gate;
        const get = robotsGetThrough(
          this.followOn(through),
          this.settings.timeoutMs,
          this.abort.signal,
          this.countRequest,
        );
        return get(url);
      },
      {
        ...(this.context.now ? { now: this.context.now } : {}),
        recogniseChallenge: challengeOf,
      },
    );
    const entry = { gate, robots, unwatch: gate.watchWaits(() => this.showWaiting()) };
    this.gates.set(origin, entry);
    return entry;
  }

  /**
   * The crawl's requests follow one another at the pace whatever origin each goes to: the first
   * request to an origin a redirect led to waits after the redirect as one to the same origin
   * would. (A crawl asks one thing at a time, so the last gate's pace is that of its last answer.)
   */
  private followOn(gate: SiteGate): SiteGate {
    if (this.lastGate) gate.carryPace(this.lastGate);
    this.lastGate = gate;
    return gate;
  }

  /** Takes `origin` as this crawl's site; false when another crawl of the process reads it. */
  private claim(origin: string): boolean {
    return this.context.sharedGates?.claim(this, origin) ?? true;
  }

  /**
   * The report of a crawl whose start page led to a site another crawl of this run reads (two
   * names of one site): that crawl reads it, this one nothing, and says where its start page led.
   */
  private sameSiteReport(origin: string): CrawlReport {
    return {
      site: new URL(this.startUrl).origin,
      outcome: "completed",
      pages: { fetched: 0, indexed: 0 },
      skipped: emptySkipped(),
      problems: [],
      requests: this.requests,
      startUrl: this.startUrl,
      startedAt: this.startedAt,
      finishedAt: new Date().toISOString(),
      queued: 0,
      sameSiteAs: origin,
    };
  }

  /** Every request this crawl makes counts, each one after a 429/503 too. */
  private readonly countRequest = () => {
    this.requests++;
  };

  private async closeGates(): Promise<void> {
    const { sharedGates } = this.context;
    for (const [origin, { gate, unwatch }] of this.gates) {
      unwatch();
      await (sharedGates ? sharedGates.release(origin) : gate.close()).catch(() => {});
    }
  }

  /**
   * A robots.txt that cannot be read gives no permission: the origin's indexed pages leave the
   * index until it is readable again, as `hooty refresh` does. Resolves to how many left.
   */
  private async withholdPages(origin: string): Promise<number> {
    const site = await this.context.store.sites.byOrigin(origin);
    return site ? this.removeAllPages(site.id) : 0;
  }

  /** Takes every page of a site out of the index; resolves to how many there were. */
  private async removeAllPages(siteId: number): Promise<number> {
    if (siteId === this.site?.id) await this.storedAlready(() => true);
    const pages = await this.context.store.pages.list(siteId);
    for (const page of pages) await this.context.sink.remove(siteId, page.url);
    return pages.length;
  }

  /** The site's robots.txt, fetched again when older than an hour; stops the site if unreadable. */
  private async robotsFor(origin: string): Promise<Robots> {
    const { gate, robots } = await this.gateFor(origin);
    const outcome = await robots.forSite(origin, origin === this.origin ? this.robotsAskedAt : 0);
    this.throwIfBlocked();
    if (outcome.kind === "unavailable") {
      if (outcome.challenge) {
        // A bot-protection service answered for robots.txt: it names who keeps HootyBot out.
        const { product, detail } = outcome.challenge;
        this.problems.add(
          protectionProblem(outcome.url, outcome.status ?? null, {
            product,
            detail: `robots.txt: ${detail}`,
          }),
        );
      }
      const withheld = await this.withholdPages(origin);
      await gate.stop(
        new SiteStopped(
          "robots-unavailable",
          `robots.txt could not be read (${outcome.detail}): without it HootyBot has no permission, so the site was not crawled${withheld > 0 ? `, and the ${withheld === 1 ? "page" : `${withheld} pages`} indexed before left the index until it is readable` : ""}`,
          { url: outcome.url, status: outcome.status ?? null },
        ),
      );
    }
    await gate.clearStop();
    const rules = outcome.kind === "rules" ? outcome.robots : ALLOW_ALL;
    const delay = rules.crawlDelay();
    const maxWaitMs = this.settings.gate.maxWaitMs ?? GATE_DEFAULTS.maxWaitMs;
    if (delay !== null && delay * 1000 > maxWaitMs) {
      await gate.stop(
        new SiteStopped(
          "rate-limited",
          `robots.txt asks for ${delay} s between requests (Crawl-delay), longer than the ${maxWaitMs / 1000} s HootyBot waits`,
          { url: outcome.url, waitMs: delay * 1000 },
        ),
        Date.now() + delay * 1000,
      );
    }
    gate.setCrawlDelay(delay);
    const applied = this.robotsApplied.get(origin);
    this.robotsApplied.set(origin, outcome);
    if (applied && applied !== outcome && origin === this.origin) {
      await this.leaveDisallowed(rules, outcome.url, "again");
    }
    return rules;
  }

  /**
   * robots.txt, read at the start of a recrawl or again during the crawl (at least hourly), now
   * disallows pages in the index: they leave it at once, whether this crawl or an earlier one read
   * them.
   */
  private async leaveDisallowed(
    rules: Robots,
    robotsUrl: string,
    read: "now" | "again",
  ): Promise<void> {
    if (!this.site) return;
    const indexed = new Set(this.indexedHere);
    if (this.mayHavePages) {
      for (const page of await this.context.store.pages.list(this.site.id)) indexed.add(page.url);
    }
    for (const url of indexed) {
      const decision = rules.decide(url);
      if (decision.allowed) continue;
      await this.removeFromIndex(url);
      await this.settle(url, "robots");
      this.problems.add({
        kind: "robots-disallowed",
        url,
        status: null,
        detail: `${robotsUrl}${read === "again" ? ", read again during the crawl," : ""} now keeps HootyBot out of this page${decision.rule ? ` ("${decision.rule}", line ${decision.line})` : ""}: it left the index`,
        advice: robotsAdvice(rules, decision),
      });
    }
  }

  private async checkBlocked(): Promise<void> {
    if (this.blocked) return;
    const host = new URL(this.origin).hostname;
    const block = await this.context.store.blocks.covering(host);
    if (block) this.markBlocked(block);
  }

  private markBlocked(block: BlockedDomain): void {
    if (this.blocked) return;
    this.blocked = new Blocked(block.domain, block.reason);
    this.abort.abort(this.blocked);
  }

  private throwIfBlocked(): void {
    if (this.blocked) throw this.blocked;
    if (this.abort.signal.aborted) throw this.abort.signal.reason;
  }

  /** Progress for people: counted from the store at most once a second (always when forced). */
  private async refreshCounts(force = false): Promise<void> {
    if (!this.crawl) return;
    const now = Date.now();
    if (!force && now - this.countedAt < 1_000) return;
    this.countedAt = now;
    // Asked together: one message to the store thread (see app/index-thread.ts).
    const [outcomes, { queued }] = await Promise.all([
      this.context.store.frontier.outcomes(this.crawl.id),
      this.context.store.frontier.counts(this.crawl.id),
    ]);
    this.counted = { outcomes, queued };
    this.listed = queued + Object.values(outcomes).reduce((a, b) => a + b, 0);
    const counts = tally(outcomes);
    this.fetched = counts.pages.fetched;
    this.progress.fetched = counts.pages.fetched;
    // A blocked site's pages left the index with the block, as its report says.
    this.progress.indexed = this.blocked ? 0 : counts.pages.indexed;
    this.progress.queued = queued;
    this.progress.skipped = Object.values(counts.skipped).reduce((a, b) => a + b, 0);
    this.showWaiting();
  }

  /** Sends the progress with the wait the crawl is in now (a gate's), if any. */
  private showWaiting(): void {
    const waiting = [...this.gates.values()].find((g) => g.gate.waiting)?.gate.waiting ?? null;
    this.progress.waiting = waiting;
    this.context.onProgress?.({ ...this.progress });
  }

  /** The report as it stands; `counted` reuses counts just taken for progress. */
  private async report(
    outcome: CrawlReport["outcome"],
    finished: boolean,
    counted?: { outcomes: Record<string, number>; queued: number },
  ): Promise<CrawlReport> {
    const crawl = this.crawl;
    const outcomes =
      counted?.outcomes ?? (crawl ? await this.context.store.frontier.outcomes(crawl.id) : {});
    const queued = finished
      ? 0
      : (counted?.queued ??
        (crawl ? (await this.context.store.frontier.counts(crawl.id)).queued : 0));
    const { pages, skipped } = tally(outcomes);
    // A blocked domain's pages left the index with the block, those this crawl read included.
    if (this.blocked) pages.indexed = 0;
    return {
      site: this.origin,
      outcome,
      pages,
      skipped,
      problems: this.problems.list(),
      requests: this.requests,
      startUrl: this.startUrl,
      startedAt: this.startedAt,
      finishedAt: finished ? new Date().toISOString() : null,
      queued,
    };
  }

  /**
   * Keeps the running report (problems, requests) for a resume; at most once a second, with the
   * counts of the last progress update (at most a second old) unless forced.
   */
  private async saveRunning(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.savedAt < 1_000) return;
    this.savedAt = now;
    if (this.crawl)
      await this.context.store.crawls.saveReport(
        this.crawl.id,
        await this.report("completed", false, force ? undefined : (this.counted ?? undefined)),
      );
  }

  private async finish(outcome: CrawlReport["outcome"]): Promise<CrawlReport> {
    if (!this.crawl) {
      // Stopped before the site's crawl could begin (robots.txt unreadable, blocked): keep the report.
      const { store } = this.context;
      this.site ??= await store.sites.ensure(this.origin, this.startUrl);
      this.crawl =
        (await store.crawls.unfinished(this.site.id)) ??
        (await store.crawls.start(this.site.id, this.settings.maxPages, this.context.run ?? null));
    }
    if (outcome === "stopped") {
      // What was still queued is not fetched in this crawl; a new crawl starts afresh.
      await this.context.store.frontier.settleQueued(this.crawl.id, "stopped");
    }
    const report = await this.report(outcome, true);
    await this.context.store.crawls.finish(this.crawl.id, outcome, report);
    this.progress.state = "done";
    this.progress.stoppedBy = outcome === "stopped" ? (report.problems.at(-1)?.kind ?? null) : null;
    await this.refreshCounts(true);
    return report;
  }

  private get maxRequests(): number {
    return REQUESTS_PER_PAGE * this.mustCrawl().maxPages + EXTRA_REQUESTS;
  }

  private get maxUrls(): number {
    return this.settings.maxUrls ?? Math.max(MIN_URLS, URLS_PER_PAGE * this.mustCrawl().maxPages);
  }

  private mustCrawl(): CrawlRecord {
    if (!this.crawl) throw new Error("crawl not opened");
    return this.crawl;
  }

  private mustSite(): SiteRecord {
    if (!this.site) throw new Error("site not opened");
    return this.site;
  }
}

/** No robots.txt (4xx): an empty file, which allows everything and asks no delay. */
const ALLOW_ALL = parseRobots("");

/** Asks only for a changed page when the index holds a copy with validators. */
function conditionalHeaders(previous: PageRecord | null): Record<string, string> | undefined {
  if (!previous) return undefined;
  const headers: Record<string, string> = {};
  if (previous.etag) headers["if-none-match"] = previous.etag;
  if (previous.lastModified) headers["if-modified-since"] = previous.lastModified;
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** Why a redirect leads nowhere HootyBot goes (`redirectTarget` found no target). */
function unusableRedirect(response: FetchResponse): string {
  const location = response.headers.location?.trim();
  if (!location) return `${response.status} redirect without a Location header`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(location)?.[1]?.toLowerCase();
  const shown = location.length > 100 ? `${location.slice(0, 100)}…` : location;
  if (scheme && scheme !== "http" && scheme !== "https") {
    return `${response.status} redirect to a ${scheme}: URL, which HootyBot never follows`;
  }
  return `${response.status} redirect to "${shown}", which is not a usable URL`;
}

function redirectTarget(response: FetchResponse, from: string): string | null {
  if (!isRedirect(response.status)) return null;
  const location = response.headers.location;
  if (!location) return null;
  const target = normalizeUrl(location, from)?.href ?? null;
  if (target !== from) return target;
  // The page itself with a session added (`/p` → `/p;jsessionid=…`): the way such a server
  // serves it, so that session is kept; a true redirect to itself stays one.
  return normalizeUrl(location, from, { keepSession: true })?.href ?? null;
}

/** What a bot-protection page is, by the crawl's classifier; null for any other answer. */
function challengeOf(
  url: string,
  response: { status: number; headers: Record<string, string>; body: Buffer | string },
): Challenge | null {
  const body =
    typeof response.body === "string"
      ? response.body
      : decodeHtml(response.body, response.headers["content-type"]).text;
  const verdict = classify({ url, status: response.status, headers: response.headers, body });
  return verdict.kind === "bot-protection"
    ? { product: verdict.product, detail: verdict.detail }
    : null;
}

/** The report's problem for a bot-protection page, with the way to allow HootyBot. */
function protectionProblem(url: string, status: number | null, challenge: Challenge): Problem {
  const guide = allowListGuide(challenge.product);
  return {
    kind: "bot-protection",
    url,
    status,
    product: challenge.product,
    detail: challenge.detail,
    advice: guide.advice,
    guide: guide.url,
  };
}

/** Why HootyBot never asks for this URL on any site: a sign-in, cart… page, or not HTML. */
function neverFetchedAnywhere(target: URL): Outcome | undefined {
  if (isUnsafe(target)) return "unsafe";
  if (looksNotHtml(target)) return "not-html";
  if (repeatsItself(target.pathname)) return "repeating-path";
  if (isWikiView(target)) return "wiki-view";
  return undefined;
}

/** A start page whose redirects come back to a URL of their chain, and the way out. */
function startRedirectLoop(chain: string[]): { detail: string; advice: string } {
  return {
    detail: `the start page redirects in a loop (${chain.join(" → ")}) and never leads to a page`,
    advice:
      "let the start URL lead to a page in a few redirects, or start the crawl at a page that is served as it is",
  };
}

/** A page whose redirects come back to it, and the way out. */
function redirectLoop(chain: string[]): { detail: string; advice: string } {
  return {
    detail: `redirects in a loop (${chain.join(" → ")}) and never leads to a page`,
    advice: "let each link lead to its page: one of these URLs should answer with the page itself",
  };
}

/** Why a start page's redirect target is not followed (see `neverFetched`), and the way out. */
function startRedirectNotFollowed(
  location: string,
  origin: string,
): { detail: string; advice: string } {
  const target = new URL(location);
  const never = neverFetchedAnywhere(target);
  const unsafe = never === "unsafe";
  const why = unsafe
    ? "a sign-in, account or shopping page, which HootyBot never opens"
    : target.origin !== origin
      ? "another site, which HootyBot does not follow"
      : never === "repeating-path"
        ? "an address whose path repeats itself, which HootyBot never follows (a loop of links)"
        : never === "not-html"
          ? "a file that is not an HTML page, which HootyBot does not read"
          : target.href.length > MAX_URL_LENGTH
            ? "an address longer than HootyBot follows"
            : "which HootyBot does not open";
  return {
    detail: `the start page sends HootyBot on to ${location}, ${why}`,
    advice: unsafe
      ? "start the crawl at a page of the site that visitors can read without signing in"
      : "start the crawl at an HTML page of the site, such as its home page",
  };
}

function httpErrorDetail(status: number): string {
  if (status === 404 || status === 410) return `${status}: the page does not exist (a broken link)`;
  if (status === 401 || status === 403)
    return `${status}: the server refused HootyBot access to this page`;
  if (status >= 500) return `${status}: the server failed to answer this page`;
  return `the server answered ${status}`;
}

/** The problem a stopped site reports; `maxWaitMs` is the longest wait this crawl accepts. */
function stopProblem(error: SiteStopped, maxWaitMs: number): Problem {
  const problem: Problem = {
    kind: error.kind,
    url: error.url,
    status: error.status,
    detail: error.message,
  };
  if (error.kind === "rate-limited" && error.waitMs !== null) {
    problem.waitSeconds = Math.ceil(error.waitMs / 1000);
    problem.advice = `HootyBot waits at most ${waitWords(maxWaitMs)} when asked to slow down, and asks nothing of the site until the wait asked has passed: let HootyBot through the rate limit, or ask for a shorter wait (Retry-After); a crawl given a longer --max-wait waits it out`;
  }
  if (error.kind === "robots-unavailable") {
    // No status: nothing answered (a name that does not resolve, a refused connection, a timeout).
    problem.advice =
      error.status === null
        ? error.message.includes(CERTIFICATE_REFUSED)
          ? "give the site an HTTPS certificate browsers accept (HootyBot checks it as they do), or start the crawl at its http:// address"
          : "check the site's address and that its server answers; nothing was fetched"
        : error.status === 429
          ? "let /robots.txt answer 200 (or 404 when there is none) even when requests are limited: until HootyBot can read it, it has no permission"
          : "make /robots.txt answer 200 (or 404 when there is none); a server error means no permission";
  }
  if (error.kind === "unreachable") {
    problem.advice = "check that the server answers; HootyBot tries again later";
  }
  return problem;
}

function morePages(count: number): string {
  return count === 1 ? "1 more page" : `${count} more pages`;
}
