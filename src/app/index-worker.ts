/**
 * The index thread's entry (started by index-thread.ts): the index sink, the CPU-heavy part of a
 * crawl (extraction, site boilerplate, passages, analysis). It reads the index, and writes an
 * ordinary page's text, through a connection of its own; a large page's text goes through the
 * store thread in parts (remote-texts.ts). However long a page takes here, the crawl's store
 * calls, answered by the store thread, wait at most for one short write.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { FetchedPage, PageSink } from "../core/page-sink.js";
import { SizeBudget } from "../index/size-budget.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type {
  Closed,
  IndexRequest,
  IndexThreadData,
  Replies,
  StoreRequest,
  WaitingPage,
} from "./index-thread-protocol.js";
import { answerCalls, callsOver } from "./port-calls.js";
import { remoteTexts } from "./remote-texts.js";

const port = parentPort;
if (!port) throw new Error("index-worker.js runs as a worker thread");
const { file, store: storePort } = workerData as IndexThreadData;
const local = openSqliteStore(file);
const store = callsOver<StoreRequest>((calls) => storePort.postMessage(calls));
storePort.on("message", (replies: Replies) => store.receive(replies));
const call = (area: string, method: string, args: unknown[]) =>
  store.call({ op: "store", area, method, args });
const texts = remoteTexts(local.texts, (method, args) => call("texts", method, args));
const sinkModule = import("../index/page-sink.js");
const sink = sinkModule.then(({ createIndexSink }) => createIndexSink({ texts }));

/**
 * Large pages decoded at a time: the others wait as bytes (see `WaitingPage`), outside the heap.
 * The sink's own budget then holds the decoded ones to the same amount of work at once.
 */
const decoded = sinkModule.then(
  ({ PAGES_IN_PROGRESS_CHARS }) => new SizeBudget(PAGES_IN_PROGRESS_CHARS),
);
const textDecoder = new TextDecoder();

/** Indexes the page, decoding it first when it came as bytes, once its turn has come. */
async function accept(index: PageSink, page: FetchedPage | WaitingPage): Promise<void> {
  if (!("htmlBytes" in page)) return index.accept(page);
  const { htmlBytes, ...rest } = page;
  return (await decoded).run(htmlBytes.byteLength, () =>
    index.accept({ ...rest, html: textDecoder.decode(htmlBytes) }),
  );
}

function run(request: IndexRequest): Promise<unknown> {
  switch (request.op) {
    case "accept":
      return sink.then(async (index) => {
        await accept(index, request.page);
        // Settled once the page is written: a crash in between queues the page again.
        if (request.crawlId !== undefined)
          await call("frontier", "settle", [request.crawlId, request.page.url, "indexed"]);
      });
    case "site":
      return sink.then((index) => index.prepareSite?.(request.siteId));
    case "remove":
      return sink.then((index) => index.remove(request.siteId, request.url));
  }
}

answerCalls<IndexRequest>(port, run, () => {
  // Sent once every page has been answered: nothing of this thread's is left to write.
  void local.close().finally(() => {
    storePort.close();
    port.postMessage({ closed: true } satisfies Closed);
    port.close();
  });
});
