import { describe, expect, it } from "vitest";
import { linkTargets } from "./link-targets.js";

const direct = (href: string, page: string) => {
  try {
    const url = new URL(href, page);
    url.hash = "";
    return { href: url.href, origin: url.origin };
  } catch {
    return null;
  }
};

describe("linkTargets", () => {
  it("resolves as the URL parser does, across pages of one directory", () => {
    const pages = [
      "https://u:p@docs.example.org/manual/a.html?x=1#top",
      "https://docs.example.org/manual/b.html",
      "https://docs.example.org/manual/",
      "http://docs.example.org/manual/b.html",
    ];
    const hrefs = [
      "a.html",
      "../up.html",
      "/root.html",
      "//other.example/x",
      "?q",
      "#f",
      "",
      " a.html",
    ];
    for (const page of pages) {
      const resolve = linkTargets(new URL(page));
      for (const href of [...hrefs, "mailto:x@example.org", "http://[::1", "\tb.html"]) {
        expect(resolve(href)).toEqual(direct(href, page));
      }
    }
  });
});
