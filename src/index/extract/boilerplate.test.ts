import { describe, expect, it } from "vitest";
import {
  createSiteBoilerplate,
  distinctFingerprints,
  MAX_LEARNT_BLOCKS,
  pageStep,
} from "./boilerplate.js";
import { extractPage } from "./extract.js";
import type { ExtractedPage } from "./types.js";

/**
 * A small site whose template says nothing about itself: a menu and a footer in plain `<div>`s
 * (no nav/footer elements, no telling classes), the same on every page.
 */
function sitePage(i: number, extra = ""): ExtractedPage {
  const html = `<html><body>
    <div class="top"><div class="brand">Acme Tools</div>
      <div class="links"><a href="/">Start</a> <a href="/shop">Shop</a> <a href="/about">About us</a></div></div>
    <div class="bar"><table><tr>
      <td><a href="/p${i - 1}">Prev</a></td><th>Page ${i} of the guide</th><td><a href="/p${i + 1}">Next</a></td>
    </tr></table></div>
    <div class="content">
      <h1 id="t${i}">Topic ${i}</h1>
      <p>Unique text about topic number ${i}, long enough to be content and nothing else at all.</p>
      ${extra}
    </div>
    <div class="bottom"><p>Copyright 2026 Acme Tools GmbH, Musterstraße 1, Berlin</p></div>
  </body></html>`;
  return extractPage({ url: `https://acme.example/p${i}`, html });
}

function text(page: ExtractedPage): string {
  return page.sections.map((s) => s.text).join("\n\n");
}

