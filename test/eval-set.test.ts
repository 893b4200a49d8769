/**
 * Shape of Hooty's own evaluation set, test/fixtures/eval/questions.jsonl (see its README):
 * questions in visitors' words on five real documentation sites served locally from Debian
 * packages (../shared/corpora). The set itself is checked here; answering it is `hooty eval`'s job.
 *
 * The checks that need the sites' files (every expected page exists and is a real content page,
 * not a table of contents) run only where the corpora were built under /tmp/hooty-corpora/sites
 * (or $HOOTY_CORPORA_SITES); elsewhere they are skipped with the reason.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const FILE = resolve(import.meta.dirname, "fixtures/eval/questions.jsonl");
const SITES_DIR = process.env.HOOTY_CORPORA_SITES ?? "/tmp/hooty-corpora/sites";
const HAVE_SITES = existsSync(join(SITES_DIR, "manifest.tsv"));

/** Origin → folder under SITES_DIR and the language of its pages. */
const SITES: Record<string, { dir: string; lang: "en" | "de" | "it" }> = {
  "http://127.0.0.21:18081": { dir: "pg", lang: "en" },
  "http://127.0.0.21:18082": { dir: "faq-de", lang: "de" },
  "http://127.0.0.21:18083": { dir: "faq-it", lang: "it" },
  "http://127.0.0.21:18084": { dir: "ref-de", lang: "de" },
  "http://127.0.0.21:18085": { dir: "ref-it", lang: "it" },
};

const KINDS = ["answerable", "unanswerable"] as const;

/** Minimum counts per language and kind (the brief: ~60 en, 30 de, 30 it; 40 unanswerable). */
const MIN_ANSWERABLE = { en: 60, de: 30, it: 30 } as const;
const MIN_UNANSWERABLE_TOTAL = 40;
const MIN_UNANSWERABLE_EN = 18;
const MIN_UNANSWERABLE_DE_IT = 18;

interface Question {
  site: string;
  question: string;
  expect: string[];
  lang: "en" | "de" | "it";
  kind: (typeof KINDS)[number];
  note?: string;
}

const lines = readFileSync(FILE, "utf8")
  .split("\n")
  .map((text, i) => ({ text, line: i + 1 }))
  .filter((l) => l.text.trim() !== "");

function parse(): Question[] {
  return lines.map((l) => JSON.parse(l.text) as Question);
}

/**
 * A page that is only a table of contents: almost all of its words are link text (DocBook chapter
 * and part pages, the manuals' index pages), or it has hardly any words outside links at all.
 * Navigation header and footer are left out, as every DocBook page carries them.
 */
function tocStats(html: string): { words: number; linkWords: number } {
  const body = html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<div class="(navheader|navfooter)">[\s\S]*?<\/div>/gi, " ");
  const count = (s: string) => (s.replace(/<[^>]+>/g, " ").match(/[\p{L}\p{N}_]+/gu) ?? []).length;
  const words = count(body);
  const outsideLinks = count(body.replace(/<a\b[^>]*>[\s\S]*?<\/a>/gi, " "));
  return { words, linkWords: words - outsideLinks };
}

function isPureToc(path: string, html: string): boolean {
  if (path === "/" || /^\/index(\.[a-z]{2})?\.html$/.test(path)) return true;
  const { words, linkWords } = tocStats(html);
  const nonLink = words - linkWords;
  const ratio = words === 0 ? 1 : linkWords / words;
  return ratio >= 0.75 || (nonLink < 60 && ratio >= 0.5);
}

