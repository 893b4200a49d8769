import { describe, expect, it } from "vitest";
import { parseSitemap } from "./parse.js";

describe("parseSitemap", () => {
  it("reads a urlset and a sitemap index", () => {
    const urlset = parseSitemap(`<?xml version="1.0"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc> https://x.org/a?b=1&amp;c=2 </loc><lastmod>2024-01-01</lastmod></url>
        <url><loc><![CDATA[https://x.org/b]]></loc></url>
      </urlset>`);
    expect(urlset).toEqual({
      kind: "urlset",
      locations: ["https://x.org/a?b=1&c=2", "https://x.org/b"],
    });
    const index = parseSitemap(
      `<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>https://x.org/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>`,
    );
    expect(index).toEqual({ kind: "index", locations: ["https://x.org/s1.xml"] });
  });

  it("stays linear and bounded on hostile input", () => {
    expect(parseSitemap("<loc>".repeat(100_000)).locations).toEqual([]);
    expect(
      parseSitemap(`<urlset>${"<url><loc>https://x.org/p</loc></url>".repeat(1000)}`, 10).locations,
    ).toHaveLength(10);
    expect(parseSitemap("not xml at all").kind).toBe("unknown");
  });
});
