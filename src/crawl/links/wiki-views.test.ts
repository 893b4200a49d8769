import { describe, expect, it } from "vitest";
import { isWikiView } from "./wiki-views.js";

const u = (path: string) => new URL(path, "https://wiki.example");

describe("a wiki's views of its pages", () => {
  it("are its edit forms, histories, old revisions, diffs, print versions and special pages", () => {
    for (const path of [
      "/w/index.php?title=Mill&action=edit",
      "/w/index.php?title=Mill&action=history",
      "/w/index.php?title=Mill&action=edit&section=2",
      "/w/index.php?title=Mill&oldid=1021",
      "/w/index.php?title=Mill&diff=1022&oldid=1021",
      "/w/index.php?title=Mill&printable=yes",
      "/w/index.php?title=Windpump&action=edit&redlink=1",
      "/w/index.php?title=Mill&veaction=edit",
      "/wiki/Special:RecentChanges",
      "/wiki/Spezial:Letzte_%C3%84nderungen",
      "/w/index.php?title=Special:WhatLinksHere/Mill",
      "/wiki/Sp%C3%A9cial:Modifications_r%C3%A9centes",
    ]) {
      expect(isWikiView(u(path)), path).toBe(true);
    }
  });

  it("are not its articles, talk pages, or other sites' parameters", () => {
    for (const path of [
      "/wiki/Mill",
      "/w/index.php?title=Mill",
      "/wiki/Talk:Mill",
      "/wiki/Help:Editing",
      "/docs/special-characters",
      "/search?q=special:x",
      "/?action=view",
    ]) {
      expect(isWikiView(u(path)), path).toBe(false);
    }
  });
});