describe("evaluation set: shape", () => {
  it("every line is a JSON object with the right fields and types", () => {
    for (const l of lines) {
      let q: unknown;
      expect(() => {
        q = JSON.parse(l.text);
      }, `line ${l.line} does not parse`).not.toThrow();
      const o = q as Record<string, unknown>;
      const where = `line ${l.line}`;
      expect(typeof o, where).toBe("object");
      expect(Object.keys(SITES), `${where}: site`).toContain(o.site);
      expect(typeof o.question, `${where}: question`).toBe("string");
      expect((o.question as string).trim().length, `${where}: empty question`).toBeGreaterThan(0);
      expect(Array.isArray(o.expect), `${where}: expect`).toBe(true);
      for (const p of o.expect as unknown[]) {
        expect(typeof p, `${where}: expect item`).toBe("string");
        expect(p as string, `${where}: expect is a URL path`).toMatch(/^\/[^\s?#]*$/);
      }
      expect(new Set(o.expect as string[]).size, `${where}: repeated path`).toBe(
        (o.expect as string[]).length,
      );
      expect(["en", "de", "it"], `${where}: lang`).toContain(o.lang);
      expect(KINDS, `${where}: kind`).toContain(o.kind);
      if (o.note !== undefined) expect(typeof o.note, `${where}: note`).toBe("string");
      const allowed = new Set(["site", "question", "expect", "lang", "kind", "note"]);
      for (const k of Object.keys(o))
        expect(allowed.has(k), `${where}: unknown field ${k}`).toBe(true);
    }
  });

  it("kind agrees with expect, and lang with the site's language", () => {
    for (const [i, q] of parse().entries()) {
      const where = `line ${lines[i]?.line}: ${q.question}`;
      if (q.kind === "answerable") expect(q.expect.length, where).toBeGreaterThan(0);
      else expect(q.expect, where).toEqual([]);
      expect(q.lang, where).toBe(SITES[q.site]?.lang);
    }
  });

  it("has enough questions per language and kind", () => {
    const qs = parse();
    const n = (lang: string, kind: string) =>
      qs.filter((q) => q.lang === lang && q.kind === kind).length;
    for (const [lang, min] of Object.entries(MIN_ANSWERABLE)) {
      expect(n(lang, "answerable"), `answerable ${lang}`).toBeGreaterThanOrEqual(min);
    }
    const unEn = n("en", "unanswerable");
    const unDeIt = n("de", "unanswerable") + n("it", "unanswerable");
    expect(unEn + unDeIt).toBeGreaterThanOrEqual(MIN_UNANSWERABLE_TOTAL);
    expect(unEn).toBeGreaterThanOrEqual(MIN_UNANSWERABLE_EN);
    expect(unDeIt).toBeGreaterThanOrEqual(MIN_UNANSWERABLE_DE_IT);
    expect(n("de", "unanswerable")).toBeGreaterThan(0);
    expect(n("it", "unanswerable")).toBeGreaterThan(0);
    // every one of the five sites is asked about, both ways
    for (const site of Object.keys(SITES)) {
      for (const kind of KINDS) {
        expect(
          qs.filter((q) => q.site === site && q.kind === kind).length,
          `${kind} on ${site}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it("has no duplicate questions", () => {
    const seen = new Map<string, number>();
    for (const [i, q] of parse().entries()) {
      const key = q.question.trim().toLowerCase().replace(/\s+/g, " ");
      const line = lines[i]?.line ?? 0;
      expect(seen.get(key), `line ${line} repeats line ${seen.get(key)}: ${q.question}`).toBe(
        undefined,
      );
      seen.set(key, line);
    }
  });
});

describe.skipIf(!HAVE_SITES)(
  `evaluation set: expected pages (needs the corpora under ${SITES_DIR}; build them with ../shared/corpora/build-sites.sh)`,
  () => {
    it("every expected path is a file of its site", () => {
      for (const q of parse()) {
        const dir = join(SITES_DIR, SITES[q.site]?.dir ?? "?");
        for (const p of q.expect) {
          expect(
            existsSync(join(dir, decodeURIComponent(p))),
            `${q.site}${p} (${q.question})`,
          ).toBe(true);
        }
      }
    });

    it("no expected page is a pure table of contents", () => {
      for (const q of parse()) {
        const dir = join(SITES_DIR, SITES[q.site]?.dir ?? "?");
        for (const p of q.expect) {
          const file = join(dir, decodeURIComponent(p));
          if (!existsSync(file)) continue;
          expect(isPureToc(p, readFileSync(file, "utf8")), `${q.site}${p} (${q.question})`).toBe(
            false,
          );
        }
      }
    });

    it("the table-of-contents check recognises the manuals' contents pages", () => {
      const tocs = [
        ["pg", "/index.html"],
        ["pg", "/appendixes.html"],
        ["pg", "/tutorial-start.html"],
        ["pg", "/performance-tips.html"],
        ["faq-de", "/index.de.html"],
        ["faq-it", "/index.it.html"],
        ["ref-de", "/index.de.html"],
        ["ref-it", "/index.it.html"],
      ];
      for (const [dir, p] of tocs) {
        const file = join(SITES_DIR, dir as string, p as string);
        expect(isPureToc(p as string, readFileSync(file, "utf8")), `${dir}${p}`).toBe(true);
      }
      // …and not the big single-page chapters of the Debian Reference, nor short reference pages
      for (const [dir, p] of [
        ["ref-de", "/ch01.de.html"],
        ["pg", "/functions-uuid.html"],
        ["pg", "/backup.html"],
      ]) {
        const file = join(SITES_DIR, dir as string, p as string);
        expect(isPureToc(p as string, readFileSync(file, "utf8")), `${dir}${p}`).toBe(false);
      }
    });
  },
);

if (!HAVE_SITES) {
  describe("evaluation set: expected pages", () => {
    it.skip(`skipped: no corpora at ${SITES_DIR} (run ../shared/corpora/build-sites.sh to check the expected pages)`, () => {});
  });
}
