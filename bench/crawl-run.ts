/**
 * One measured crawl for the crawl benchmark, in a process of its own so that its memory is its
 * own: `node crawl-run.js DATA_DIR index|discard URL…`. `index` is `hooty crawl` (crawl and
 * index); `discard` hands pages to a sink that drops them, which leaves the crawl's own cost.
 * Sends one CrawlRun message to the parent and exits.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { crawl } from "../src/app.js";
import type { PageSink } from "../src/core/page-sink.js";
import { crawlSites } from "../src/crawl/crawl.js";
import { fetchOnce } from "../src/crawl/fetch/fetch.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";

export interface CrawlRun {
  ms: number;
  /** Start and end of the measured crawl on the machine's wall clock (epoch ms). */
  startedAtMs: number;
  endedAtMs: number;
  cpuMs: number;
  /** Of cpuMs, the crawl's own thread (the main one); null where /proc is not there to tell. */
  mainCpuMs: number | null;
  /**
   * Of cpuMs, the threads the process had before the crawl began other than the main one: V8's
   * background threads (its optimising compiler and garbage collector helpers, for every thread's
   * code) and libuv's; null where /proc is not there to tell. The rest of cpuMs is the worker
   * threads the crawl starts (store, index, checkpoint).
   */
  backgroundCpuMs: number | null;
  pages: number;
  indexed: number;
  requestsPerSite: number;
  /** Share of the crawl's wall time the event loop was busy. */
  loopBusy: number;
  /** Resident memory once the modules are loaded and the store is open, before any request. */
  rssBeforeBytes: number;
  /** Peak resident memory of the process. */
  peakRssBytes: number;
}

/**
 * CPU time of one of this process's threads, in ms, from Linux's per-thread accounting (utime and
 * stime of /proc/self/task/TID/stat, in clock ticks of 10 ms); null elsewhere, or once it ended.
 */
function threadCpuMs(tid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Per thread of the process but the main one, its CPU time so far (ms); null without /proc. */
function otherThreadsCpuMs(): Map<string, number> | null {
  try {
    const threads = new Map<string, number>();
    for (const tid of readdirSync("/proc/self/task")) {
      if (tid === String(process.pid)) continue;
      const ms = threadCpuMs(tid);
      if (ms !== null) threads.set(tid, ms);
    }
    return threads;
  } catch {
    return null;
  }
}

/** What the threads of `before` used since (those that ended meanwhile count for nothing). */
function usedSince(before: Map<string, number> | null): number | null {
  const after = otherThreadsCpuMs();
  if (!before || !after) return null;
  let used = 0;
  for (const [tid, ms] of before) used += (after.get(tid) ?? ms) - ms;
  return used;
}

const discard: PageSink = { accept: async () => {}, remove: async () => {} };

async function main(): Promise<void> {
  const [dir = "", mode = "index", ...startUrls] = process.argv.slice(2);
  const store = openSqliteStore(join(dir, "hooty.sqlite"));
  const rssBeforeBytes = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const mainBefore = threadCpuMs(process.pid);
  const backgroundBefore = otherThreadsCpuMs();
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  const results =
    mode === "discard"
      ? await crawlSites(startUrls, { store, sink: discard, fetch: fetchOnce })
      : await crawl(store, startUrls, {});
  const ms = performance.now() - started;
  const loop = performance.eventLoopUtilization(loopBefore);
  const cpu = process.cpuUsage(cpuBefore);
  const mainAfter = threadCpuMs(process.pid);
  const backgroundCpuMs = usedSince(backgroundBefore);
  await store.close();
  const reports = results.map((r) => {
    if (!r.report) throw r.error;
    return r.report;
  });
  const run: CrawlRun = {
    ms,
    startedAtMs: performance.timeOrigin + started,
    endedAtMs: performance.timeOrigin + started + ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    mainCpuMs: mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore,
    backgroundCpuMs,
    pages: reports.reduce((n, r) => n + r.pages.fetched, 0),
    indexed: reports.reduce((n, r) => n + r.pages.indexed, 0),
    requestsPerSite: Math.max(...reports.map((r) => r.requests)),
    loopBusy: loop.utilization,
    rssBeforeBytes,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.send?.(run);
}

await main();
