/**
 * Indexing in a thread of its own: the crawl's thread keeps its event loop for the sites' timers
 * and requests while another core extracts, analyses and writes pages. A page counts as accepted
 * when the index thread has written it, so the crawl settles it in the frontier only then (a
 * crash loses nothing).
 */
import { Worker } from "node:worker_threads";
import type { PageSink } from "../core/page-sink.js";
import type {
  IndexClose,
  IndexReply,
  IndexRequest,
  IndexThreadData,
} from "./index-thread-protocol.js";

/** How long the thread may take to close its store before it is stopped. */
const CLOSE_WAIT_MS = 10_000;

export interface IndexThread extends PageSink {
  /** Waits for the calls in progress, then stops the thread. */
  close(): Promise<void>;
}

type Pending = { done: () => void; fail: (error: Error) => void };

export function startIndexThread(file: string): IndexThread {
  const worker = new Worker(new URL("./index-worker.js", import.meta.url), {
    workerData: { file } satisfies IndexThreadData,
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let broken: Error | null = null;

  const failAll = (error: Error) => {
    broken ??= error;
    for (const call of pending.values()) call.fail(error);
    pending.clear();
  };
  worker.on("message", (reply: IndexReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.error === null) call.done();
    else call.fail(new Error(reply.error));
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the index thread stopped (exit code ${code})`)));

  const inFlight = new Set<Promise<void>>();
  const call = (message: IndexRequest) => {
    const result = new Promise<void>((done, fail) => {
      if (broken) {
        fail(broken);
        return;
      }
      const id = nextId++;
      pending.set(id, { done, fail });
      worker.postMessage({ ...message, id });
    });
    inFlight.add(result);
    const forget = () => inFlight.delete(result);
    result.then(forget, forget);
    return result;
  };
  let closed: Promise<void> | null = null;

  return {
    accept: (page) => call({ op: "accept", page }),
    remove: (siteId, url) => call({ op: "remove", siteId, url }),
    close: () => {
      closed ??= Promise.allSettled([...inFlight]).then(async () => {
        if (broken) {
          await worker.terminate();
          return;
        }
        // The thread closes its store connection and ends by itself; it is stopped if it hangs.
        const ended = new Promise<void>((done) => worker.once("exit", () => done()));
        const stuck = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
        worker.postMessage({ op: "close" } satisfies IndexClose);
        await ended;
        clearTimeout(stuck);
      });
      return closed;
    },
  };
}
