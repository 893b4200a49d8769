/**
 * Indexing in a thread of its own: the crawl's thread keeps its event loop for the sites' timers
 * and requests while another core extracts, analyses and writes pages. The thread also holds the
 * only store connection the crawl uses: the crawl's reads and writes (frontier, pace, reports) go
 * to it as messages, so the crawl's thread never waits on a database lock or a checkpoint, and the
 * index's transactions never compete with another writer. A page counts as accepted when the index
 * thread has written it, so its frontier entry is settled as indexed only then (by the thread
 * itself, `acceptIndexed`): a crash loses nothing.
 */
import { Worker } from "node:worker_threads";
import type { PageSink } from "../core/page-sink.js";
import {
  batchingSender,
  CRAWL_STORE_AREAS,
  type CrawlStore,
  type CrawlStoreArea,
  callCrawlStore,
  type IndexCall,
  type IndexCalls,
  type IndexClose,
  type IndexClosed,
  type IndexReady,
  type IndexReplies,
  type IndexRequest,
  type IndexThreadData,
} from "./index-thread-protocol.js";

/** How long the thread may take to close its store before it is stopped. */
const CLOSE_WAIT_MS = 10_000;

export interface IndexThread extends PageSink {
  /** The crawl's parts of the store, read and written by the index thread. */
  store: CrawlStore;
  /** Resolves once the thread's store is open and store calls go to it. */
  ready: Promise<void>;
  /**
   * Waits for the calls in progress, then closes the thread's store; resolves once the store is
   * closed (the thread then ends by itself, or is stopped if it hangs).
   */
  close(): Promise<void>;
}

type Pending = { done: (value: unknown) => void; fail: (error: Error) => void };

/**
 * Starts the thread on the store's file. Until the thread has opened it (a worker takes some
 * 100 ms to start), the crawl's store calls go to `local`, the caller's own connection, so the
 * crawl's first requests do not wait for the thread. The crawl awaits each store call, so none is
 * left in flight on `local` when calls move over.
 *
 * With `local`, the worker itself starts once the caller's current turn of the event loop is done
 * (or as soon as something must go to it): a crawl's sites, whose first store calls `local`
 * answers at once, have all sent their robots.txt requests by then, and starting a worker (some
 * 100 ms of CPU on a core the sites' requests would share) does not hold them up.
 */
export function startIndexThread(file: string, local?: CrawlStore): IndexThread {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let broken: Error | null = null;

  const failAll = (error: Error) => {
    broken ??= error;
    for (const call of pending.values()) call.fail(error);
    pending.clear();
  };
  let ready = false;
  let markReady = () => {};
  const whenReady = new Promise<void>((done) => {
    markReady = done;
  });
  let markClosed = () => {};
  const storeClosed = new Promise<void>((done) => {
    markClosed = done;
  });
  const onMessage = (message: IndexReplies | IndexReady | IndexClosed) => {
    if ("ready" in message) {
      ready = true;
      markReady();
      return;
    }
    if ("closed" in message) {
      markClosed();
      return;
    }
    for (const reply of message) {
      const call = pending.get(reply.id);
      if (!call) continue;
      pending.delete(reply.id);
      if (reply.error === null) call.done(reply.value);
      else call.fail(new Error(reply.error));
    }
  };
  let started: Worker | null = null;
  const worker = (): Worker => {
    if (started) return started;
    const thread = new Worker(new URL("./index-worker.js", import.meta.url), {
      workerData: { file } satisfies IndexThreadData,
    });
    thread.on("message", onMessage);
    thread.on("error", failAll);
    thread.on("exit", (code) => failAll(new Error(`the index thread stopped (exit code ${code})`)));
    started = thread;
    return thread;
  };
  if (local) setImmediate(worker);
  else worker();

  // Calls made in one turn of this thread's event loop leave together (IndexCalls); a call the
  // thread cannot receive (arguments that do not clone) fails alone.
  const send = batchingSender<IndexCall>(
    queueMicrotask,
    (calls: IndexCalls) => {
      if (broken) throw broken;
      worker().postMessage(calls);
    },
    (call, error) => {
      pending.get(call.id)?.fail(error);
      pending.delete(call.id);
    },
  );
  const inFlight = new Set<Promise<unknown>>();
  const call = (message: IndexRequest) => {
    const result = new Promise<unknown>((done, fail) => {
      if (broken) {
        fail(broken);
        return;
      }
      const id = nextId++;
      pending.set(id, { done, fail });
      send({ ...message, id });
    });
    inFlight.add(result);
    const forget = () => inFlight.delete(result);
    result.then(forget, forget);
    return result;
  };
  const area = (name: CrawlStoreArea) =>
    new Proxy(
      {},
      {
        get: (_target, method) =>
          typeof method === "string"
            ? (...args: unknown[]) => {
                if (!ready && local) return callCrawlStore(local, name, method, args);
                return call({ op: "store", area: name, method, args });
              }
            : undefined,
      },
    );
  const store = Object.fromEntries(
    CRAWL_STORE_AREAS.map((name) => [name, area(name)]),
  ) as unknown as CrawlStore;

  let closed: Promise<void> | null = null;
  return {
    store,
    ready: whenReady,
    accept: async (page) => {
      await call({ op: "accept", page });
    },
    acceptIndexed: async (page, crawlId) => {
      await call({ op: "accept", page, crawlId });
    },
    remove: async (siteId, url) => {
      await call({ op: "remove", siteId, url });
    },
    prepareSite: async (siteId) => {
      await call({ op: "site", siteId });
    },
    close: () => {
      closed ??= Promise.allSettled([...inFlight]).then(async () => {
        const thread = worker();
        if (broken) {
          await thread.terminate();
          return;
        }
        // The thread closes its store connection and ends by itself; it is stopped if it hangs.
        const ended = new Promise<void>((done) => thread.once("exit", () => done()));
        const stuck = setTimeout(() => void thread.terminate(), CLOSE_WAIT_MS);
        thread.postMessage({ op: "close" } satisfies IndexClose);
        await Promise.race([storeClosed, ended]);
        ended.then(() => clearTimeout(stuck));
      });
      return closed;
    },
  };
}
