import type { SiteProgress } from "../crawl/site-crawl.js";

/**
 * Crawl progress on stderr: on a terminal, one live line per site redrawn in place; otherwise
 * a quiet line when a site starts and when it is done.
 */
export function createProgress(
  stderr: NodeJS.WriteStream | NodeJS.WritableStream,
  interactive: boolean,
) {
  const sites = new Map<string, SiteProgress>();
  let drawn = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

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
