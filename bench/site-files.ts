/**
 * A site indexed straight from its files on disk, without HTTP: each HTML file handed to Hooty's
 * own index phase (`createIndexSink(store).accept`, as a crawl would) under the URL the site
 * would serve it at, so that the evaluation set's `expect` paths match.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FetchedPage, PageSink } from "../src/core/page-sink.js";

export interface SiteFile {
  url: string;
  file: string;
  /** The page's HTML when it is made here rather than read from `file`. */
  html?: string;
}

/** The HTML files under `dir` (real folders only: symlinked ones are not followed), sorted. */
export function htmlFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path, `${prefix}${name}/`);
      else if (stat.isFile() && name.endsWith(".html")) found.push(`${prefix}${name}`);
    }
  };
  walk(dir, "");
  return found;
}

/**
 * The files of `dir` as pages of `origin` under `prefix` ("" or "/pg"). The site's root
 * `index.html` is its home page `/`, as the server answers it.
 */
export function siteFiles(origin: string, dir: string, prefix = ""): SiteFile[] {
  return htmlFiles(dir).map((relative) => ({
    url:
      prefix === "" && relative === "index.html"
        ? `${origin}/`
        : `${origin}${prefix}/${encodeURI(relative)}`,
    file: join(dir, relative),
  }));
}

/** Hands every file to the index phase as a crawl would hand the page; resolves to the time. */
export async function indexFiles(
  sink: PageSink,
  siteId: number,
  files: readonly SiteFile[],
): Promise<{ pages: number; wallMs: number; cpuMs: number }> {
  const fetchedAt = new Date().toISOString();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const { url, file, html: made } of files) {
    const html = made ?? readFileSync(file, "utf8");
    await sink.accept({
      siteId,
      url,
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
      html,
      contentHash: createHash("sha256").update(html).digest("hex"),
      fetchedAt,
      links: [],
    } satisfies FetchedPage);
  }
  const used = process.cpuUsage(cpu);
  return {
    pages: files.length,
    wallMs: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
  };
}
