/** `hooty pages` and `hooty refresh` through the built command line, against a real site. */
import { describe, expect, it } from "vitest";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { site } from "../helpers/crawl.js";
import { html } from "../servers/site.js";
import { markedPage } from "./index-helpers.js";

describe("hooty pages and hooty refresh", () => {
  it("lists the indexed pages, and refresh removes what robots.txt now disallows", async () => {
    let robots = "User-agent: *\nAllow: /\n";
    const s = await site({
      "/robots.txt": (_req, res) =>
        res.writeHead(200, { "content-type": "text/plain" }).end(robots),
      "/": html(markedPage("homeword", ["/docs", "/drafts"])),
      "/docs": html(markedPage("docsword")),
      "/drafts": html(markedPage("draftsword")),
    });
    const data = tempDir();
    const crawled = await runHooty(["crawl", `${s.origin}/`, "--data", data, "--json"]);
    expect(crawled.code, crawled.stderr).toBe(0);

    const pages = await runHooty(["pages", s.origin, "--data", data, "--json"]);
    expect(pages.code, pages.stderr).toBe(0);
    const listed = jsonLines(pages.stdout) as Record<string, unknown>[];
    expect(listed.map((p) => new URL(p.url as string).pathname).sort()).toEqual([
      "/",
      "/docs",
      "/drafts",
    ]);
    for (const page of listed) {
      expect(Object.keys(page).sort()).toEqual(["fetchedAt", "lang", "title", "url"]);
      expect(page.lang).toBe("en");
      expect(new Date(page.fetchedAt as string).toISOString()).toBe(page.fetchedAt);
    }

    robots = "User-agent: HootyBot\nDisallow: /drafts\n";
    const refreshed = await runHooty(["refresh", "--data", data, "--json"]);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(jsonLines(refreshed.stdout)).toEqual([
      {
        site: s.origin,
        robots: "rules",
        status: 200,
        pages: { checked: 3, removed: 1 },
        detail: expect.stringContaining("disallows 1"),
      },
    ]);
    const after = await runHooty(["pages", s.origin, "--data", data, "--json"]);
    expect(
      (jsonLines(after.stdout) as { url: string }[]).map((p) => new URL(p.url).pathname).sort(),
    ).toEqual(["/", "/docs"]);

    const named = await runHooty(["refresh", s.origin, "--data", data]);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain("robots.txt rules, 2 pages checked, 0 removed");

    const unknown = await runHooty(["refresh", "https://unknown.example", "--data", data]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
  }, 30_000);
});
