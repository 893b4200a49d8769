/** Messages between the crawl's thread and the index thread (see index-thread.ts). */
import type { FetchedPage } from "../core/page-sink.js";
import type { Store } from "../store/types.js";

/** The parts of the store the crawl reads and writes through the index thread's connection. */
export const CRAWL_STORE_AREAS = [
  "blocks",
  "sites",
  "crawls",
  "frontier",
  "gates",
  "pages",
] as const;
export type CrawlStoreArea = (typeof CRAWL_STORE_AREAS)[number];
export type CrawlStore = Pick<Store, CrawlStoreArea>;

/** Runs one of the crawl's store calls on `store`, named as in a message; unknown names reject. */
export function callCrawlStore(
  store: CrawlStore,
  area: string,
  method: string,
  args: unknown[],
): Promise<unknown> {
  if (!(CRAWL_STORE_AREAS as readonly string[]).includes(area)) {
    return Promise.reject(new Error(`no store area "${area}" for the crawl`));
  }
  const target = store[area as CrawlStoreArea] as unknown as Record<string, unknown>;
  const fn = Object.hasOwn(target, method) ? target[method] : undefined;
  if (typeof fn !== "function") return Promise.reject(new Error(`no store call ${area}.${method}`));
  return Promise.resolve().then(() => fn.apply(target, args));
}

export type IndexRequest =
  | { op: "accept"; page: FetchedPage; crawlId?: number }
  | { op: "remove"; siteId: number; url: string }
  | { op: "site"; siteId: number }
  | { op: "store"; area: CrawlStoreArea; method: string; args: unknown[] };

export type IndexCall = IndexRequest & { id: number };

/**
 * Calls and replies travel in batches: those made in the same turn of a thread's event loop go as
 * one message, so the other thread wakes once for them (a wake-up costs more than the call).
 */
export type IndexCalls = IndexCall[];
export type IndexReplies = IndexReply[];

/**
 * Posts `batch` as one message; when it cannot be sent (a value that does not clone), posts each
 * item alone, so that only the items that still cannot be sent go to `failed`.
 */
export function postBatch<T>(
  post: (batch: T[]) => void,
  batch: T[],
  failed: (item: T, error: Error) => void,
): void {
  try {
    post(batch);
    return;
  } catch (error) {
    if (batch.length === 1) {
      failed(batch[0] as T, asError(error));
      return;
    }
  }
  for (const item of batch) {
    try {
      post([item]);
    } catch (error) {
      failed(item, asError(error));
    }
  }
}

/**
 * A sender that gathers the items given to it until `schedule` runs its callback (the end of this
 * turn of the event loop) and then posts them together with `postBatch`.
 */
export function batchingSender<T>(
  schedule: (flush: () => void) => void,
  post: (batch: T[]) => void,
  failed: (item: T, error: Error) => void,
): (item: T) => void {
  let outbox: T[] = [];
  return (item) => {
    outbox.push(item);
    if (outbox.length > 1) return;
    schedule(() => {
      const batch = outbox;
      outbox = [];
      postBatch(post, batch, failed);
    });
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The last message: the thread closes its store connection and ends. */
export type IndexClose = { op: "close" };

export type IndexReply =
  | { id: number; error: null; value: unknown }
  | { id: number; error: string };

/** The thread's first message: its store is open, store calls may come to it now. */
export type IndexReady = { ready: true };

/**
 * The thread's last message: its store connection is closed, everything it wrote is in the file.
 * The thread then ends by itself; tearing it down takes tens of milliseconds nobody waits for.
 */
export type IndexClosed = { closed: true };

/** What the index thread is started with. */
export interface IndexThreadData {
  /** The SQLite file the thread opens. */
  file: string;
}
