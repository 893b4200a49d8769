/**
 * Extraction on real pages: the PostgreSQL 15 manual, the Debian FAQ (de, it) and the Debian
 * Reference (de, it), copied from their Debian packages into test/fixtures/extract/ (see its
 * README). Each site's pages go through the site-level boilerplate detector as a crawl would.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkPage } from "../src/index/chunk/index.js";
import {
  createSiteBoilerplate,
  type ExtractedPage,
  extractPage,
} from "../src/index/extract/index.js";

const FIXTURES = resolve(import.meta.dirname, "fixtures/extract");

interface Site {
  raw: ExtractedPage[];
  clean: Map<string, ExtractedPage & { boilerplateBlocks: number }>;
}

function loadSite(name: string): Site {
  const dir = join(FIXTURES, name);
  const raw = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) =>
      extractPage({ url: `http://127.0.0.1/${f}`, html: readFileSync(join(dir, f), "utf8") }),
    );
  const site = createSiteBoilerplate();
  for (const page of raw) site.learn(page);
  const clean = new Map(raw.map((p) => [p.url.split("/").pop() ?? "", site.apply(p)]));
  return { raw, clean };
}

function page(site: Site, file: string): ExtractedPage {
  const p = site.clean.get(file);
  if (!p) throw new Error(`no fixture ${file}`);
  return p;
}

function allText(p: ExtractedPage): string {
  return p.sections.map((s) => s.text).join("\n\n");
}

/** Every line and table cell of every section, trimmed. */
function pieces(p: ExtractedPage): string[] {
  return p.sections.flatMap((s) => s.text.split(/[\n\t]/).map((l) => l.trim()));
}

function section(p: ExtractedPage, heading: string) {
  const found = p.sections.find((s) => s.headingPath[s.headingPath.length - 1] === heading);
  if (!found) {
    throw new Error(
      `no section "${heading}" in ${p.url}: ${p.sections.map((s) => s.headingPath.at(-1)).join(" / ")}`,
    );
  }
  return found;
}

const NAVIGATION: Record<string, string[]> = {
  pg: ["Prev", "Next", "Up", "Home"],
  "faq-de": ["Zurück", "Weiter", "Zum Anfang"],
  "faq-it": ["Indietro", "Avanti", "Partenza"],
  "ref-de": ["Zurück", "Weiter", "Zum Anfang"],
  "ref-it": ["Indietro", "Avanti", "Partenza"],
};

describe("real sites: navigation repeated on every page is dropped by the site detector", () => {
  for (const [name, words] of Object.entries(NAVIGATION)) {
    it(`${name}: ${words.join(", ")}`, () => {
      const site = loadSite(name);
      // Page rules alone keep DocBook's navigation tables (their markup does not say "nav") …
      const before = site.raw.flatMap((p) => pieces(p));
      expect(before.filter((l) => words.includes(l)).length).toBeGreaterThan(0);
      // … the site detector removes them from every page.
      for (const p of site.clean.values()) {
        const left = pieces(p).filter((l) => words.includes(l));
        expect(left, p.url).toEqual([]);
        expect(p.boilerplateBlocks, p.url).toBeGreaterThan(0);
      }
    });
  }

  it("a page's own title in the navigation bar goes with it", () => {
    for (const [name, file] of [
      ["ref-de", "apa.de.html"],
      ["faq-de", "basic-defs.de.html"],
      ["pg", "tutorial-createdb.html"],
      ["ref-it", "ch04.it.html"],
    ] as const) {
      const p = page(loadSite(name), file);
      // Nothing is left before the page's first heading.
      expect(p.sections[0]?.headingPath.length, p.url).toBeGreaterThan(0);
    }
  });

  it("pg: the titles of the previous and next pages in the navigation go with it", () => {
    const p = page(loadSite("pg"), "app-pgdump.html");
    const first = p.sections[0];
    expect(first?.headingPath).toEqual(["pg_dump"]);
    expect(first?.text).toBe(
      "pg_dump — extract a PostgreSQL database into a script file or other archive file",
    );
    const lines = pieces(p);
    expect(lines).not.toContain("pg_config");
    expect(lines).not.toContain("PostgreSQL Client Applications");
  });
});

describe("real sites: the site detector during a crawl and in a final pass", () => {
  it("pages applied as they arrive, re-applied when the version moved, end as in a final pass", () => {
    for (const name of Object.keys(NAVIGATION)) {
      const dir = join(FIXTURES, name);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".html"))
        .sort();
      const incremental = createSiteBoilerplate();
      const seen: { page: ExtractedPage; version: number; sections: unknown }[] = [];
      for (const f of files) {
        const page = extractPage({
          url: `http://127.0.0.1/${f}`,
          html: readFileSync(join(dir, f), "utf8"),
        });
        incremental.learn(page);
        seen.push({
          page,
          version: incremental.version,
          sections: incremental.apply(page).sections,
        });
      }
      const final = loadSite(name);
      for (const entry of seen) {
        if (entry.version !== incremental.version) {
          entry.sections = incremental.apply(entry.page).sections;
        }
        const file = entry.page.url.split("/").pop() ?? "";
        expect(entry.sections, `${name}/${file}`).toEqual(page(final, file).sections);
      }
    }
  });
});

