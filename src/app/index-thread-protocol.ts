/** Messages between the crawl's thread and the index thread (see index-thread.ts). */
import type { FetchedPage } from "../core/page-sink.js";

export type IndexRequest =
  | { op: "accept"; page: FetchedPage }
  | { op: "remove"; siteId: number; url: string };

export type IndexCall = IndexRequest & { id: number };

/** The last message: the thread closes its store connection and ends. */
export type IndexClose = { op: "close" };

export type IndexReply = { id: number; error: null } | { id: number; error: string };

/** What the index thread is started with. */
export interface IndexThreadData {
  /** The SQLite file both threads open (each its own connection). */
  file: string;
}
