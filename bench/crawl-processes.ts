/**
 * The processes of a crawl measurement, for the crawl benchmark and compare-crawl: the site
 * server (serve-sites.ts), and one Hooty crawl in a process of its own (crawl-run.ts).
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { CrawlRun } from "./crawl-run.js";

export const SITES = 100;
export const PAGES = 20;
export const PACE_MS = 500;

/** Starts the server of the benchmark's sites on `port`; resolves once it listens. */
export function startSites(port: number, pages = PAGES): Promise<ChildProcess> {
  return startServer("serve-sites.js", [`${SITES}`, `${pages}`, `${port}`, `${PACE_MS}`]);
}

/** Starts a site server of the benchmarks (a script of this folder); resolves once it listens. */
export async function startServer(script: string, args: string[]): Promise<ChildProcess> {
  const child = fork(resolve(import.meta.dirname, script), args, {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  await new Promise<void>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) done();
    });
    child.on("exit", (code) => fail(new Error(`site server exited with ${code}`)));
  });
  return child;
}

/**
 * One Hooty crawl of the start URLs with a fresh data folder, in a process of its own: the
 * crawl-run.js of `build` (a project folder with its `dist` built; this one by default).
 */
export function crawlRun(
  mode: "index" | "discard",
  startUrls: readonly string[],
  build = resolve(import.meta.dirname, "../.."),
): Promise<CrawlRun> {
  const dir = mkdtempSync(join(tmpdir(), "hooty-bench-crawl-"));
  const child = fork(resolve(build, "dist/bench/crawl-run.js"), [dir, mode, ...startUrls], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise<CrawlRun>((done, fail) => {
    let run: CrawlRun | null = null;
    child.once("message", (message) => {
      run = message as CrawlRun;
    });
    child.on("exit", (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (run) done(run);
      else fail(new Error(`crawl (${mode}, ${build}) exited with ${code} before reporting`));
    });
  });
}
