/** The evaluation sets (test/fixtures/eval/README.md): their sites, folders of files and questions. */
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createIndexSink } from "../src/index/page-sink.js";
import type { Store } from "../src/store/types.js";
import { indexFiles, siteFiles } from "./site-files.js";

export const EVAL_SITES: { origin: string; dir: string; label: string }[] = [
  { origin: "http://127.0.0.21:18081", dir: "pg", label: "PostgreSQL 15 manual (en)" },
  { origin: "http://127.0.0.21:18082", dir: "faq-de", label: "Debian FAQ (de)" },
  { origin: "http://127.0.0.21:18083", dir: "faq-it", label: "Debian FAQ (it)" },
  { origin: "http://127.0.0.21:18084", dir: "ref-de", label: "Debian Reference (de)" },
  { origin: "http://127.0.0.21:18085", dir: "ref-it", label: "Debian Reference (it)" },
];

/** Where the sites' files were built (../shared/corpora/build-sites.sh). */
export function sitesDir(): string {
  return (
    process.env.HOOTY_CORPORA_SITES ??
    join(process.env.CORPORA_DIR ?? join(tmpdir(), "hooty-corpora"), "sites")
  );
}

export const EVAL_LANGS = ["en", "de", "it"] as const;
export type EvalLang = (typeof EVAL_LANGS)[number];

/** One question of a set in test/fixtures/eval (see its README). */
export interface EvalQuestion {
  site: string;
  question: string;
  expect: string[];
  lang: EvalLang;
}

const EVAL_DIR = resolve(import.meta.dirname, "../../test/fixtures/eval");

/** Whether test/fixtures/eval holds the set `name` (`questions`, `holdout`, …). */
export function hasQuestionSet(name: string): boolean {
  return existsSync(join(EVAL_DIR, `${name}.jsonl`));
}

/** The questions of the set `name`, one per JSON line. */
export function loadQuestionSet(name: string): EvalQuestion[] {
  return readFileSync(join(EVAL_DIR, `${name}.jsonl`), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as EvalQuestion);
}

/** Indexes every evaluation site from its files into `store`; each site's id by origin. */
export async function indexEvalSites(store: Store): Promise<Map<string, number>> {
  const sink = createIndexSink(store);
  const ids = new Map<string, number>();
  for (const site of EVAL_SITES) {
    const created = await store.sites.ensure(site.origin, `${site.origin}/`);
    await indexFiles(sink, created.id, siteFiles(site.origin, join(sitesDir(), site.dir)));
    ids.set(site.origin, created.id);
  }
  return ids;
}