describe("real sites: the main text is kept, by section, with anchors", () => {
  it("PostgreSQL: pg_dump reference page", () => {
    const p = page(loadSite("pg"), "app-pgdump.html");
    expect(p.title).toBe("pg_dump");
    const description = section(p, "Description");
    expect(description.anchor).toBe("PG-DUMP-DESCRIPTION");
    expect(description.text).toContain(
      "pg_dump is a utility for backing up a PostgreSQL database. It makes consistent backups even if the database is being used concurrently.",
    );
    const options = p.sections.filter((s) => s.headingPath.at(-1) === "Options");
    expect(options[0]?.anchor).toBe("PG-DUMP-OPTIONS");
    // A note box is its own section; the option list resumes after it under "Options".
    expect(p.sections.some((s) => s.headingPath.join(" > ") === "Options > Note")).toBe(true);
    expect(options.length).toBeGreaterThan(1);
    expect(options.map((s) => s.text).join("\n")).toContain("-a\n--data-only");
    const examples = section(p, "Examples");
    expect(examples.text).toContain("$ pg_dump mydb > db.sql");
  });

  it("PostgreSQL: a table is kept row by row", () => {
    const p = page(loadSite("pg"), "datatype-numeric.html");
    const numeric = section(p, "8.1. Numeric Types");
    expect(numeric.anchor).toBe("DATATYPE-NUMERIC");
    expect(numeric.text).toContain(
      "Name\tStorage Size\tDescription\tRange\nsmallint\t2 bytes\tsmall-range integer\t-32768 to +32767\n",
    );
    expect(section(p, "8.1.1. Integer Types").anchor).toBe("DATATYPE-INT");
  });

  it("PostgreSQL: <pre> is kept with its line breaks", () => {
    const p = page(loadSite("pg"), "tutorial-createdb.html");
    expect(allText(p)).toContain("\n\n$ createdb mydb\n\n");
    expect(allText(p)).toContain(
      'createdb: error: connection to server on socket "/tmp/.s.PGSQL.5432" failed: FATAL:  role "joe" does not exist',
    );
  });

  it("Debian FAQ (de): questions as headings with their ids", () => {
    const p = page(loadSite("faq-de"), "basic-defs.de.html");
    expect(p.title).toBe("Kapitel 1. Definitionen und Überblick");
    const s = section(p, "1.2. Was ist Debian GNU/Linux?");
    expect(s.anchor).toBe("whatisdebian");
    expect(s.headingPath[0]).toBe("Kapitel 1. Definitionen und Überblick");
    expect(s.text).toContain(
      "Debian GNU/Linux ist eine bestimmte Distribution des Linux-Betriebssystems und zahlreicher Pakete, die darunter laufen.",
    );
    expect(s.text).toMatch(/\n {2}voll ausgestattet: Debian enthält/);
    // The chapter's table of contents is navigation too.
    expect(allText(p)).not.toContain("Inhaltsverzeichnis");
  });

  it("Debian FAQ (it)", () => {
    const p = page(loadSite("faq-it"), "kernel.it.html");
    const s = section(
      p,
      "10.3. Quali strumenti speciali fornisce Debian per lavorare con i moduli?",
    );
    expect(s.anchor).toBe("modules");
    expect(s.text.length).toBeGreaterThan(100);
  });

  it("Debian Reference (de): XHTML with self-closed anchors, tips, code", () => {
    const p = page(loadSite("ref-de"), "ch08.de.html");
    expect(p.title).toBe("Kapitel 8. I18N und L10N");
    const s = section(p, "8.1.2. Die Neukonfiguration des Gebietsschemas (Locale)");
    expect(s.anchor).toBe("_the_reconfiguration_of_the_locale");
    expect(s.text).toContain("\n\n# dpkg-reconfigure locales\n\n");
    expect(allText(p)).toContain(
      'Das Verhalten von Programmen, die Internationalisierung unterstützen, wird bestimmt durch die Umgebungsvariable "$LANG".',
    );
  });

  it("Debian Reference (it)", () => {
    const p = page(loadSite("ref-it"), "pr01.it.html");
    const s = section(p, "2. Cosa è Debian");
    expect(s.anchor).toBe("_what_is_debian");
    expect(s.text).toContain("Debian");
  });

  it("every page: chunks are verbatim slices of their section, with a place to link to", () => {
    for (const name of Object.keys(NAVIGATION)) {
      for (const p of loadSite(name).clean.values()) {
        const chunks = chunkPage(p);
        expect(chunks.length, p.url).toBeGreaterThan(0);
        for (const c of chunks) {
          const s = p.sections[c.section];
          expect(s?.text.slice(c.start, c.end)).toBe(c.text);
          expect(c.words).toBeLessThanOrEqual(250);
          if (c.headingPath.length > 0) expect(c.anchor, c.headingPath.join(" > ")).not.toBeNull();
        }
      }
    }
  });
});