describe("site boilerplate", () => {
  it("without the site pass, the template is in the text", () => {
    const page = sitePage(1);
    expect(text(page)).toContain("Prev");
    expect(text(page)).toContain("Copyright 2026");
  });

  it("learns the template also from around an <article>, and drops it from pages without one", () => {
    // Posts wrap their text in <article>, the home and about pages do not: the footer stands
    // outside the main text of three pages, and in the whole text of two.
    const page = (path: string, inner: string) =>
      extractPage({
        url: `https://bakery.example${path}`,
        html: `<html lang="en"><body><div class="top"><a href="/">Home</a> <a href="/about">About</a></div>
          <div class="wrap">${inner}</div>
          <div class="bottom"><p>Questions? Ring the Kestrel Bakery hotline on 0800 555 0123, open daily from 7 to 19.</p></div>
          </body></html>`,
      });
    const pages = [
      page("/", "<h1>Kestrel Bakery</h1><p>Welcome to our recipe notes, written as we bake.</p>"),
      page("/about", "<h1>About us</h1><p>We have baked rye bread in Leith since 1987.</p>"),
      ...[1, 2, 3].map((i) =>
        page(
          `/p${i}`,
          `<article><h1>Post ${i}</h1><p>Post number ${i} of the notes.</p></article>`,
        ),
      ),
    ];
    expect(pages[2]?.outside?.length).toBeGreaterThan(0);
    const site = createSiteBoilerplate();
    for (const p of pages) site.learn(p);
    expect(text(site.apply(pages[0] as ExtractedPage))).toBe(
      "Welcome to our recipe notes, written as we bake.",
    );
    expect(text(site.apply(pages[1] as ExtractedPage))).toBe(
      "We have baked rye bread in Leith since 1987.",
    );
    expect(text(site.apply(pages[2] as ExtractedPage))).toBe("Post number 1 of the notes.");
  });

  it("drops the template once it has been seen on enough pages, keeps the content", () => {
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 10 }, (_, i) => sitePage(i + 1));
    for (const p of pages) site.learn(p);
    for (const [i, p] of pages.entries()) {
      const clean = site.apply(p);
      expect(text(clean)).toBe(
        `Unique text about topic number ${i + 1}, long enough to be content and nothing else at all.`,
      );
      expect(clean.sections[0]?.headingPath).toEqual([`Topic ${i + 1}`]);
      expect(clean.sections[0]?.anchor).toBe(`t${i + 1}`);
      // The page-specific title in the navigation bar goes with the bar.
      expect(text(clean)).not.toContain("of the guide");
      // The line of links ("Start Shop About us") is a menu the extraction drops itself.
      expect(clean.boilerplateBlocks).toBeGreaterThanOrEqual(5);
    }
  });

  it("learns a page of countless blocks from its edges only, and still drops the template there", () => {
    const entry = (i: number, k: number) => `<p>Entry ${k} of page ${i}</p>`;
    const many = (i: number) => Array.from({ length: MAX_LEARNT_BLOCKS }, (_, k) => entry(i, k));
    const pages = Array.from({ length: 10 }, (_, i) => sitePage(i + 1, many(i + 1).join("")));
    expect(pages[0]?.blocks.length).toBeGreaterThan(MAX_LEARNT_BLOCKS);
    expect(distinctFingerprints(pages[0]?.blocks ?? [])).toHaveLength(MAX_LEARNT_BLOCKS);
    const site = createSiteBoilerplate();
    for (const p of pages) site.learn(p);
    const clean = text(site.apply(pages[3] as ExtractedPage));
    expect(clean).not.toContain("Copyright 2026");
    expect(clean).not.toContain("About us");
    expect(clean).toContain("Entry 4000 of page 4");
  });

  it("learns incrementally: pages applied early are re-applied when the version changes", () => {
    const site = createSiteBoilerplate();
    const applied: { page: ExtractedPage; version: number; text: string }[] = [];
    for (let i = 1; i <= 6; i++) {
      const page = sitePage(i);
      site.learn(page);
      applied.push({ page, version: site.version, text: text(site.apply(page)) });
    }
    // Nothing counts as repeated before three pages.
    expect(applied[0]?.text).toContain("Prev");
    expect(applied[1]?.text).toContain("Prev");
    expect(applied[2]?.text).not.toContain("Prev");
    expect(applied[0]?.version).not.toBe(site.version);
    for (const entry of applied) {
      if (entry.version !== site.version) entry.text = text(site.apply(entry.page));
      expect(entry.text).not.toContain("Prev");
      expect(entry.text).not.toContain("Copyright");
    }
  });

  it("re-applying stale pages during a crawl ends as the final pass, at O(n log n) cost", () => {
    const site = createSiteBoilerplate();
    const seen: { page: ExtractedPage; version: number; text: string }[] = [];
    let applies = 0;
    for (let i = 1; i <= 300; i++) {
      // A second template appears on every third page from page 100 on.
      const page = sitePage(i, i >= 100 && i % 3 === 0 ? '<p><a href="/x">Shop sale</a></p>' : "");
      site.learn(page);
      seen.push({ page, version: site.version, text: text(site.apply(page)) });
      applies++;
      for (const entry of seen) {
        if (entry.version === site.version) continue;
        entry.text = text(site.apply(entry.page));
        entry.version = site.version;
        applies++;
      }
    }
    for (const entry of seen) expect(entry.text).toBe(text(site.apply(entry.page)));
    expect(applies).toBeLessThan(300 * 20);
  });

  it("pageStep grows geometrically", () => {
    expect([1, 2, 7, 8, 9, 10, 11, 12, 100, 1000].map(pageStep)).toEqual([
      1, 2, 7, 8, 8, 10, 10, 12, 97, 891,
    ]);
  });

  it("keeps headings and content that a few pages share, and content tables", () => {
    const shared =
      "<p>This command conforms to the SQL standard, as the other commands here do.</p>";
    const table = (i: number) =>
      `<table><tr><th>Name</th><th>Size</th><th>Kind</th></tr><tr><td>x${i}</td><td>1</td><td>k</td></tr></table>`;
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 20 }, (_, i) =>
      sitePage(i + 1, `<h2>Compatibility</h2>${i < 5 ? shared : ""}${table(i + 1)}`),
    );
    for (const p of pages) site.learn(p);
    const clean = site.apply(pages[0] as ExtractedPage);
    const compatibility = clean.sections.find((s) => s.headingPath.at(-1) === "Compatibility");
    expect(compatibility?.text).toBe(
      "This command conforms to the SQL standard, as the other commands here do.\n\nName\tSize\tKind\nx1\t1\tk",
    );
  });

  it("a table row's one linked label is no navigation: the rows of a key–value table stay", () => {
    const row = (label: string, value: string) =>
      `<tr><th><a href="/dict.html#${label}">${label}:</a></th><td>${value}</td></tr>`;
    const table = (i: number) =>
      `<table class="directive">${row("Syntax", `Directive${i} on|off`)}${row("Context", "server config")}${row("Status", "Base")}</table>`;
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 20 }, (_, i) => sitePage(i + 1, table(i + 1)));
    for (const p of pages) site.learn(p);
    const clean = site.apply(pages[0] as ExtractedPage);
    expect(text(clean)).toBe(
      "Unique text about topic number 1, long enough to be content and nothing else at all.\n\nSyntax:\tDirective1 on|off\nContext:\tserver config\nStatus:\tBase",
    );
  });

  it("a layout table's menu column and footer row go; the content cell beside them and data tables stay", () => {
    const page = (i: number) =>
      extractPage({
        url: `https://club.example/p${i}`,
        html:
          '<table><tr><td colspan="2">Thornbury Model Railway Club</td></tr><tr><td width="160">' +
          '<a href="/a">Our layouts</a><br><a href="/m">Membership</a><br><a href="/e">Annual exhibition</a><br>' +
          '<a href="/h">Club history</a><br>Webmaster: Alan Pike</td>' +
          `<td><h2>Topic ${i}</h2><p>What the club says about topic ${i}, in a sentence of its own.</p>` +
          "<table><tr><th>Train</th><th>Scale</th></tr><tr><td>Castle class locomotive</td><td>OO</td></tr></table></td></tr>" +
          '<tr><td colspan="2">Registered charity 1012345 · Last updated 12/03/2019 · You are visitor number 48213</td></tr></table>',
      });
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 6 }, (_, i) => page(i + 1));
    for (const p of pages) site.learn(p);
    const clean = site.apply(pages[2] as ExtractedPage);
    expect(clean.sections.map((s) => [s.headingPath, s.text])).toEqual([
      [[], "Thornbury Model Railway Club"],
      [
        ["Topic 3"],
        "What the club says about topic 3, in a sentence of its own.\nTrain\tScale\nCastle class locomotive\tOO",
      ],
    ]);
  });

  it("a term on every page stays when its description is the page's own (Javadoc's 'Returns:')", () => {
    const notes = (i: number) =>
      `<dl class="notes"><dt>Returns:</dt><dd>the count of ${i} things</dd><dt>Since:</dt><dd>3.0</dd></dl>`;
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 10 }, (_, i) => sitePage(i + 1, notes(i + 1)));
    for (const p of pages) site.learn(p);
    expect(text(site.apply(pages[0] as ExtractedPage))).toBe(
      "Unique text about topic number 1, long enough to be content and nothing else at all.\n\nReturns:\n\nthe count of 1 things",
    );
  });

  it("a document under two URLs counts once; forget and relearn", () => {
    const site = createSiteBoilerplate();
    const a = sitePage(1);
    site.learn(a);
    site.learn({ ...a, url: "https://acme.example/p1/index.html" });
    site.learn(sitePage(2));
    expect(site.pages).toBe(2);
    expect(text(site.apply(a))).toContain("Prev");
    site.learn(sitePage(3));
    expect(text(site.apply(a))).not.toContain("Prev");
    site.forget("https://acme.example/p3");
    expect(site.pages).toBe(2);
    expect(text(site.apply(a))).toContain("Prev");
    // Learning a URL again replaces what it had.
    site.learn(sitePage(3));
    site.learn(sitePage(3));
    expect(site.pages).toBe(3);
  });

  it("a page classified again sees the counts as they are now, after pages left and came back", () => {
    const site = createSiteBoilerplate();
    const pages = Array.from({ length: 8 }, (_, i) => sitePage(i + 1));
    for (const p of pages) site.learn(p);
    const first = pages[0] as ExtractedPage;
    expect(site.classify(first).some((d) => d === 1)).toBe(true);
    // Every page leaves (so do their fingerprints' counts), then some come back.
    for (const p of pages) site.forget(p.url);
    for (const p of pages.slice(0, 5)) site.learn(p);
    const fresh = createSiteBoilerplate();
    for (const p of pages.slice(0, 5)) fresh.learn(p);
    expect([...site.classify(first)]).toEqual([...fresh.classify(first)]);
    // A page that left is classified by the others' counts.
    site.forget(first.url);
    fresh.forget(first.url);
    expect([...site.classify(first)]).toEqual([...fresh.classify(first)]);
  });

  it("what was learnt carries over as JSON", () => {
    const site = createSiteBoilerplate();
    for (let i = 1; i <= 5; i++) site.learn(sitePage(i));
    const state = JSON.parse(JSON.stringify(site.toJSON()));
    const again = createSiteBoilerplate({ state });
    expect(again.pages).toBe(5);
    expect(text(again.apply(sitePage(9)))).not.toContain("Prev");
  });

  it("drops ubiquitous blocks one by one and keeps the page's own words", () => {
    const site = createSiteBoilerplate();
    const html = '<p><a href="/">Home</a></p><p><a href="/a">About</a></p>';
    const pages = Array.from({ length: 5 }, (_, i) =>
      extractPage({ url: `https://x.example/${i}`, html: `${html}<p>Page ${i}</p>` }),
    );
    for (const p of pages) site.learn(p);
    // Ubiquitous blocks go one by one; the page-wide region is not a template region.
    expect(text(site.apply(pages[0] as ExtractedPage))).toBe("Page 0");
    const lonely = extractPage({
      url: "https://x.example/z",
      html: `${html}<p>Own words here.</p>`,
    });
    expect(text(site.apply(lonely))).toBe("Own words here.");
  });
});
