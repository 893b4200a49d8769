/** Messages between the crawl's thread, the store thread and the index thread (index-thread.ts). */
import type { MessagePort } from "node:worker_threads";
import type { FetchedPage } from "../core/page-sink.js";
import type { Store } from "../store/types.js";

/** The parts of the store the crawl reads and writes through the store thread's connection. */
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

/**
 * The parts of the store the index thread calls through the store thread's connection: a large
 * page's text in parts, removals, and frontier entries settled once a page is written.
 */
export const INDEX_STORE_AREAS = ["texts", "frontier"] as const;

/** Runs one of the crawl's store calls on `store`, named as in a message; unknown names reject. */
export function callCrawlStore(
  store: CrawlStore,
  area: string,
  method: string,
  args: unknown[],
): Promise<unknown> {
  return callStore(store, CRAWL_STORE_AREAS, area, method, args);
}

/** Runs a store call named as in a message, in one of `areas`; other names reject. */
export function callStore(
  store: Partial<Store>,
  areas: readonly string[],
  area: string,
  method: string,
  args: unknown[],
): Promise<unknown> {
  if (!areas.includes(area)) return Promise.reject(new Error(`no store area "${area}" here`));
  const target = store[area as keyof Store] as unknown as Record<string, unknown> | undefined;
  const fn = target && Object.hasOwn(target, method) ? target[method] : undefined;
  if (typeof fn !== "function") return Promise.reject(new Error(`no store call ${area}.${method}`));
  return Promise.resolve().then(() => fn.apply(target, args));
}

/** A store call, to the store thread. */
export type StoreRequest = { op: "store"; area: string; method: string; args: unknown[] };

/**
 * A page for the index, to the index thread. A large page travels as its HTML's UTF-8 bytes
 * (`WaitingPage`): pages that wait for their turn there are held outside the thread's JavaScript
 * heap, which many sites' 5 MB pages at once would fill.
 */
export type IndexRequest =
  | { op: "accept"; page: FetchedPage | WaitingPage; crawlId?: number }
  | { op: "remove"; siteId: number; url: string }
  | { op: "site"; siteId: number };

/** A page whose HTML is sent as bytes, decoded when the index thread starts on it. */
export type WaitingPage = Omit<FetchedPage, "html"> & { htmlBytes: Uint8Array<ArrayBuffer> };

/** Pages of more characters than this go to the index thread as bytes. */
export const WAITING_AS_BYTES_CHARS = 256 * 1024;

const utf8 = new TextEncoder();

/** The page as it goes to the index thread. */
export function toIndexThread(page: FetchedPage): FetchedPage | WaitingPage {
  if (page.html.length <= WAITING_AS_BYTES_CHARS) return page;
  const { html, ...rest } = page;
  // Bytes of their own (not a slice of a shared pool), to be handed over whole.
  return { ...rest, htmlBytes: utf8.encode(html) };
}

/** A request with the id its reply carries. */
export type Call<Request> = Request & { id: number };

/**
 * Calls and replies travel in batches: those made in the same turn of a thread's event loop go as
 * one message, so the other thread wakes once for them (a wake-up costs more than the call).
 */
export type Calls<Request> = Call<Request>[];
export type Replies = Reply[];

/** A failed call's reply names the error's `code` too (SQLite's or the system's), when it has one. */
export type Reply =
  | { id: number; error: null; value: unknown }
  | { id: number; error: string; code?: string };

/** The last message to a thread: it closes its store connection and ends. */
export type Close = { op: "close" };

/** The store thread's first message: its store is open, store calls may come to it now. */
export type Ready = { ready: true };

/**
 * A thread's last message: its store connection is closed (for the store thread: everything it
 * wrote is in the file). The thread then ends by itself; tearing it down takes tens of
 * milliseconds nobody waits for.
 */
export type Closed = { closed: true };

/** What the store thread is started with. */
export interface StoreThreadData {
  /** The SQLite file the thread opens. */
  file: string;
  /** Where the index thread's store calls come from. */
  index: MessagePort;
}

/** What the index thread is started with. */
export interface IndexThreadData {
  /** The SQLite file the thread reads, and writes ordinary page texts to. */
  file: string;
  /** Where its other store calls go: the store thread. */
  store: MessagePort;
}
