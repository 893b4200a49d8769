/**
 * `npm run bench [-- NAME…]`: runs the benchmark suites (all, or the ones named) and writes each
 * result into its own section of BENCHMARKS.md, keeping the other sections as they were.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { resolve } from "node:path";
import { aidsBench } from "./aids.bench.js";
import { answersBench } from "./answers.bench.js";
import { classifyBench } from "./classify.bench.js";
import { crawlBench } from "./crawl.bench.js";
import { evidenceBench } from "./evidence.bench.js";
import { extractBench } from "./extract.bench.js";
import { indexBench } from "./index.bench.js";
import { largePagesBench } from "./large-pages.bench.js";
import { robotsBench } from "./robots.bench.js";
import { storeBench } from "./store.bench.js";
import type { BenchSuite } from "./suite.js";
import { textBench } from "./text.bench.js";

const SUITES: BenchSuite[] = [
  storeBench,
  classifyBench,
  robotsBench,
  crawlBench,
  largePagesBench,
  extractBench,
  indexBench,
  textBench,
  answersBench,
  aidsBench,
  evidenceBench,
];

const FILE = resolve(import.meta.dirname, "../../BENCHMARKS.md");

function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const memory = Math.round(totalmem() / 2 ** 30);
  return `Node ${process.version}, ${cpus().length} × ${cpu}, ${memory} GiB`;
}

function replaceSection(document: string, name: string, body: string): string {
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${begin}\n${body}\n${end}`;
  const from = document.indexOf(begin);
  const to = document.indexOf(end);
  if (from >= 0 && to > from)
    return document.slice(0, from) + section + document.slice(to + end.length);
  return `${document.trimEnd()}\n\n${section}\n`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `bench: unknown suite ${unknown.join(", ")}; known: ${SUITES.map((s) => s.name).join(", ")}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const chosen = wanted.length > 0 ? SUITES.filter((s) => wanted.includes(s.name)) : SUITES;
  let document = existsSync(FILE)
    ? readFileSync(FILE, "utf8")
    : "# Benchmarks\n\nWritten by `npm run bench` (`npm run bench -- NAME` runs one suite). Each section says when and where it was measured.\n";
  for (const suite of chosen) {
    process.stderr.write(`bench: ${suite.name} …\n`);
    const started = new Date().toISOString().slice(0, 16).replace("T", " ");
    const body = await suite.run();
    const section = `## ${suite.title}\n\n_Measured ${started} UTC on ${machine()}._\n\n${body}`;
    process.stdout.write(`${section}\n\n`);
    document = replaceSection(document, suite.name, section);
    writeFileSync(FILE, document);
  }
}

await main();
