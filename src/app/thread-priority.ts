/**
 * Background threads yield the CPU to the crawl's own thread: its timers and sockets decide when
 * each site's next request goes, while indexing only has to keep up. On Linux a thread's nice
 * value is its own (setpriority on a thread id); elsewhere nothing changes.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/** Nice value for a thread whose work can wait a little (0 normal, 19 lowest). */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority where the system allows it; reports whether it did. */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== "linux") return false;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>" for the thread that reads it.
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
