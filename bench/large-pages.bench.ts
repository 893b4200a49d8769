/**
 * Memory when many sites serve very large pages at once: 20 sites, each a home page and one page
 * of 4.9 MB (just under the crawler's 5 MB cap), crawled together. `hooty crawl` (crawl and index)
 * is measured beside the same crawl with a sink that drops the pages, which shows what fetching,
 * decoding and reading links hold apart from indexing. Each runs in a process of its own, with a
 * fresh data folder; the peak is the whole process's resident memory.
 */
import { crawlRun, startServer } from "./crawl-processes.js";
import type { CrawlRun } from "./crawl-run.js";
import { siteOrigins } from "./site-address.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

const SITES = 20;
const PORT = 18700;

const mb = (bytes: number) => `${formatNumber(bytes / 2 ** 20)} MB`;
const seconds = (ms: number) => `${formatNumber(ms / 1000, 1)} s`;

function row(label: string, run: CrawlRun): string[] {
  return [
    label,
    `${run.pages} / ${run.indexed}`,
    mb(run.rssBeforeBytes),
    `**${mb(run.peakRssBytes)}**`,
    seconds(run.ms),
    seconds(run.cpuMs),
  ];
}

export const largePagesBench: BenchSuite = {
  name: "large-pages",
  title: `Crawl: ${SITES} sites serving a 4.9 MB page each, at once`,
  async run() {
    const server = await startServer("serve-large-pages.js", [`${SITES}`, `${PORT}`]);
    try {
      const startUrls = siteOrigins(PORT, SITES).map((origin) => `${origin}/`);
      const indexed = await crawlRun("index", startUrls);
      const dropped = await crawlRun("discard", startUrls);
      return [
        table(
          [
            "",
            "pages fetched / indexed",
            "memory before the first request",
            "peak memory (RSS)",
            "time",
            "CPU",
          ],
          [
            row("Hooty (`hooty crawl`: crawl and index)", indexed),
            row("Hooty, crawl only (pages dropped, not indexed)", dropped),
          ],
        ),
        "",
        `Each site: robots.txt, a home page, /sitemap.xml (404) and /manual.html, one page of 4.9 MB in \`<h2>\` sections of paragraphs. Every site's large page arrives within a second or so, so the index is handed ${SITES} of them at once: it works on at most 8 MB of HTML at a time (one such page), the others wait their turn as UTF-8 bytes, outside the index thread's JavaScript heap (with \`--max-old-space-size=192\` all twenty are indexed). The pages' text is the thing held; what the peak shows beyond the live pages is V8 collecting lazily on a machine with plenty of memory.`,
      ].join("\n");
    } finally {
      server.kill();
    }
  },
};
