/** Reading the index back in tests: what a visitor's answer could be built from. */
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { resolve } from "node:path";
import { fetchOnce } from "../../src/crawl/fetch/fetch.js";
import { refreshSites } from "../../src/crawl/refresh.js";
import { createIndexSink } from "../../src/index/page-sink.js";
import type { Store } from "../../src/store/types.js";
import { analyze } from "../../src/text/index.js";

/** Every indexed page of the site with its section text, by path. */
export async function indexedText(store: Store, origin: string): Promise<Map<string, string>> {
  const site = await store.sites.byOrigin(origin);
  const out = new Map<string, string>();
  if (!site) return out;
  for (const page of await store.pages.list(site.id)) {
    const sections = await store.texts.sections(site.id, page.url);
    out.set(new URL(page.url).pathname, sections.map((s) => s.text).join("\n\n"));
  }
  return out;
}

/** Whether a word reaches the site's inverted index (as the analyser indexes it). */
export async function inVocabulary(store: Store, origin: string, word: string): Promise<boolean> {
  const site = await store.sites.byOrigin(origin);
  if (!site) return false;
  const term = analyze(word, "en")[0]?.term ?? word;
  const [postings] = await store.texts.postings(site.id, [term]);
  return (postings?.df ?? 0) > 0;
}

/** `hooty refresh` over one site, with real network and the index's own sink. */
export async function refresh(store: Store, origin: string) {
  const site = await store.sites.byOrigin(origin);
  if (!site) throw new Error(`no site ${origin}`);
  const [report] = await refreshSites([site], {
    store,
    sink: createIndexSink(store),
    fetch: fetchOnce,
    timeoutMs: 2_000,
  });
  return report;
}

/** A response recorded in test/fixtures/classify (`# …` lines, status line, headers, body). */
export function recorded(file: string) {
  const raw = readFileSync(resolve(import.meta.dirname, "../fixtures/classify", file), "utf8");
  const lines = raw.split("\n");
  while (lines[0]?.startsWith("#")) lines.shift();
  const status = Number(lines.shift()?.split(" ")[1] ?? 200);
  const headers: Record<string, string> = {};
  for (let line = lines.shift(); line !== undefined && line.trim() !== ""; line = lines.shift()) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (["content-length", "transfer-encoding", "content-encoding", "connection"].includes(name))
      continue;
    headers[name] = line.slice(colon + 1).trim();
  }
  const body = lines.join("\n");
  return (_req: unknown, res: ServerResponse) => res.writeHead(status, headers).end(body);
}

/** A page with its own marker word, so its text can be looked for in the index. */
export function markedPage(marker: string, links: string[] = [], head = ""): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join("");
  return `<!doctype html><html lang="en"><head><title>${marker} page</title>${head}</head><body><main><h1 id="top">About ${marker}</h1><p>The word ${marker} appears on this page only, in a paragraph long enough to be read as content by the crawler and kept by the index.</p><ul>${anchors}</ul></main></body></html>`;
}
