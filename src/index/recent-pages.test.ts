import { describe, expect, it } from "vitest";
import { extractPage } from "./extract/index.js";
import { RecentPages } from "./recent-pages.js";

const paragraph = "A paragraph long enough to be a view into the page's HTML. ";
const page = (url: string, paragraphs = 4) =>
  extractPage(
    {
      url,
      html: `<html><head><title>The title of ${url}</title></head><body><main><h1 id="a-long-heading-id">Heading</h1>${`<p>${paragraph.repeat(3)}</p>`.repeat(paragraphs)}</main></body></html>`,
    },
    { sections: false },
  );

describe("RecentPages", () => {
  it("keeps pages of every site apart, with the same text", () => {
    const recent = new RecentPages();
    const one = page("https://a.example/");
    const texts = one.blocks.map((b) => b.text);
    recent.remember(1, one);
    recent.remember(2, page("https://a.example/", 2));
    expect(recent.get(1, "https://a.example/")?.blocks.map((b) => b.text)).toEqual(texts);
    expect(recent.get(2, "https://a.example/")?.blocks).toHaveLength(3);
    expect(recent.get(3, "https://a.example/")).toBeUndefined();
    expect(recent.get(1, "https://a.example/")?.blocks[0]?.anchor).toBe("a-long-heading-id");
  });

  it("drops the oldest pages, of any site, beyond its budget", () => {
    const size = (() => {
      const probe = new RecentPages();
      probe.remember(1, page("https://a.example/1"));
      return probe.size;
    })();
    const recent = new RecentPages(size * 2.5);
    recent.remember(1, page("https://a.example/1"));
    recent.remember(2, page("https://b.example/1"));
    recent.remember(1, page("https://a.example/2"));
    expect(recent.get(1, "https://a.example/1")).toBeUndefined();
    expect(recent.get(2, "https://b.example/1")).toBeDefined();
    expect(recent.get(1, "https://a.example/2")).toBeDefined();
    expect(recent.size).toBeLessThanOrEqual(size * 2.5);
  });

  it("replaces a page remembered again, forgets on request, and never keeps one over budget", () => {
    const recent = new RecentPages(50_000);
    recent.remember(1, page("https://a.example/"));
    const before = recent.size;
    recent.remember(1, page("https://a.example/"));
    expect(recent.size).toBe(before);
    recent.forget(1, "https://a.example/");
    expect(recent.size).toBe(0);
    expect(recent.get(1, "https://a.example/")).toBeUndefined();
    recent.remember(1, page("https://a.example/huge", 200));
    expect(recent.get(1, "https://a.example/huge")).toBeUndefined();
    expect(recent.size).toBe(0);
  });
});
