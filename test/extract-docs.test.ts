/**
 * Extraction on pages of documentation generators: Sphinx (the Python 3.11 manual), Texinfo (the
 * Bash reference manual), the Apache httpd manual and Javadoc (Apache Commons Lang 3.12), copied
 * from their Debian packages into
 * test/fixtures/extract/ (see its README). Each site's pages go through the site-level boilerplate
 * detector as a crawl would.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createSiteBoilerplate,
  type ExtractedPage,
  extractPage,
  type Section,
} from "../src/index/extract/index.js";

const FIXTURES = resolve(import.meta.dirname, "fixtures/extract");

/** The site's pages, learnt by one detector and applied to the one named `file`. */
function page(site: string, file: string): ExtractedPage {
  const dir = join(FIXTURES, site);
  const detector = createSiteBoilerplate();
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) =>
      extractPage({ url: `http://127.0.0.1/${f}`, html: readFileSync(join(dir, f), "utf8") }),
    );
  for (const p of pages) detector.learn(p);
  const wanted = pages.find((p) => p.url.endsWith(`/${file}`));
  if (!wanted) throw new Error(`no fixture ${site}/${file}`);
  return detector.apply(wanted);
}

function section(p: ExtractedPage, heading: string): Section {
  const found = p.sections.find((s) => s.headingPath.at(-1) === heading);
  if (!found) {
    throw new Error(`no section "${heading}": ${p.sections.map((s) => s.headingPath.at(-1))}`);
  }
  return found;
}

/** Every line and table cell of every section and heading path, trimmed. */
function pieces(p: ExtractedPage): string[] {
  return p.sections.flatMap((s) => [
    ...s.headingPath,
    ...s.text.split(/[\n\t]/).map((l) => l.trim()),
  ]);
}

describe("ids and classes name components only when they are not the text's own words", () => {
  it("Sphinx: FAQ headings wrapped in a.toc-backref are headings, a slug id holding 'share' is no share bar", () => {
    const p = page("python", "faq-programming.html");
    expect(p.sections.length).toBeGreaterThan(5);
    const share = section(p, "How do I share global variables across modules?");
    expect(share.headingPath).toEqual([
      "Programming FAQ",
      "Core Language",
      "How do I share global variables across modules?",
    ]);
    expect(share.anchor).toBe("how-do-i-share-global-variables-across-modules");
    expect(share.text).toContain(
      "The canonical way to share information across modules within a single program is to create a special module",
    );
    // The local table of contents (<nav class="contents">) still goes.
    expect(pieces(p)).not.toContain("Contents");
  });

  it("Texinfo: div.section#Sharing-Defaults is the section 'Sharing Defaults'", () => {
    const p = page("bash", "bashref.html");
    const s = section(p, "10.6 Sharing Defaults");
    expect(s.headingPath).toEqual(["Bash Features", "10 Installing Bash", "10.6 Sharing Defaults"]);
    expect(s.text).toContain(
      "If you want to set default values for configure scripts to share, you can create a site shell script called config.site",
    );
    // The mini table of contents of each chapter (ul.mini-toc) still goes.
    expect(section(p, "10 Installing Bash").text).not.toContain("Basic Installation");
  });
});

describe("permalinks and navigation panels", () => {
  it("Texinfo: the 'Next: …, Previous: …, Up: … [Contents][Index]' panel of each node goes", () => {
    const p = page("bash", "bashref.html");
    const text = p.sections.map((s) => s.text).join("\n");
    expect(text).not.toMatch(/Next: |Previous: |\[Contents\]/);
    expect(section(p, "10.5 Specifying the System Type").text).toMatch(
      /^There may be some features/,
    );
    expect(section(p, "10.7 Operation Controls").text).toMatch(
      /^configure recognizes the following/,
    );
  });

  it("Texinfo: a definition's '¶' link to its own entry goes", () => {
    const p = page("bash", "bashref.html");
    const definitions = section(p, "2 Definitions").text;
    expect(definitions).toContain("\n\nPOSIX\n\nA family of open system standards based on Unix.");
    expect(pieces(p).some((l) => l.includes("¶"))).toBe(false);
  });

  it("Apache manual: the heading's '¶' link (a.permalink) leaves heading paths", () => {
    const p = page("apache", "mod_alias.html");
    expect(section(p, "Alias Directive").anchor).toBe("Alias");
    expect(section(p, "Order of Processing").anchor).toBe("order");
    expect(pieces(p).some((l) => l.includes("¶"))).toBe(false);
  });
});

