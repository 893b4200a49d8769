/**
 * A 5,000-page site made of real documentation from Debian packages, one origin with a folder
 * per manual, for the answer benchmark's latency target (issue 7: a warm answer on a 5,000-page
 * site under 50 ms at the 95th percentile).
 *
 * Rebuild it by hand:
 *
 *   npm run build
 *   node dist/bench/big-site.js --install .hooty-big   # apt-get install the manuals, index them
 *   npx hooty ask http://127.0.0.21:18090 "how do I restore a dump?" --data .hooty-big
 *
 * The pages are read from the packages' files and handed to Hooty's index phase under the URLs
 * the site would have (`/pg/sql-insert.html`, `/python/library/json.html`, …); nothing is served.
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openStore } from "../src/app.js";
import { createIndexSink } from "../src/index/page-sink.js";
import type { Store } from "../src/store/types.js";
import { indexFiles, type SiteFile, siteFiles } from "./site-files.js";

export const BIG_SITE_ORIGIN = "http://127.0.0.21:18090";

export interface Manual {
  prefix: string;
  package: string;
  dir: string;
  title: string;
}

export const MANUALS: Manual[] = [
  {
    prefix: "/pg",
    package: "postgresql-doc-15",
    dir: "/usr/share/doc/postgresql-doc-15/html",
    title: "PostgreSQL 15 manual",
  },
  {
    prefix: "/python",
    package: "python3.11-doc",
    dir: "/usr/share/doc/python3.11/html",
    title: "Python 3.11 documentation",
  },
  {
    prefix: "/django",
    package: "python-django-doc",
    dir: "/usr/share/doc/python-django-doc/html",
    title: "Django documentation",
  },
  {
    prefix: "/linux",
    package: "linux-doc-6.1",
    dir: "/usr/share/doc/linux-doc-6.1/html",
    title: "Linux kernel 6.1 documentation",
  },
];

export const INSTALL = `apt-get install -y --no-install-recommends ${MANUALS.map((m) => m.package).join(" ")}`;

/** The manuals whose files are not on this machine. */
export function missingManuals(): Manual[] {
  return MANUALS.filter((manual) => !existsSync(manual.dir));
}

/**
 * The site's home page `/`, made here as ../shared/corpora/build-sites.sh makes its sites' start
 * pages: a title and a link to each manual. The answer phase takes the home page's title as the
 * site's name.
 */
export function homePage(): SiteFile {
  const links = MANUALS.map(
    (m) => `<li><a href="${m.prefix}/index.html">${m.title}</a> (Debian package ${m.package})</li>`,
  ).join("");
  return {
    url: `${BIG_SITE_ORIGIN}/`,
    file: "",
    html: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Manuals</title></head><body><h1>Manuals</h1><p>The manuals on this site:</p><ul>${links}</ul></body></html>`,
  };
}

/** Every page of the site, manual after manual (the home page apart). */
export function bigSitePages(): { manual: Manual; files: SiteFile[] }[] {
  return MANUALS.map((manual) => ({
    manual,
    files: siteFiles(BIG_SITE_ORIGIN, manual.dir, manual.prefix),
  }));
}

/** Indexes the whole site into `store` through Hooty's index phase; resolves to the site and times. */
export async function buildBigSite(
  store: Store,
): Promise<{ siteId: number; pages: number; wallMs: number; cpuMs: number }> {
  const site = await store.sites.ensure(BIG_SITE_ORIGIN, `${BIG_SITE_ORIGIN}/`);
  const sink = createIndexSink(store);
  const files = [homePage(), ...bigSitePages().flatMap((m) => m.files)];
  const run = await indexFiles(sink, site.id, files);
  return { siteId: site.id, ...run };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const install = args.includes("--install");
  const data = args.find((a) => !a.startsWith("--"));
  if (!data) {
    process.stderr.write("usage: node dist/bench/big-site.js [--install] DATA_DIR\n");
    process.exitCode = 2;
    return;
  }
  if (install && missingManuals().length > 0) {
    const result = spawnSync("sh", ["-c", INSTALL], { stdio: "inherit" });
    if (result.status !== 0) {
      process.exitCode = 1;
      return;
    }
  }
  const missing = missingManuals();
  if (missing.length > 0) {
    process.stderr.write(
      `big-site: not installed: ${missing.map((m) => m.package).join(", ")}; run ${INSTALL} (or pass --install)\n`,
    );
    process.exitCode = 1;
    return;
  }
  mkdirSync(resolve(data), { recursive: true });
  const store = openStore({ data: resolve(data) });
  try {
    for (const { manual, files } of bigSitePages())
      process.stderr.write(`${manual.prefix}: ${files.length} pages of ${manual.package}\n`);
    const built = await buildBigSite(store);
    process.stderr.write(
      `indexed ${built.pages} pages of ${BIG_SITE_ORIGIN} into ${resolve(data)} in ${(built.wallMs / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  await main();
