/**
 * The index thread's entry (started by index-thread.ts): the index sink, and the crawl's store
 * calls, on one store connection. Store calls are answered as they arrive; pages are indexed one
 * per event-loop turn, so a store call never waits behind a burst of pages (and the pages of
 * many sites still share the index's group commit).
 */
import { parentPort, workerData } from "node:worker_threads";
import { createTurns } from "../crawl/turns.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import {
  batchingSender,
  callCrawlStore,
  type IndexCall,
  type IndexCalls,
  type IndexClose,
  type IndexClosed,
  type IndexReady,
  type IndexReplies,
  type IndexReply,
  type IndexThreadData,
} from "./index-thread-protocol.js";

const port = parentPort;
if (!port) throw new Error("index-worker.js runs as a worker thread");
const { file } = workerData as IndexThreadData;
const store = openSqliteStore(file, { checkpointThread: true });
port.postMessage({ ready: true } satisfies IndexReady);
// The crawl's first store calls (before its first request) are answered while the index's
// modules still load.
const sink = import("../index/page-sink.js").then(({ createIndexSink }) => createIndexSink(store));
const takeTurn = createTurns();

function run(call: IndexCall): Promise<unknown> {
  switch (call.op) {
    case "store":
      return callCrawlStore(store, call.area, call.method, call.args);
    case "accept":
      return sink.then(async (index) => {
        await takeTurn();
        await index.accept(call.page);
        if (call.crawlId !== undefined)
          await store.frontier.settle(call.crawlId, call.page.url, "indexed");
      });
    case "site":
      return sink.then(async (index) => {
        await takeTurn();
        await index.prepareSite?.(call.siteId);
      });
    case "remove":
      return sink.then(async (index) => {
        await takeTurn();
        return index.remove(call.siteId, call.url);
      });
  }
}

// Replies ready in one turn of this thread's event loop leave together (see IndexCalls): the
// calls of a batch settle over several microtasks, so they are sent once those have run. A value
// that does not clone fails its own call only.
const postReplies = (replies: IndexReplies) => port.postMessage(replies);
const reply = batchingSender<IndexReply>(setImmediate, postReplies, (one, error) =>
  postReplies([{ id: one.id, error: error.message }]),
);

port.on("message", (message: IndexCalls | IndexClose) => {
  if (!Array.isArray(message)) {
    // Sent once every call has been answered: nothing is left to write.
    void store.close().finally(() => {
      port.postMessage({ closed: true } satisfies IndexClosed);
      port.close();
    });
    return;
  }
  for (const call of message) {
    run(call).then(
      (value) => reply({ id: call.id, error: null, value }),
      (error: unknown) =>
        reply({ id: call.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
});
