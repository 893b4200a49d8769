/** The checkpoint thread's entry (started by checkpoint-thread.ts). */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type { CheckpointResult, CheckpointThreadData } from "./checkpoint-thread.js";

const port = parentPort;
if (!port) throw new Error("checkpoint-worker.js runs as a worker thread");
const { file, everyMs } = workerData as CheckpointThreadData;
const db = new Database(file, { fileMustExist: true });

const timer = setInterval(() => {
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)") as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    port.postMessage({
      log: row?.log ?? 0,
      checkpointed: row?.checkpointed ?? 0,
    } satisfies CheckpointResult);
  } catch {
    // Locked or busy this time: the next round tries again.
  }
}, everyMs);

port.on("message", (message: unknown) => {
  if (message !== "close") return;
  clearInterval(timer);
  db.close();
  port.close();
});
