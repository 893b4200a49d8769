/**
 * The index thread's entry (started by index-thread.ts): the index sink on a store connection of
 * its own. Calls run as they arrive, so pages of many sites still share the index's group commit.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createIndexSink } from "../index/page-sink.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type {
  IndexCall,
  IndexClose,
  IndexReply,
  IndexThreadData,
} from "./index-thread-protocol.js";
import { lowerThisThreadPriority } from "./thread-priority.js";

const port = parentPort;
if (!port) throw new Error("index-worker.js runs as a worker thread");
const { file } = workerData as IndexThreadData;
lowerThisThreadPriority();
const store = openSqliteStore(file);
const sink = createIndexSink(store);

port.on("message", (call: IndexCall | IndexClose) => {
  if (call.op === "close") {
    // Sent once every call has been answered: nothing is left to write.
    void store.close().finally(() => port.close());
    return;
  }
  const work = call.op === "accept" ? sink.accept(call.page) : sink.remove(call.siteId, call.url);
  work.then(
    () => port.postMessage({ id: call.id, error: null } satisfies IndexReply),
    (error: unknown) =>
      port.postMessage({
        id: call.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies IndexReply),
  );
});
