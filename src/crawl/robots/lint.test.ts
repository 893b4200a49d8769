import { describe, expect, it } from "vitest";
import { lintRobots } from "./lint.js";

describe("hooty: notes on the lines HootyBot reads differently or not at all", () => {
  it("says nothing about a clean file", () => {
    expect(
      lintRobots(
        "# ok\nUser-agent: *\nDisallow: /x\nAllow: /x/y\nCrawl-delay: 2\n\nSitemap: https://e.com/s.xml\n",
      ),
    ).toEqual([]);
  });

  it("names each line and what happens to it", () => {
    const text = [
      "Disallow: /early",
      "User agent: HootyBot",
      "disalow: /x",
      "Disallow: private",
      "Crawl-delay: soon",
      "Noindex: /y",
      "just some words",
      "User-agent: /path",
      "Sitemap: /sitemap_index.xml",
      "Sitemap: //cdn.example/sitemap.xml",
      "Sitemap: https://e.com/s.xml",
    ].join("\n");
    expect(lintRobots(text)).toEqual([
      { line: 1, message: "a rule before the first User-agent line belongs to no group: ignored" },
      { line: 2, message: '"User agent" is read as User-agent' },
      { line: 3, message: '"disalow" is read as Disallow' },
      { line: 4, message: '"private" does not start with "/" or "*": it matches no URL' },
      { line: 5, message: '"soon" is not a number of seconds: ignored' },
      { line: 6, message: '"Noindex" is not a directive HootyBot reads: ignored' },
      { line: 7, message: 'not a "key: value" line: ignored' },
      { line: 8, message: '"/path" names no crawler' },
      {
        line: 9,
        message:
          '"/sitemap_index.xml" is not a full URL: HootyBot reads it on the site itself, other crawlers may not',
      },
    ]);
  });
});
