/**
 * The composition root: picks the store and wires the phases. The only importer of
 * `store/sqlite` (and later `store/postgres`).
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Aids } from "./answer/aids.js";
import type { AnswerCache } from "./answer/cache.js";
import { HootyError } from "./core/errors.js";
import type { RefreshContext } from "./crawl/refresh.js";
import type { CrawlContext } from "./crawl/site-crawl.js";
import { describeStoreFailure, folderIsAFile } from "./store/sqlite/failures.js";
import { openSqliteStore } from "./store/sqlite/store.js";
import type { SiteRecord, Store } from "./store/types.js";

export interface StoreOptions {
  /** `--data DIR`; falls back to `$HOOTY_DATA`, then `./.hooty`. */
  data?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /**
   * For commands that only read what crawls wrote (`ask`, `pages`, …): a data folder with no store
   * in it is an error, not a new empty store made where a mistyped `--data` points.
   */
  existing?: boolean;
}

export const SQLITE_FILE = "hooty.sqlite";

export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env) {
  const chosen = flag ?? (env.HOOTY_DATA || undefined) ?? ".hooty";
  if (chosen.trim() === "") throw new HootyError("bad-config", "--data needs a folder");
  return resolve(chosen);
}

/** The embedded store's file in the data folder. */
function sqliteFile(options: StoreOptions): string {
  return join(resolveDataDir(options.data, options.env ?? process.env), SQLITE_FILE);
}

/** Whether the data folder holds a store (a data folder that is a file is refused). */
export function hasStore(options: StoreOptions = {}): boolean {
  const file = sqliteFile(options);
  refuseFileAsFolder(dirname(file));
  return existsSync(file);
}

/** A `--data` that names a file: bad input, the same for every command. */
function refuseFileAsFolder(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new HootyError("bad-input", folderIsAFile(dir));
  }
}

export function openStore(options: StoreOptions = {}): Store {
  const env = options.env ?? process.env;
  if (env.HOOTY_DATABASE_URL) {
    throw new HootyError(
      "bad-config",
      "HOOTY_DATABASE_URL is set, but this version of Hooty stores data in SQLite only: unset it",
    );
  }
  const file = sqliteFile(options);
  refuseFileAsFolder(dirname(file));
  if (options.existing && !existsSync(file)) {
    const dir = dirname(file);
    throw new HootyError(
      "bad-input",
      `no Hooty data in ${dir}: crawl a site first (hooty crawl URL --data ${dir})`,
    );
  }
  return openSqliteStore(file);
}

/**
 * `error` as a failure of the data store in words the user can act on (the disk full, the data
 * folder read-only, a file that is no Hooty data or is damaged); null when it is not one of those.
 */
export function storeFailure(error: unknown, options: StoreOptions = {}): HootyError | null {
  if (error instanceof HootyError) return null;
  return describeStoreFailure(error, sqliteFile(options), false);
}

export type CrawlRun = Omit<CrawlContext, "store" | "sink" | "fetch">;

/**
 * Crawls the sites into the store's index, with HootyBot's real network layer. Pages are indexed
 * in a thread of their own, and the crawl's store reads and writes, like the index's writes, go
 * to another (see app/index-thread.ts), so the crawl's timers never wait behind either.
 */
export async function crawl(store: Store, startUrls: readonly string[], run: CrawlRun) {
  const [{ startIndexThread }, { crawlSites }, { fetchOnce }] = await Promise.all([
    import("./app/index-thread.js"),
    import("./crawl/crawl.js"),
    import("./crawl/fetch/fetch.js"),
  ]);
  const thread = startIndexThread(store.location, store);
  try {
    return await crawlSites(startUrls, {
      ...run,
      store: { ...store, ...thread.store },
      sink: thread,
      fetch: fetchOnce,
    });
  } finally {
    await thread.close();
  }
}

export type RefreshRun = Omit<RefreshContext, "store" | "sink" | "fetch">;

/** Reads the sites' robots.txt again and removes from the index what it now disallows. */
export async function refresh(store: Store, sites: readonly SiteRecord[], run: RefreshRun = {}) {
  // Loaded on first use: the index's language models stay out of processes that never index, and
  // the crawler (its HTTP client) out of processes that never fetch.
  const [{ createIndexSink }, { refreshSites }, { fetchOnce }] = await Promise.all([
    import("./index/page-sink.js"),
    import("./crawl/refresh.js"),
    import("./crawl/fetch/fetch.js"),
  ]);
  return refreshSites(sites, { ...run, store, sink: createIndexSink(store), fetch: fetchOnce });
}

/** One answer cache per open store: a process asking many questions answers them warm. */
const answerCaches = new WeakMap<Store, AnswerCache>();

/** The store's answer cache. Loaded on first use: a crawl never pays for the answer phase. */
async function answerCacheFor(store: Store): Promise<AnswerCache> {
  const { AnswerCache } = await import("./answer/cache.js");
  let cache = answerCaches.get(store);
  if (!cache) {
    cache = new AnswerCache();
    answerCaches.set(store, cache);
  }
  return cache;
}

/**
 * Answers a question from the site's indexed pages only; `aids` other than those in use only for
 * the benchmark's comparison.
 */
export async function ask(store: Store, siteId: number, question: string, aids?: Readonly<Aids>) {
  const [{ answerQuestion }, cache] = await Promise.all([
    import("./answer/answer.js"),
    answerCacheFor(store),
  ]);
  const sources = { texts: store.texts, pages: store.pages, cache };
  return answerQuestion(sources, siteId, question, undefined, aids);
}

/** Loads what answering the site keeps between questions, so that the next answers are warm. */
export async function warmAnswers(store: Store, siteId: number): Promise<void> {
  await (await answerCacheFor(store)).warm(store.texts, store.pages, siteId);
}
