/**
 * Checkpoints in a thread of their own. A WAL checkpoint copies the pages written since the last
 * one back into the database file and syncs it: with a crawl's writes that is 100–200 ms, and run
 * by the writing connection on one of its commits it holds up every call waiting on that
 * connection (the crawl's pace among them). A passive checkpoint from another connection runs
 * beside the writer and never blocks it. The writer keeps writing meanwhile, so the WAL is never
 * found all copied at the start of its transactions, which is when SQLite starts the WAL file over:
 * after each round the writer copies the few frames written during it (`onRound`, a few ms) and
 * its next transaction starts the file over. The writer's own automatic checkpoint stays on as a
 * safety net.
 */
import { Worker } from "node:worker_threads";

/** How often the thread copies the WAL back (a fraction of what a busy crawl writes in 10 s). */
export const CHECKPOINT_EVERY_MS = 1_000;

export interface CheckpointThreadData {
  file: string;
  everyMs: number;
}

/** What one passive checkpoint did (SQLite's `wal_checkpoint` row). */
export interface CheckpointResult {
  /** Frames in the WAL file. */
  log: number;
  /** Frames of them now copied back. */
  checkpointed: number;
}

export interface CheckpointThread {
  /** Stops the thread; its connection closes without a checkpoint of its own when others remain. */
  close(): Promise<void>;
}

export function startCheckpointThread(
  file: string,
  onRound: (result: CheckpointResult) => void = () => {},
  everyMs = CHECKPOINT_EVERY_MS,
): CheckpointThread {
  const worker = new Worker(new URL("./checkpoint-worker.js", import.meta.url), {
    workerData: { file, everyMs } satisfies CheckpointThreadData,
  });
  // Checkpoints are an optimisation: a thread that fails leaves them to the writer's own.
  worker.on("error", () => {});
  worker.unref();
  worker.on("message", onRound);
  const ended = new Promise<void>((done) => worker.once("exit", () => done()));
  let closing: Promise<void> | null = null;
  return {
    close: () => {
      closing ??= (async () => {
        // Unreferenced, the thread would not keep a process with nothing else to do alive until it
        // has closed: `close` would never settle, and the store's own connection never close.
        worker.ref();
        worker.postMessage("close");
        await ended;
      })();
      return closing;
    },
  };
}
