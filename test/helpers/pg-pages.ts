/**
 * A store holding a few real pages of the PostgreSQL manual (test/fixtures/extract/pg), indexed
 * by the real index sink into a real SQLite file: for answer tests below the CLI.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { createIndexSink } from "../../src/index/page-sink.js";
import { HTML_ORIGIN, indexHtml, storeWithHtml } from "./html-pages.js";

const DIR = resolve(import.meta.dirname, "../fixtures/extract/pg");
export const PG_FILES = readdirSync(DIR)
  .filter((f) => f.endsWith(".html"))
  .sort();
export const PG_ORIGIN = HTML_ORIGIN;

/** A new store with `files` indexed as pages of one site (closed after the test). */
export function storeWith(files: readonly string[] = PG_FILES) {
  return storeWithHtml(Object.fromEntries(files.map((name) => [`/${name}`, readPage(name)])));
}

export function indexPage(siteId: number, name: string, sink: ReturnType<typeof createIndexSink>) {
  return indexHtml(sink, siteId, `/${name}`, readPage(name));
}

const readPage = (name: string) => readFileSync(join(DIR, name), "utf8");
