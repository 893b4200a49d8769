/**
 * The crawl at scale: 100 local sites of 20 pages crawled at once. The politeness floor is what
 * the pace alone costs (0.5 s between a site's requests); Hooty's total time is compared with it
 * and, in the same run, with a peer: a minimal polite fetch loop (undici GET, 0.5 s pause, no
 * robots, parsing or storage), which shows what any polite crawler must spend.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { request } from "undici";
import { crawl } from "../src/app.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { siteAddress } from "./site-address.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

const SITES = 100;
const PAGES = 20;
const PORT = 18600;
const PACE_MS = 500;

async function startSites(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [resolve(import.meta.dirname, "serve-sites.js"), `${SITES}`, `${PAGES}`, `${PORT}`],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((done, fail) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) done();
    });
    child.on("exit", (code) => fail(new Error(`site server exited with ${code}`)));
  });
  return child;
}

/** Peak resident memory of this process so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** The peer: the least a polite crawler does — fetch each known page with the pause between. */
async function politeLoop(origin: string): Promise<number> {
  const urls = [
    "/robots.txt",
    "/",
    ...Array.from({ length: PAGES - 1 }, (_, k) => `/page-${k + 1}.html`),
  ];
  for (const [i, path] of urls.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, PACE_MS));
    const response = await request(`${origin}${path}`);
    await response.body.text();
  }
  return urls.length;
}

export const crawlBench: BenchSuite = {
  name: "crawl",
  title: `Crawl: ${SITES} local sites of ${PAGES} pages at once`,
  async run() {
    const server = await startSites();
    const dir = mkdtempSync(join(tmpdir(), "hooty-bench-crawl-"));
    try {
      const origins = Array.from({ length: SITES }, (_, i) => `http://${siteAddress(i)}:${PORT}`);

      let started = performance.now();
      await Promise.all(origins.map((origin) => politeLoop(origin)));
      const peerMs = performance.now() - started;
      const peerRequests = PAGES + 1;

      const store = openSqliteStore(join(dir, "hooty.sqlite"));
      const cpuBefore = process.cpuUsage();
      started = performance.now();
      const loopBefore = performance.eventLoopUtilization();
      const results = await crawl(
        store,
        origins.map((o) => `${o}/`),
        {},
      );
      const loop = performance.eventLoopUtilization(loopBefore);
      const hootyMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const peak = peakRss();
      await store.close();

      const reports = results.map((r) => {
        if (!r.report) throw r.error;
        return r.report;
      });
      const pages = reports.reduce((n, r) => n + r.pages.fetched, 0);
      const indexed = reports.reduce((n, r) => n + r.pages.indexed, 0);
      const requestsPerSite = Math.max(...reports.map((r) => r.requests));
      const floorMs = (requestsPerSite - 1) * PACE_MS;
      const peerFloorMs = (peerRequests - 1) * PACE_MS;
      const cpuMsPerPage = (cpu.user + cpu.system) / 1000 / pages;
      return [
        table(
          ["", "Hooty (`hooty crawl`: crawl and index)", "peer: minimal polite loop"],
          [
            [
              "what each site gets",
              "robots.txt, /, /sitemap.xml, 19 linked pages; parse, classify, index",
              "robots.txt + 20 known URLs, bodies discarded",
            ],
            ["requests per site", requestsPerSite, peerRequests],
            [
              "politeness floor ((requests − 1) × 0.5 s)",
              `${formatNumber(floorMs / 1000, 1)} s`,
              `${formatNumber(peerFloorMs / 1000, 1)} s`,
            ],
            [
              "total time",
              `${formatNumber(hootyMs / 1000, 2)} s`,
              `${formatNumber(peerMs / 1000, 2)} s`,
            ],
            [
              "over the floor",
              `${formatNumber((hootyMs / floorMs - 1) * 100, 1)} %`,
              `${formatNumber((peerMs / peerFloorMs - 1) * 100, 1)} %`,
            ],
            ["pages fetched / indexed", `${pages} / ${indexed}`, `${SITES * PAGES} / –`],
            ["peak memory (RSS)", `${formatNumber(peak / 2 ** 20)} MB`, "–"],
            ["CPU per page (crawl and index)", `${formatNumber(cpuMsPerPage, 2)} ms`, "–"],
            [
              "crawl loop busy (event-loop utilisation)",
              `${formatNumber(loop.utilization * 100, 1)} %`,
              "–",
            ],
          ],
        ),
        "",
        `Targets: total within 5 % of the politeness floor, peak memory under 300 MB, CPU under 3 ms per page. ` +
          `The floor counts every request Hooty makes to a site (robots.txt and /sitemap.xml included); ` +
          `20 pages alone would be ${formatNumber((PAGES * PACE_MS) / 1000, 1)} s.`,
      ].join("\n");
    } finally {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
