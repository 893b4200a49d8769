import type { SiteProgress } from "../crawl/site-crawl.js";

/** How often, without a terminal, a crawl still running says where it stands. */
export const QUIET_EVERY_MS = 60_000;
/** Sites still crawling up to which each gets its own line then; more share one. */
const QUIET_SITES = 5;

/**
 * Crawl progress on stderr: on a terminal, one live line per site redrawn in place; otherwise
 * a quiet line when a site starts and when it is done, and once a minute where a long crawl
 * stands (a line per site still crawling, or one for all when there are many).
 */
export function createProgress(
  stderr: NodeJS.WriteStream | NodeJS.WritableStream,
  interactive: boolean,
  quietEveryMs = QUIET_EVERY_MS,
) {
  const sites = new Map<string, SiteProgress>();
  let drawn = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const standing = () => {
    const crawling = [...sites.values()].filter((p) => p.state !== "done");
    if (crawling.length === 0) return;
    if (crawling.length <= QUIET_SITES) {
      for (const p of crawling) stderr.write(`hooty: ${line(p)}\n`);
      return;
    }
    const all = [...sites.values()];
    const sum = (pick: (p: SiteProgress) => number) => all.reduce((n, p) => n + pick(p), 0);
    stderr.write(
      `hooty: ${crawling.length} sites crawling, ${all.length - crawling.length} done  fetched ${sum((p) => p.fetched)}  indexed ${sum((p) => p.indexed)}  queued ${sum((p) => p.queued)}\n`,
    );
  };

  const line = (p: SiteProgress) => {
    const wait = p.waiting ? waitText(p.waiting) : "";
    return `${p.site}  ${stateText(p)}  fetched ${p.fetched}  indexed ${p.indexed}  queued ${p.queued}  skipped ${p.skipped}${wait}`;
  };
  // One write per redraw: a line per site would be a system call per site, four times a second.
  const draw = () => {
    let frame = drawn > 0 ? `\x1b[${drawn}A` : "";
    for (const p of sites.values()) frame += `\x1b[2K${line(p)}\n`;
    stderr.write(frame);
    drawn = sites.size;
  };

  return {
    update(progress: SiteProgress) {
      const before = sites.get(progress.startUrl);
      sites.set(progress.startUrl, progress);
      if (interactive) {
        if (!stopped) timer ??= setInterval(draw, 250);
        return;
      }
      if (!stopped && !timer) {
        timer = setInterval(standing, quietEveryMs);
        // A crawl's own timers and sockets keep the process alive, not this.
        timer.unref();
      }
      if (!before) stderr.write(`hooty: crawling ${progress.site}\n`);
      // A site stopped before its crawl began (robots.txt unreadable) is done at its first update.
      if (progress.state === "done" && before?.state !== "done")
        stderr.write(`hooty: ${line(progress)}\n`);
    },
    /** Draws the last state once; later calls do nothing (results may follow on the terminal). */
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      if (interactive && sites.size > 0) draw();
    },
  };
}

/** "crawling", "done", or "stopped (rate-limited)" for a crawl a problem ended early. */
function stateText(p: SiteProgress): string {
  if (p.state !== "done" || p.stoppedBy === undefined || p.stoppedBy === null) return p.state;
  return `stopped (${p.stoppedBy})`;
}

function waitText(waiting: NonNullable<SiteProgress["waiting"]>): string {
  const seconds = Math.max(0, (waiting.until - Date.now()) / 1000);
  return waiting.why === "pace" ? "" : `  waiting ${seconds.toFixed(0)} s (${waiting.why})`;
}
