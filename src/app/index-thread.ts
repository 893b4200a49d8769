/**
 * Indexing beside the crawl, in two threads of its own. The crawl's thread keeps its event loop
 * for the sites' timers and requests. The store thread (store-worker.ts) answers the crawl's
 * reads and writes (frontier, pace, reports), sent to it as messages, so the crawl's thread never
 * waits on a database lock or a checkpoint. The index thread (index-worker.ts) extracts and
 * analyses each page and writes its text in one short transaction of its own, or, a large one,
 * hands it to the store thread in short parts (remote-texts.ts): a store call never waits behind
 * a page's indexing, only for one short write, and one site's 5 MB page does not hold up another
 * site's next request.
 *
 * A page counts as accepted when its text is written, so its frontier entry is settled as indexed
 * only then (by the index thread, `acceptIndexed`): a crash loses nothing.
 */
import { MessageChannel, type TransferListItem, Worker } from "node:worker_threads";
import type { PageSink } from "../core/page-sink.js";
import {
  type Calls,
  type Close,
  type Closed,
  CRAWL_STORE_AREAS,
  type CrawlStore,
  type CrawlStoreArea,
  callCrawlStore,
  type IndexRequest,
  type IndexThreadData,
  type Ready,
  type Replies,
  type StoreRequest,
  type StoreThreadData,
  toIndexThread,
} from "./index-thread-protocol.js";
import { type Caller, callsOver } from "./port-calls.js";

/** How long a thread may take to close its store before it is stopped. */
const CLOSE_WAIT_MS = 10_000;

export interface IndexThread extends PageSink {
  /** The crawl's parts of the store, read and written by the store thread. */
  store: CrawlStore;
  /** Resolves once the store thread's store is open and store calls go to it. */
  ready: Promise<void>;
  /**
   * Waits for the calls in progress, then closes the threads' stores; resolves once the store is
   * closed (the threads then end by themselves, or are stopped if they hang).
   */
  close(): Promise<void>;
}

/** A worker started on first use, its calls, and how it is closed. */
interface Thread<Request> {
  calls: Caller<Request>;
  started(): boolean;
  close(): Promise<void>;
}

function thread<Request>(
  script: string,
  workerData: StoreThreadData | IndexThreadData,
  transfer: readonly TransferListItem[],
  {
    onReady = () => {},
    handOver = () => [],
  }: {
    /** Called when the thread's store is open. */
    onReady?: () => void;
    /** What of a batch of calls is handed over to the thread rather than copied. */
    handOver?: (batch: Calls<Request>) => TransferListItem[];
  } = {},
): Thread<Request> & { worker(): Worker } {
  let started: Worker | null = null;
  let markClosed = () => {};
  const closedStore = new Promise<void>((done) => {
    markClosed = done;
  });
  let broken = false;
  const calls = callsOver<Request>((batch) => worker().postMessage(batch, handOver(batch)));
  const fail = (error: Error) => {
    broken = true;
    calls.fail(error);
  };
  const worker = (): Worker => {
    if (started) return started;
    const w = new Worker(new URL(script, import.meta.url), {
      workerData,
      transferList: [...transfer],
    });
    w.on("message", (message: Replies | Ready | Closed) => {
      if ("ready" in message) onReady();
      else if ("closed" in message) markClosed();
      else calls.receive(message);
    });
    w.on("error", fail);
    w.on("exit", (code) => fail(new Error(`the ${script} thread stopped (exit code ${code})`)));
    started = w;
    return w;
  };
  return {
    calls,
    worker,
    started: () => started !== null,
    close: async () => {
      const w = worker();
      if (broken) {
        await w.terminate();
        return;
      }
      // The thread closes its store connection and ends by itself; it is stopped if it hangs.
      const ended = new Promise<void>((done) => w.once("exit", () => done()));
      const stuck = setTimeout(() => void w.terminate(), CLOSE_WAIT_MS);
      w.postMessage({ op: "close" } satisfies Close);
      await Promise.race([closedStore, ended]);
      ended.then(() => clearTimeout(stuck));
    },
  };
}

/** The bytes of the large pages of a batch, handed over to the index thread rather than copied. */
function pageBytes(batch: Calls<IndexRequest>): TransferListItem[] {
  const bytes: TransferListItem[] = [];
  for (const call of batch) {
    if (call.op === "accept" && "htmlBytes" in call.page) bytes.push(call.page.htmlBytes.buffer);
  }
  return bytes;
}

/**
 * Starts the threads on the store's file. Until the store thread has opened it (a worker takes
 * some 100 ms to start), the crawl's store calls go to `local`, the caller's own connection, so
 * the crawl's first requests do not wait for the thread. The crawl awaits each store call, so
 * none is left in flight on `local` when calls move over.
 *
 * With `local`, the store thread starts once the caller's current turn of the event loop is done
 * (or as soon as something must go to it): a crawl's sites, whose first store calls `local`
 * answers at once, have all sent their robots.txt requests by then, and starting a worker (some
 * 100 ms of CPU on a core the sites' requests would share) does not hold them up. The index
 * thread starts with the first page (or site) for the index.
 */
export function startIndexThread(file: string, local?: CrawlStore): IndexThread {
  const channel = new MessageChannel();
  let ready = false;
  let markReady = () => {};
  const whenReady = new Promise<void>((done) => {
    markReady = done;
  });
  const storeThread = thread<StoreRequest>(
    "./store-worker.js",
    { file, index: channel.port1 },
    [channel.port1],
    {
      onReady: () => {
        ready = true;
        markReady();
      },
    },
  );
  const indexThread = thread<IndexRequest>(
    "./index-worker.js",
    { file, store: channel.port2 },
    [channel.port2],
    { handOver: pageBytes },
  );
  if (local) setImmediate(storeThread.worker);
  else storeThread.worker();

  const area = (name: CrawlStoreArea) =>
    new Proxy(
      {},
      {
        get: (_target, method) =>
          typeof method === "string"
            ? (...args: unknown[]) => {
                if (!ready && local) return callCrawlStore(local, name, method, args);
                return storeThread.calls.call({ op: "store", area: name, method, args });
              }
            : undefined,
      },
    );
  const store = Object.fromEntries(
    CRAWL_STORE_AREAS.map((name) => [name, area(name)]),
  ) as unknown as CrawlStore;
  const index = (request: IndexRequest) => indexThread.calls.call(request);

  let closed: Promise<void> | null = null;
  return {
    store,
    ready: whenReady,
    accept: async (page) => {
      await index({ op: "accept", page: toIndexThread(page) });
    },
    acceptIndexed: async (page, crawlId) => {
      // The store calls made before (the entry settled as "indexing") are done before the index
      // thread's own settles it as "indexed": the two threads' messages keep no common order.
      await storeThread.calls.settled();
      await index({ op: "accept", page: toIndexThread(page), crawlId });
    },
    remove: async (siteId, url) => {
      await index({ op: "remove", siteId, url });
    },
    prepareSite: async (siteId) => {
      await index({ op: "site", siteId });
    },
    close: () => {
      closed ??= (async () => {
        await indexThread.calls.settled();
        // Everything the index thread writes goes through the store thread: it closes first.
        if (indexThread.started()) await indexThread.close();
        else channel.port2.close();
        await storeThread.calls.settled();
        await storeThread.close();
      })();
      return closed;
    },
  };
}
