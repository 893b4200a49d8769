/** `hooty crawl` as a user runs it: the built binary, a real site, the JSON report of CONTRACT.md. */
import { describe, expect, it } from "vitest";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { htmlRoute, pageHtml, pagesSite, paths, site } from "../helpers/crawl.js";

describe("hooty crawl", () => {
  it("prints one report per site with --json, and progress only on stderr", async () => {
    const a = await site(pagesSite(2));
    const b = await site({ ...pagesSite(0), "/": htmlRoute(pageHtml("B", ["/missing"])) });
    const data = tempDir();
    const result = await runHooty([
      "crawl",
      `${a.origin}/`,
      `${b.origin}/`,
      "--data",
      data,
      "--json",
      "--max-pages",
      "10",
    ]);
    expect(result.code).toBe(0);
    const reports = jsonLines(result.stdout) as Record<string, unknown>[];
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(Object.keys(report)).toEqual(
        expect.arrayContaining(["site", "outcome", "pages", "skipped", "problems", "requests"]),
      );
      expect(Object.keys(report.skipped as object).sort()).toEqual([
        "duplicate",
        "error",
        "limit",
        "noindex",
        "not-html",
        "off-site",
        "robots",
        "unsafe",
      ]);
    }
    const [ra, rb] = [a, b].map((s) => reports.find((r) => r.site === s.origin));
    expect(ra).toMatchObject({
      outcome: "completed",
      pages: { fetched: 3, indexed: 3 },
      problems: [],
    });
    expect(rb).toMatchObject({
      outcome: "completed",
      problems: [{ kind: "http-error", url: `${b.origin}/missing`, status: 404 }],
    });
    expect(result.stderr).toContain(a.origin);

    const pages = await runHooty(["pages", a.origin, "--data", data, "--json"]);
    expect(jsonLines(pages.stdout)).toEqual(
      expect.arrayContaining([
        { url: `${a.origin}/`, title: "Home", lang: "en", fetchedAt: expect.any(String) },
      ]),
    );
  });

  it("stops at Ctrl-C or SIGTERM with exit 130 or 143 and one line, and the same command resumes", async () => {
    for (const [signal, code] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const) {
      const s = await site(pagesSite(6));
      const data = tempDir();
      const args = ["crawl", `${s.origin}/`, "--data", data, "--json"];
      const stopped = await runHooty(args, { signalOn: { when: /crawling/, signal } });
      expect(stopped.code, signal).toBe(code);
      expect(stopped.stdout, signal).toBe("");
      expect(stopped.stderr.trim().split("\n").at(-1), signal).toBe(
        "hooty: interrupted: run the same command again to resume",
      );
      const resumed = await runHooty(args);
      expect(resumed.code, signal).toBe(0);
      expect(jsonLines(resumed.stdout)[0], signal).toMatchObject({
        outcome: "completed",
        pages: { fetched: 7, indexed: 7 },
      });
    }
  });

  it("stopped by a signal, still prints the reports of the sites that finished before it", async () => {
    const small = await site(pagesSite(0));
    const large = await site(pagesSite(12));
    const args = ["crawl", `${small.origin}/`, `${large.origin}/`, "--data", tempDir(), "--json"];
    const stopped = await runHooty(args, { signalOn: { when: /\bdone\b/, signal: "SIGTERM" } });
    expect(stopped.code).toBe(143);
    expect(jsonLines(stopped.stdout)).toEqual([
      expect.objectContaining({ site: small.origin, outcome: "completed" }),
    ]);
    expect(stopped.stderr.trim().split("\n").at(-1)).toBe(
      "hooty: interrupted: run the same command again to resume",
    );
  });

  it("tells people what to do about each problem, without --json", async () => {
    const challenged = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        '<!doctype html><html><head><title>Just a moment...</title></head><body><div id="challenge-running"></div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script></body></html>',
        403,
        { server: "cloudflare", "cf-ray": "8abc123def-FRA" },
      ),
    });
    const result = await runHooty(["crawl", `${challenged.origin}/`, "--data", tempDir()]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    const problem = lines.findIndex((line) => line.startsWith("  bot-protection "));
    expect(lines[problem]).toContain("Cloudflare");
    expect(lines[problem + 1]).toMatch(/^ {4}what to do: .*HootyBot/);
    expect(lines[problem + 2]).toBe("    guide: https://hooty.to/bot/allow/cloudflare");
  });

  it("tells people how many pages were skipped and why, without --json", async () => {
    const hidden = (title: string) =>
      htmlRoute(pageHtml(title, [], '<meta name="robots" content="noindex">'));
    const s = await site({
      ...pagesSite(0, "User-agent: *\nDisallow: /private\n"),
      "/": htmlRoute(pageHtml("Home", ["/a", "/b", "/private"])),
      "/a": hidden("A"),
      "/b": hidden("B"),
    });
    const result = await runHooty(["crawl", `${s.origin}/`, "--data", tempDir()]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[1]).toBe("  skipped: 1 robots, 2 noindex");
  });

  it("crawls many sites at once without Node warning of a leak on stderr", async () => {
    // Every site listens for Ctrl-C: past ten listeners on one signal Node prints a leak warning.
    const sites = await Promise.all(Array.from({ length: 12 }, () => site(pagesSite(0))));
    const result = await runHooty([
      "crawl",
      ...sites.map((s) => `${s.origin}/`),
      "--data",
      tempDir(),
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toHaveLength(12);
    expect(result.stderr).not.toMatch(/Warning/);
  });

  it("answers bad input with one line and exit 2", async () => {
    for (const args of [
      ["crawl"],
      ["crawl", "ftp://example.org/"],
      ["crawl", "https://x.example/", "--max-pages", "0"],
      ["crawl", "https://x.example/", "--max-pages", "99999999999999999999"],
      ["crawl", "https://x.example/", "--timeout", "-1"],
      ["crawl", "https://user:secret@x.example/"],
    ]) {
      const result = await runHooty([...args, "--data", tempDir()]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stdout).toBe("");
    }
    const signIn = await runHooty(["crawl", "https://user:secret@x.example/", "--data", tempDir()]);
    expect(signIn.stderr).toMatch(/user name or password/);
    expect(signIn.stderr).not.toContain("secret");
  });
  it("says in one line that another process is crawling the site, and exits 1", async () => {
    const s = await site(pagesSite(6));
    const data = tempDir();
    const first = runHooty(["crawl", `${s.origin}/`, "--data", data, "--json"]);
    // The first crawl holds the site once it has asked for robots.txt.
    for (let i = 0; i < 100 && !paths(s.log).includes("/robots.txt"); i++) {
      await new Promise((done) => setTimeout(done, 50));
    }
    const second = await runHooty(["crawl", `${s.origin}/`, "--data", data, "--json"]);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe("");
    expect(second.stderr.trim().split("\n")).toHaveLength(1);
    expect(second.stderr).toMatch(/another Hooty crawl is reading/);
    expect((await first).code).toBe(0);
  });
});
