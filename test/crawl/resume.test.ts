/** A crawl killed with SIGKILL and started again resumes: no page lost, none fetched twice, pace kept. */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI, jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { gaps, pagesSite, site } from "../helpers/crawl.js";

const CROSS_PROCESS_NOISE_MS = 15;

/** `hooty crawl ARGS…` in a process of its own, sent `signal` as soon as `until` holds. */
async function crawlUntil(
  args: string[],
  until: () => boolean,
  signal: NodeJS.Signals,
): Promise<void> {
  const child = spawn(process.execPath, [CLI, "crawl", ...args], {
    stdio: "ignore",
    env: { ...process.env, HOOTY_DATA: "", HOOTY_DATABASE_URL: "" },
  });
  let running = true;
  const exited = new Promise((resolve) => child.on("exit", resolve)).finally(() => {
    running = false;
  });
  while (!until()) {
    expect(running, "the crawl ended before it could be stopped").toBe(true);
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill(signal);
  await exited;
}

describe("resume after SIGKILL", () => {
  it("loses no page, fetches none twice without need, and keeps the pace across the restart", async () => {
    const s = await site(pagesSite(12));
    const data = tempDir();
    await crawlUntil(
      [`${s.origin}/`, "--data", data, "--json"],
      () => s.log.filter((r) => /^\/p\d+$/.test(r.path)).length >= 5,
      "SIGKILL",
    );
    const firstRun = s.log.length;
    const last = s.log[firstRun - 1];

    const result = await runHooty(["crawl", `${s.origin}/`, "--data", data, "--json"]);
    expect(result.code).toBe(0);
    const [report] = jsonLines(result.stdout) as { outcome: string; pages: { indexed: number } }[];
    expect(report).toMatchObject({ outcome: "completed", pages: { indexed: 13 } });

    const pages = s.log.map((r) => r.path).filter((p) => /^\/(p\d+)?$/.test(p));
    const repeated = pages.filter((p, i) => pages.indexOf(p) !== i);
    // Only a page whose answer the kill cut off may be asked again.
    expect(repeated.length).toBeLessThanOrEqual(1);
    if (repeated.length === 1) expect(last?.path).toBe(repeated[0]);
    expect(new Set(pages).size).toBe(13);

    const resumedFirst = s.log[firstRun];
    const lastEnd = last?.finishedAt ?? last?.arrivedAt ?? 0;
    expect((resumedFirst?.arrivedAt ?? 0) - lastEnd).toBeGreaterThanOrEqual(500);
    // The resumed run is another process, timed here from this one: a few milliseconds of
    // scheduling noise between two busy processes are allowed for. Within one process the pace is
    // proven exactly (politeness.test.ts).
    for (const gap of gaps(s.log.slice(firstRun)))
      expect(gap).toBeGreaterThanOrEqual(500 - CROSS_PROCESS_NOISE_MS);
    const listed = await runHooty(["pages", s.origin, "--data", data, "--json"]);
    expect(jsonLines(listed.stdout)).toHaveLength(13);
  }, 60_000);

  it("keeps the Crawl-delay across the restart, before robots.txt is read again", async () => {
    const s = await site(pagesSite(3, "User-agent: *\nCrawl-delay: 1.5\n"));
    const data = tempDir();
    // Killed while its request for /p1 is in flight: the stored pace says nothing of when it ends.
    await crawlUntil(
      [`${s.origin}/`, "--data", data],
      () => s.log.some((r) => r.path === "/p1"),
      "SIGKILL",
    );
    const firstRun = s.log.length;
    const last = s.log[firstRun - 1];
    const result = await runHooty(["crawl", `${s.origin}/`, "--data", data, "--json"]);
    expect(result.code).toBe(0);
    const resumedFirst = s.log[firstRun];
    expect(resumedFirst?.path).toBe("/robots.txt");
    const lastEnd = last?.finishedAt ?? last?.arrivedAt ?? 0;
    expect((resumedFirst?.arrivedAt ?? 0) - lastEnd).toBeGreaterThanOrEqual(1_500);
    for (const gap of gaps(s.log.slice(firstRun)))
      expect(gap).toBeGreaterThanOrEqual(1_500 - CROSS_PROCESS_NOISE_MS);
  }, 60_000);

  it("keeps to a page limit given again when it resumes", async () => {
    const s = await site(pagesSite(12));
    const data = tempDir();
    const pagesAsked = () => s.log.filter((r) => /^\/(p\d+)?$/.test(r.path)).length;
    // Interrupted (Ctrl-C) once it has read a few pages, under a limit of 20.
    await crawlUntil(
      [`${s.origin}/`, "--data", data, "--json", "--max-pages", "20"],
      () => pagesAsked() >= 3,
      "SIGINT",
    );
    expect(pagesAsked()).toBeLessThan(6);
    // Resumed with --max-pages 6: that limit holds now (under 20, it would read all 13 pages).
    const again = await runHooty([
      "crawl",
      `${s.origin}/`,
      "--data",
      data,
      "--json",
      "--max-pages",
      "6",
    ]);
    expect(again.code).toBe(0);
    const [report] = jsonLines(again.stdout) as {
      pages: { fetched: number };
      problems: { kind: string; detail: string }[];
    }[];
    expect(report?.pages.fetched).toBe(6);
    expect(pagesAsked()).toBe(6);
    expect(report?.problems).toEqual([
      expect.objectContaining({
        kind: "page-limit",
        detail: expect.stringContaining("of 6 pages"),
      }),
    ]);
  }, 60_000);

  it("run again after a kill, crawls only the sites the killed command had not finished", async () => {
    const small = await site(pagesSite(1));
    const large = await site(pagesSite(12));
    const data = tempDir();
    const args = [`${small.origin}/`, `${large.origin}/`, "--data", data, "--json"];
    // Killed once the small site is done (its robots.txt, /, /sitemap.xml, /p1) and the large one
    // is under way.
    await crawlUntil(
      args,
      () =>
        small.log.some((r) => r.path === "/p1" && r.finishedAt !== undefined) &&
        large.log.filter((r) => /^\/p\d+$/.test(r.path)).length >= 4,
      "SIGKILL",
    );
    const smallRequests = small.log.length;
    expect(smallRequests).toBe(4);

    const result = await runHooty(["crawl", ...args]);
    expect(result.code).toBe(0);
    const reports = jsonLines(result.stdout) as { site: string; pages: { indexed: number } }[];
    expect(reports).toEqual([
      expect.objectContaining({ site: small.origin, pages: { fetched: 2, indexed: 2 } }),
      expect.objectContaining({
        site: large.origin,
        pages: expect.objectContaining({ indexed: 13 }),
      }),
    ]);
    // Nothing asked of the small site again; the large one resumed.
    expect(small.log).toHaveLength(smallRequests);
    const largePages = large.log.map((r) => r.path).filter((p) => /^\/(p\d+)?$/.test(p));
    expect(largePages.length).toBeLessThanOrEqual(14);
    expect(result.stderr).toContain("crawled to the end before the interruption");

    // The command run once more, its crawls all ended: a new crawl of both.
    const again = await runHooty(["crawl", ...args]);
    expect(again.code).toBe(0);
    expect(small.log.length).toBeGreaterThan(smallRequests);
  }, 90_000);
});