describe("blocks of links that only lead elsewhere, told by their markup", () => {
  it("Apache manual: the language bar (hreflang) and the breadcrumb go, also on a page read alone", () => {
    const html = readFileSync(join(FIXTURES, "apache", "mod_env.html"), "utf8");
    // The page as written has both …
    expect(html).toContain(
      '<p><span>Available Languages: </span><a href="../../en/mod/mod_env.html"',
    );
    expect(html).toMatch(/<div id="path">\n<a href="https:\/\/www.apache.org\/">Apache<\/a> &gt; /);
    // … its text neither, with no other page to compare it with.
    const p = extractPage({ url: "http://127.0.0.1/mod_env.html", html });
    const text = p.sections.map((s) => s.text).join("\n");
    expect(text).not.toContain("Available Languages");
    expect(text).not.toContain("Apache > HTTP Server > Documentation");
    expect(section(p, "Apache Module mod_env").text).toMatch(
      /^Description:\tModifies the environment/,
    );
  });
});

describe("asides inside the main text are text", () => {
  it("Sphinx: footnotes (aside.footnote-list) end the page's last section", () => {
    const p = page("python", "tutorial-controlflow.html");
    const last = p.sections.at(-1);
    expect(last?.headingPath.at(-1)).toBe("4.9. Intermezzo: Coding Style");
    expect(last?.text).toMatch(
      /Footnotes\n\n\[1\]\n\nActually, call by object reference would be a better description, since if a mutable object is passed, the caller will see any changes the callee makes to it \(items inserted into a list\)\.$/,
    );
  });

  it("Sphinx: a sidebar (aside.sidebar) in a section is that section's, its title too", () => {
    const p = page("python", "library-logging-config.html");
    const first = section(p, "logging.config — Logging configuration");
    expect(first.text).toContain(
      "Important\n\nThis page contains only reference information. For tutorials, please see\n\n  Basic Tutorial",
    );
    // The site's own sidebar (div.sphinxsidebar, role=navigation) still goes.
    expect(pieces(p)).not.toContain("Previous topic");
  });
});

describe("site boilerplate: a table row with a linked label is content", () => {
  it("Apache manual: every row of each directive's table stays", () => {
    const p = page("apache", "mod_alias.html");
    expect(section(p, "Alias Directive").text).toMatch(
      /^Description:\tMaps URLs to filesystem locations\nSyntax:\tAlias \[URL-path\] file-path\|directory-path\nContext:\tserver config, virtual host\nStatus:\tBase\nModule:\tmod_alias\n\nThe Alias directive allows documents/,
    );
    expect(section(p, "RedirectRelative Directive").text).toContain(
      "Default:\tRedirectRelative Off\nContext:\tserver config, virtual host, directory\nStatus:\tBase\nModule:\tmod_alias\nCompatibility:\t2.4.58 and later",
    );
    expect(section(p, "Apache Module mod_alias").text).toContain(
      "Status:\tBase\nModule Identifier:\talias_module\nSource File:\tmod_alias.c",
    );
  });

  it("Apache manual: the page header, menus and footer still go", () => {
    const p = page("apache", "mod_env.html");
    const lines = pieces(p);
    for (const gone of ["Modules | Directives | FAQ | Glossary | Sitemap | Report a bug"]) {
      expect(p.sections.map((s) => s.text).join("\n")).not.toContain(gone);
    }
    expect(lines).not.toContain("Apache HTTP Server Version 2.4");
    expect(lines.some((l) => l.startsWith("Copyright"))).toBe(false);
  });
});

describe("site boilerplate: a term whose description is the page's own is content", () => {
  it("Javadoc: 'Parameters:' and 'Returns:', on every page, stay with their descriptions", () => {
    const p = page("javadoc", "Diffable.html");
    expect(section(p, "diff").text).toContain(
      "    Parameters:\n    obj - the object to diff against, can be null\n    Returns:\n    a list of differences\n    Throws:\n    NullPointerException - if the specified object is null",
    );
    expect(section(p, "Interface Diffable<T>").text).toMatch(
      /^Type Parameters:\n\nT - the type of objects that this object may be differentiated against/,
    );
  });
});
