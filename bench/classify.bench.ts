import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { classify, type ResponseToClassify } from "../src/crawl/classify/index.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

/** The hand-written corpus of test/fixtures/classify (see its README), from bench/ or dist/bench/. */
export const CORPUS_DIR = [
  resolve(import.meta.dirname, "../test/fixtures/classify"),
  resolve(import.meta.dirname, "../../test/fixtures/classify"),
].find((dir) => existsSync(dir)) as string;

export interface CorpusCase {
  /** Folder/file name, for messages. */
  name: string;
  expectKind: string;
  expectProduct: string | null;
  response: ResponseToClassify;
}

/** Parses one `.http` file: `# expect:` and `# url:` lines, a status line, headers, body. */
export function parseCase(name: string, text: string): CorpusCase {
  const lines = text.split("\n");
  let expectKind = "";
  let expectProduct: string | null = null;
  let url = `https://example.test/${name}`;
  let at = 0;
  for (; at < lines.length && lines[at]?.startsWith("#"); at++) {
    const line = lines[at] ?? "";
    const expect = /^# expect:\s*(\S+)\s*(.*)$/.exec(line);
    if (expect) {
      expectKind = expect[1] ?? "";
      expectProduct = expect[2]?.trim() || null;
    }
    const address = /^# url:\s*(\S+)/.exec(line);
    if (address) url = address[1] ?? url;
  }
  const statusLine = /^HTTP\/[\d.]+ (\d{3})/.exec(lines[at++] ?? "");
  if (!statusLine || expectKind === "") throw new Error(`${name}: missing expect or status line`);
  const headers: Record<string, string> = {};
  for (; at < lines.length && (lines[at] ?? "").trim() !== ""; at++) {
    const line = lines[at] ?? "";
    const colon = line.indexOf(":");
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[key] =
      headers[key] === undefined
        ? value
        : `${headers[key]}${key === "set-cookie" ? "\n" : ", "}${value}`;
  }
  const body = lines.slice(at + 1).join("\n");
  return {
    name,
    expectKind,
    expectProduct,
    response: { url, status: Number(statusLine[1]), headers, body },
  };
}

export function loadCorpus(dir = CORPUS_DIR): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(dir, folder.name)).sort()) {
      if (!file.endsWith(".http")) continue;
      const name = `${folder.name}/${file}`;
      cases.push(parseCase(name, readFileSync(join(dir, folder.name, file), "utf8")));
    }
  }
  return cases;
}

const WORDS =
  "the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there one all we can has";

/** A real-looking ~80 KB article page: head with meta and scripts, navigation, long text, footer. */
export function typicalArticle(): ResponseToClassify {
  const words = WORDS.split(" ");
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return words[seed % words.length] ?? "the";
  };
  const sentence = (n: number) => Array.from({ length: n }, word).join(" ");
  const paragraphs = Array.from(
    { length: 120 },
    (_, i) =>
      `<p class="article__paragraph">${sentence(60)}. <a href="/topics/${i}">${sentence(3)}</a> ${sentence(40)}.</p>${i % 10 === 9 ? `<h2 id="section-${i}">${sentence(6)}</h2><figure><img src="/img/${i}.jpg" alt="${sentence(5)}" loading="lazy"><figcaption>${sentence(12)}</figcaption></figure>` : ""}`,
  ).join("\n");
  const nav = Array.from(
    { length: 40 },
    (_, i) => `<li><a href="/section/${i}">${sentence(2)}</a></li>`,
  ).join("");
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${sentence(8)} | Example Times</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="${sentence(25)}">
<link rel="stylesheet" href="/assets/site.4f2a1c.css"><script async src="https://www.googletagmanager.com/gtag/js?id=G-EXAMPLE"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-EXAMPLE');</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"${sentence(8)}","datePublished":"2026-11-30"}</script>
<style>${".a{color:#111;margin:0 auto}".repeat(200)}</style></head>
<body class="article-page"><header class="site-header"><nav><ul>${nav}</ul></nav></header>
<main id="content"><article><h1>${sentence(10)}</h1><p class="byline">By ${sentence(2)}</p>${paragraphs}</article></main>
<aside>${Array.from({ length: 10 }, () => `<div class="teaser"><a href="/x">${sentence(10)}</a></div>`).join("")}</aside>
<footer><p>© 2026 Example Times. ${sentence(30)}</p></footer><script src="/assets/app.9b8c7d.js" defer></script>
<script>(function(){var d=document;${"d.body.classList.add('js');".repeat(50)}})();</script></body></html>`;
  return {
    url: "https://www.example-times.com/2026/11/30/story",
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      server: "cloudflare",
      "cf-ray": "8e1a2b3c4d5e6f70-FRA",
      "cache-control": "max-age=300",
    },
    body,
  };
}

/** Wall and CPU milliseconds per call of `op` over `minMs` after a warm-up. */
function timePerCall(op: () => void, minMs = 1500): { wall: number; cpu: number } {
  const warmUntil = performance.now() + minMs / 4;
  while (performance.now() < warmUntil) op();
  let calls = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < minMs) {
    for (let i = 0; i < 20; i++) op();
    calls += 20;
  }
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall: wall / calls, cpu: (cpu.user + cpu.system) / 1000 / calls };
}

export const classifyBench: BenchSuite = {
  name: "classify",
  title: "Page classifier: milliseconds per page",
  async run() {
    const article = typicalArticle();
    const corpus = loadCorpus().map((c) => c.response);
    const huge = { ...article, body: article.body.repeat(30) };
    const rows: (string | number)[][] = [];
    const add = (label: string, responses: ResponseToClassify[]) => {
      let i = 0;
      const { wall, cpu } = timePerCall(() => {
        classify(responses[i++ % responses.length] as ResponseToClassify);
      });
      rows.push([label, `${formatNumber(wall, 3)} ms`, `${formatNumber(cpu, 3)} ms`]);
    };
    add(`typical article page (${formatNumber(article.body.length / 1024)} KB)`, [article]);
    const average = corpus.reduce((n, r) => n + r.body.length, 0) / corpus.length / 1024;
    add(`corpus mix (${corpus.length} pages, ${formatNumber(average, 1)} KB on average)`, corpus);
    add(`huge page (${formatNumber(huge.body.length / 1024 / 1024, 1)} MB, scan capped at 1 MB)`, [
      huge,
    ]);
    return `${table(["page", "wall time per page", "CPU time per page"], rows)}

Budget: under 1 ms per typical page. CPU time is the classifier's own cost; wall time also
counts whatever else the machine was running.`;
  },
};
