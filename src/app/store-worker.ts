/**
 * The store thread's entry (started by index-thread.ts): the crawl's store connection, which
 * answers the crawl's store calls and writes what the index thread sends it (a large page's
 * text, in parts; removals). It does nothing else, so a store call waits at most for one short
 * write: the index's CPU work runs in the index thread, which writes an ordinary page's text in
 * one short transaction of its own; a large page arrives in parts (page-parts.ts), each written
 * in a turn of this thread's event loop of its own, and the crawl's calls are answered between.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createTurns } from "../crawl/turns.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import {
  type Closed,
  CRAWL_STORE_AREAS,
  callStore,
  INDEX_STORE_AREAS,
  type Ready,
  type StoreRequest,
  type StoreThreadData,
} from "./index-thread-protocol.js";
import { answerCalls } from "./port-calls.js";

const port = parentPort;
if (!port) throw new Error("store-worker.js runs as a worker thread");
const { file, index } = workerData as StoreThreadData;
const store = openSqliteStore(file, { checkpointThread: true });
port.postMessage({ ready: true } satisfies Ready);
const takeTurn = createTurns();

answerCalls<StoreRequest>(
  port,
  (call) => callStore(store, CRAWL_STORE_AREAS, call.area, call.method, call.args),
  // Sent once every call has been answered, the index thread's too: nothing is left to write.
  () => {
    index.close();
    void store.close().finally(() => {
      port.postMessage({ closed: true } satisfies Closed);
      port.close();
    });
  },
);
answerCalls<StoreRequest>(index, async (call) => {
  await takeTurn();
  return callStore(store, INDEX_STORE_AREAS, call.area, call.method, call.args);
});
