import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { chunkPage } from "../src/index/chunk/index.js";
import { createSiteBoilerplate, extractPage } from "../src/index/extract/index.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

/** Pages in the sample every contender reads (spread evenly over the corpus). */
const SAMPLE = 150;
/** Rounds; in each, every contender reads the whole sample, so machine load hits all alike. */
const ROUNDS = 2;
/** The manual's navigation bar's first link: it appears nowhere in the manual's own text. */
const NAVIGATION = /\bPrev\b/;
type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];

export interface Page {
  url: string;
  html: string;
}

export interface Corpus {
  label: string;
  pages: Page[];
}

/**
 * The PostgreSQL 15 manual as built by ../shared/corpora/build-sites.sh ($CORPORA_DIR, default
 * $TMPDIR/hooty-corpora); without it, the pages in test/fixtures/extract/.
 */
export function loadCorpus(): Corpus {
  const corpora = process.env.CORPORA_DIR ?? join(tmpdir(), "hooty-corpora");
  const site = join(corpora, "sites", "pg");
  if (existsSync(site)) {
    const files = readdirSync(site).filter((f) => f.endsWith(".html"));
    return {
      label: `the PostgreSQL 15 manual from ${site} (postgresql-doc-15, ${files.length} pages)`,
      pages: files.sort().map((f) => ({
        url: `http://127.0.0.21:18081/${f}`,
        html: readFileSync(join(site, f), "utf8"),
      })),
    };
  }
  const fixtures = resolve(import.meta.dirname, "../../test/fixtures/extract");
  const pages = readdirSync(fixtures, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => ({ url: `http://127.0.0.1/${f}`, html: readFileSync(join(fixtures, f), "utf8") }));
  return {
    label: `the ${pages.length} test fixture pages (test/fixtures/extract; ${site} not found: run ../shared/corpora/build-sites.sh for the full manual)`,
    pages,
  };
}

interface Tally {
  pages: number;
  bytes: number;
  wallMs: number;
  cpuMs: number;
}

function tally(): Tally {
  return { pages: 0, bytes: 0, wallMs: 0, cpuMs: 0 };
}

/** Runs `op` over every page once, adding pages, bytes, wall-clock and CPU time to `into`. */
function pass(pages: Page[], op: (page: Page) => void, into: Tally): void {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const page of pages) op(page);
  into.wallMs += performance.now() - start;
  const used = process.cpuUsage(cpu);
  into.cpuMs += (used.user + used.system) / 1000;
  into.pages += pages.length;
  into.bytes += pages.reduce((sum, p) => sum + p.html.length, 0);
}

function perSecond(t: Tally): { wall: number; cpu: number; mb: number } {
  return {
    wall: (t.pages * 1000) / t.wallMs,
    cpu: (t.pages * 1000) / t.cpuMs,
    mb: t.bytes / 1e6 / (t.wallMs / 1000),
  };
}

/** Extraction speed: Hooty's streaming extractor side by side with Readability over linkedom. */
export const extractBench: BenchSuite = {
  name: "extract",
  title: "Extraction: Hooty vs @mozilla/readability over linkedom",
  async run() {
    const corpus = loadCorpus();
    const step = Math.max(1, Math.ceil(corpus.pages.length / SAMPLE));
    const sample = corpus.pages.filter((_, i) => i % step === 0);

    const site = createSiteBoilerplate();
    const extracted = corpus.pages.map((p) => extractPage(p));
    for (const page of extracted) site.learn(page);

    const hootyOp = (p: Page) => {
      extractPage(p);
    };
    let chunks = 0;
    const fullOp = (p: Page) => {
      const page = extractPage(p);
      site.learn(page);
      chunks += chunkPage(site.apply(page)).length;
    };
    let readabilityLeaks = 0;
    const readabilitySeen = new Set<string>();
    const readabilityOp = (p: Page) => {
      const { document } = parseHTML(p.html);
      const article = new Readability(document as unknown as ReadabilityDocument).parse();
      if (readabilitySeen.has(p.url)) return;
      readabilitySeen.add(p.url);
      if (article?.textContent && NAVIGATION.test(article.textContent)) readabilityLeaks++;
    };

    // Warm-up, then rounds in which each contender reads the same sample.
    const warm = sample.slice(0, 20);
    for (const op of [hootyOp, fullOp, readabilityOp]) for (const p of warm) op(p);
    const hooty = tally();
    const full = tally();
    const readability = tally();
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < 5; i++) pass(sample, hootyOp, hooty);
      for (let i = 0; i < 5; i++) pass(sample, fullOp, full);
      pass(sample, readabilityOp, readability);
    }
    const whole = tally();
    pass(corpus.pages, hootyOp, whole);

    const hootyLeaks = extracted.filter((p) =>
      site.apply(p).sections.some((s) => NAVIGATION.test(s.text)),
    ).length;
    const r = perSecond(readability);
    const row = (name: string, t: Tally): (string | number)[] => {
      const v = perSecond(t);
      return [
        name,
        formatNumber(v.wall),
        formatNumber(v.cpu),
        formatNumber(v.mb, 1),
        name.startsWith("`new Readability")
          ? "1.0×"
          : name.includes("pages once")
            ? "(other pages)"
            : `**${formatNumber(v.wall / r.wall, 1)}×**`,
      ];
    };
    return [
      table(
        ["extractor", "pages/s", "pages per CPU-second", "MB/s", "vs Readability"],
        [
          row("Hooty `extractPage`", hooty),
          row("Hooty `extractPage` + site boilerplate (`learn`, `apply`) + `chunkPage`", full),
          row("`new Readability(parseHTML(html).document).parse()` (linkedom)", readability),
          row(`Hooty \`extractPage\`, all ${corpus.pages.length} pages once`, whole),
        ],
      ),
      "",
      `Pages: ${corpus.label}; the first three rows read the same ${sample.length} pages (${step === 1 ? "all" : `every ${step}th`}), ${ROUNDS} rounds taking turns (Hooty 5 passes per round, Readability 1), after a warm-up, in one process. ` +
        "Pages per CPU-second is the throughput of one core, whatever else the machine was doing. " +
        `Pages whose text keeps the navigation bar's "Prev": Hooty ${hootyLeaks} of ${extracted.length} (after the site pass), Readability ${readabilityLeaks} of ${readabilitySeen.size}. ` +
        `${formatNumber(chunks / Math.max(1, full.pages), 1)} chunks per page.`,
    ].join("\n");
  },
};
