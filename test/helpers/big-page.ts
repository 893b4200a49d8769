/**
 * Large real-looking pages (a whole manual on one page, near the crawler's 5 MB cap) made of the
 * extraction fixtures: each page's parts are numbered into every paragraph and heading, so no
 * passage repeats (within a page or across pages) and none is stored once for several.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/extract");

/** The fixture pages' bodies, their links left out (a test site serves only its own pages). */
function bodies(): string[] {
  const out: string[] = [];
  for (const dir of readdirSync(FIXTURES, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(join(FIXTURES, dir.name)).sort()) {
      if (!file.endsWith(".html")) continue;
      const html = readFileSync(join(FIXTURES, dir.name, file), "utf8");
      const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
      out.push(body.replace(/<a\b[^>]*>/gi, "<a>"));
    }
  }
  return out;
}

/** Page `n` of about `size` characters (default 4.8 MiB): many sections, text throughout. */
export function bigPage(n: number, size = 4.8 * 1024 * 1024): string {
  const parts = bodies();
  const sections: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const tag = `volume ${n}, part ${i}`;
    const body = (parts[i % parts.length] ?? "")
      .replace(/<(p|h[1-6]|li|td|dt|dd)(\s[^>]*)?>/gi, (open) => `${open}(${tag}) `)
      .replace(/\bid="([^"]*)"/g, `id="$1-${n}-${i}"`);
    const section = `<section id="v${n}-${i}"><h2>Chapter ${i} of volume ${n}</h2>${body}</section>\n`;
    sections.push(section);
    length += section.length;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Manual, volume ${n}</title></head><body><main><h1>Manual, volume ${n}</h1>${sections.join("")}</main></body></html>`;
}
