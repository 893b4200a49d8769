/**
 * `hooty robots` as a user runs it: the built binary, real local HTTP servers for the live form.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../src/app.js";
import { CLI, jsonLines, runHooty, tempDir } from "./helpers/cli.js";

interface GoogleCase {
  case: string;
  robots: string;
  agent: string;
  url: string;
  expected: boolean;
  note?: string;
}

/**
 * One line per expectation of google/robotstxt's robots_test.cc (restated, not copied), plus the
 * RFC 9309 cases the issue names. A `note` starting "RFC over Google:" marks a case where Hooty
 * follows the RFC and the reference parser does not. Expectations that `--batch` cannot carry
 * are unit tests in src/crawl/robots: the empty URL of GoogleOnly_SystemTest (not an absolute
 * URL, so a malformed line here), IsValidUserAgentToObey, partial byte order marks (bytes, not
 * JSON text), the directive counts of RobotsStatsReporter, GetPathParamsQuery on relative
 * strings (Hooty takes absolute URLs only) and MaybeEscapePattern.
 */
const FIXTURE = resolve(import.meta.dirname, "fixtures/robots/google-cases.jsonl");

describe("the reference implementation's test cases (google/robotstxt robots_test.cc)", () => {
  it("all pass through `hooty robots --batch`", async () => {
    const input = readFileSync(FIXTURE, "utf8");
    const cases = jsonLines(input) as GoogleCase[];
    expect(cases.length).toBeGreaterThan(150);
    const result = await runHooty(["robots", "--batch"], { input });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const answers = jsonLines(result.stdout) as { allowed: boolean }[];
    expect(answers).toHaveLength(cases.length);
    const failed = cases
      .map((c, i) => ({ ...c, got: answers[i]?.allowed }))
      .filter((c) => c.got !== c.expected)
      .map((c) => `${c.case}: ${c.agent} ${c.url.slice(0, 80)} expected ${c.expected}`);
    expect(failed).toEqual([]);
  });

  it("labels every case where Hooty follows RFC 9309 instead of Google", () => {
    const cases = jsonLines(readFileSync(FIXTURE, "utf8")) as GoogleCase[];
    const departures = cases.filter((c) => c.note !== undefined);
    expect(departures.length).toBeGreaterThanOrEqual(6);
    for (const c of departures) expect(c.note).toMatch(/^RFC over Google: /);
  });
});

describe("hooty robots --batch", () => {
  it("reuses the previous line's robots and agent, skips blank lines", async () => {
    const input = [
      {
        robots: "User-agent: *\nDisallow: /x\nUser-agent: FooBot\nDisallow: /y\n",
        agent: "FooBot",
        url: "https://e.com/y",
      },
      { url: "https://e.com/x" },
      {},
      { agent: "BarBot", url: "https://e.com/x" },
      { url: "https://e.com/y" },
      { robots: "User-agent: *\nDisallow: /\n", url: "https://e.com/y" },
      { url: "https://e.com/robots.txt" },
    ]
      .map((line) => (Object.keys(line).length === 0 ? "  " : JSON.stringify(line)))
      .join("\r\n");
    const result = await runHooty(["robots", "--batch"], { input });
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      { allowed: false },
      { allowed: true },
      { allowed: false },
      { allowed: true },
      { allowed: false },
      { allowed: true },
    ]);
  });

  it("takes --agent (HootyBot by default) until a line names an agent", async () => {
    const robots = "User-agent: HootyBot\nDisallow: /\nUser-agent: OwlBot\nDisallow: /o\n";
    const input = `${JSON.stringify({ robots, url: "https://e.com/a" })}\n`;
    expect(jsonLines((await runHooty(["robots", "--batch"], { input })).stdout)).toEqual([
      { allowed: false },
    ]);
    const owl = await runHooty(["robots", "--batch", "--agent", "OwlBot"], { input });
    expect(jsonLines(owl.stdout)).toEqual([{ allowed: true }]);
  });

  it("answers a malformed line in its place with an error, answers the others, exit 2", async () => {
    const good = JSON.stringify({
      robots: "User-agent: *\nDisallow: /x\n",
      url: "https://e.com/x",
    });
    for (const [bad, why] of [
      ["{not json", /line 3: not JSON/],
      ['"a string"', /line 3: not a JSON object/],
      ['{"url": 5}', /line 3: "url" is missing/],
      ['{"url": "/relative"}', /line 3: "url" is not an absolute URL/],
      ['{"robots": 1, "url": "https://e.com/"}', /line 3: "robots" must be a string/],
      ['{"agent": [], "url": "https://e.com/"}', /line 3: "agent" must be a string/],
    ] as const) {
      const result = await runHooty(["robots", "--batch"], {
        input: `${good}\n${good}\n${bad}\n${good}\n`,
      });
      expect(result.code, bad).toBe(2);
      const answers = jsonLines(result.stdout) as { allowed: boolean | null; error?: string }[];
      expect(answers, bad).toHaveLength(4);
      expect(answers[0], bad).toEqual({ allowed: false });
      expect(answers[1], bad).toEqual({ allowed: false });
      expect(answers[2]?.allowed, bad).toBeNull();
      expect(answers[2]?.error, bad).toMatch(why);
      expect(answers[3], bad).toEqual({ allowed: false });
      expect(result.stderr.trim().split("\n"), bad).toHaveLength(1);
      expect(result.stderr, bad).toMatch(why);
    }
  });

  it("names a few bad lines in its one-line error and counts the rest", async () => {
    const good = JSON.stringify({
      robots: "User-agent: *\nDisallow: /x\n",
      url: "https://e.com/y",
    });
    const input = `${[good, "{", "[]", good, "5", "null", good].join("\n")}\n`;
    const result = await runHooty(["robots", "--batch"], { input });
    expect(result.code).toBe(2);
    const answers = jsonLines(result.stdout) as { allowed: boolean | null }[];
    expect(answers.map((a) => a.allowed)).toEqual([true, null, null, true, null, null, true]);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(
      /4 lines were not understood .*line 2: .*line 3: .*line 5: .*and 1 more/,
    );
  });

  it("needs robots on the first line", async () => {
    const result = await runHooty(["robots", "--batch"], {
      input: `${JSON.stringify({ url: "https://e.com/" })}\n`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/line 1: no "robots"/);
  });

  it("answers 100,000 lines quickly", async () => {
    const robots = `User-agent: *\n${Array.from({ length: 200 }, (_, i) => `Disallow: /p${i}/*.html$`).join("\n")}\n`;
    const lines = [JSON.stringify({ robots, agent: "HootyBot", url: "https://e.com/p1/a.html" })];
    for (let i = 1; i < 100_000; i++) {
      lines.push(
        i % 10 === 0
          ? JSON.stringify({ robots, url: `https://e.com/p${i % 300}/x${i}.html` })
          : JSON.stringify({ url: `https://e.com/p${i % 300}/x${i}.htm` }),
      );
    }
    const started = Date.now();
    const result = await runHooty(["robots", "--batch"], { input: `${lines.join("\n")}\n` });
    const elapsed = Date.now() - started;
    expect(result.code).toBe(0);
    const answers = result.stdout.split("\n").filter(Boolean);
    expect(answers).toHaveLength(100_000);
    expect(answers[0]).toBe('{"allowed":false}');
    expect(answers[10]).toBe('{"allowed":false}');
    expect(answers[11]).toBe('{"allowed":true}');
    expect(elapsed).toBeLessThan(15_000);
  });

  it("reads a line of 60 MB in linear time (a guard against a hang, not a speed test)", async () => {
    const started = Date.now();
    const result = await runHooty(["robots", "--batch"], {
      input: `${"x".repeat(60_000_000)}\n${JSON.stringify({ robots: "", url: "https://e.com/" })}\n`,
    });
    expect(result.code).toBe(2);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({ allowed: null }),
      { allowed: true },
    ]);
    // The quadratic scan took 101 s for this line.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("stops quietly when the reader of its output goes away (| head -1)", () => {
    const input = join(tempDir(), "lines.jsonl");
    const line = JSON.stringify({
      robots: "User-agent: *\nDisallow: /x\n",
      url: "https://e.com/x",
    });
    writeFileSync(input, `${Array.from({ length: 200_000 }, () => line).join("\n")}\n`);
    const result = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${CLI}" robots --batch < "${input}" | head -1`],
      { encoding: "utf8" },
    );
    expect(result.stdout).toBe('{"allowed":false}\n');
    expect(result.stderr).toBe("");
  });
});

describe("hooty robots URL… --robots-file", () => {
  const dir = tempDir();
  const file = join(dir, "robots.txt");
  writeFileSync(
    file,
    "# shop\nUser-agent: *\nDisallow: /\n\nUser-agent: HootyBot\nDisallow: /cart\nAllow: /cart/help\n",
  );

  it("prints one JSON line per URL: url, allowed, rule, line", async () => {
    const result = await runHooty([
      "robots",
      "https://shop.example/cart/1",
      "https://shop.example/cart/help",
      "https://shop.example/",
      "https://other.example/robots.txt",
      "--robots-file",
      file,
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      {
        url: "https://shop.example/cart/1",
        allowed: false,
        rule: "Disallow: /cart",
        line: 6,
        reason: expect.any(String),
      },
      {
        url: "https://shop.example/cart/help",
        allowed: true,
        rule: "Allow: /cart/help",
        line: 7,
        reason: expect.any(String),
      },
      {
        url: "https://shop.example/",
        allowed: true,
        rule: null,
        line: null,
        reason: "no rule in the group for HootyBot matches",
      },
      {
        url: "https://other.example/robots.txt",
        allowed: true,
        rule: null,
        line: null,
        reason: "/robots.txt itself is always allowed",
      },
    ]);
  });

  it("answers for --agent", async () => {
    const result = await runHooty([
      "robots",
      "https://shop.example/cart/help",
      "--robots-file",
      file,
      "--agent",
      "OtherBot",
      "--json",
    ]);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({ allowed: false, rule: "Disallow: /", line: 3 }),
    ]);
  });

  it("prints a readable line per URL without --json", async () => {
    const result = await runHooty([
      "robots",
      "https://shop.example/cart/1",
      "https://shop.example/a",
      "--robots-file",
      file,
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^disallowed\s+https:\/\/shop\.example\/cart\/1\s+Disallow: \/cart\s+\(line 6\)$/,
    );
    expect(lines[1]).toMatch(/^allowed\s+https:\/\/shop\.example\/a\s+\(no rule/);
  });

  it("notes on stderr the lines it reads differently, without --json", async () => {
    const odd = join(dir, "odd.txt");
    writeFileSync(odd, "User-agent: *\ndisalow: /x\nNoindex: /y\n");
    const human = await runHooty(["robots", "https://e.com/x", "--robots-file", odd]);
    expect(human.stderr).toContain(`${odd} line 2: "disalow" is read as Disallow`);
    expect(human.stderr).toContain(`${odd} line 3: "Noindex" is not a directive HootyBot reads`);
    expect(human.stdout).toMatch(/^disallowed/);
    const json = await runHooty(["robots", "https://e.com/x", "--robots-file", odd, "--json"]);
    expect(json.stderr).toBe("");
    // A file of thousands of such lines gets twenty notes and a count; control characters from
    // the file never reach the terminal as they are.
    const flood = join(dir, "flood.txt");
    writeFileSync(flood, `User-agent: *\n${"Noindex: /\u000e\u001b[2J\n".repeat(5_000)}`);
    const many = await runHooty(["robots", "https://e.com/x", "--robots-file", flood]);
    const notes = many.stderr.trim().split("\n");
    expect(notes).toHaveLength(21);
    expect(notes[20]).toBe(`${flood}: 4980 more lines HootyBot reads differently or not at all`);
    expect(many.stderr.includes("\u000e") || many.stderr.includes("\u001b")).toBe(false);
  });

  it("refuses bad input with one line and exit 2", async () => {
    for (const args of [
      ["robots"],
      ["robots", "not a url", "--robots-file", file],
      ["robots", "ftp://example.com/x", "--robots-file", file],
      ["robots", "https://e.com/", "--robots-file", join(dir, "missing.txt")],
      ["robots", "https://e.com/", "--robots-file", file, "--agent", "Owl Bot/1.0"],
      ["robots", "https://e.com/", "--batch"],
    ]) {
      const result = await runHooty(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });
});

describe("hooty robots URL… (live robots.txt)", () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  });

  let nextHost = 2;
  async function serve(status: number, body: string): Promise<{ origin: string; asked: string[] }> {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(`${req.url} ${req.headers["user-agent"]}`);
      res.writeHead(req.url === "/robots.txt" ? status : 404, { "content-type": "text/plain" });
      res.end(req.url === "/robots.txt" ? body : "");
    });
    servers.push(server);
    const host = `127.94.${process.pid % 250}.${nextHost++}`;
    await new Promise<void>((done) => server.listen(0, host, done));
    return { origin: `http://${host}:${(server.address() as AddressInfo).port}`, asked };
  }

  it("reads each site's own robots.txt, once per site", async () => {
    const a = await serve(200, "User-agent: *\nDisallow: /private\n");
    const b = await serve(404, "");
    const result = await runHooty([
      "robots",
      `${a.origin}/private/x`,
      `${b.origin}/private/x`,
      `${a.origin}/public`,
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({
        url: `${a.origin}/private/x`,
        allowed: false,
        rule: "Disallow: /private",
        line: 2,
      }),
      expect.objectContaining({
        url: `${b.origin}/private/x`,
        allowed: true,
        rule: null,
        line: null,
      }),
      expect.objectContaining({ url: `${a.origin}/public`, allowed: true, rule: null }),
    ]);
    expect(a.asked).toEqual([expect.stringMatching(/^\/robots\.txt .*HootyBot/)]);
    expect(b.asked).toHaveLength(1);
  });

  it("asks nothing of a domain the operator blocked, not even robots.txt", async () => {
    const site = await serve(200, "User-agent: *\nAllow: /\n");
    const host = new URL(site.origin).hostname;
    const data = tempDir();
    expect((await runHooty(["block", host, "--data", data])).code).toBe(0);
    const result = await runHooty(["robots", `${site.origin}/x`, "--data", data, "--json"]);
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({
        url: `${site.origin}/x`,
        allowed: false,
        rule: null,
        line: null,
        reason: expect.stringContaining(`the operator blocked ${host}`),
      }),
    ]);
    expect(site.asked).toEqual([]);
  });

  it("keeps the pace of the data folder's crawls, and asks nothing of a site one is reading", async () => {
    const site = await serve(200, "User-agent: *\nAllow: /\n");
    const data = tempDir();
    const store = openStore({ data });
    try {
      // Another process's crawl asked the site for something 1.5 s from now at the earliest…
      const state = await store.gates.load(site.origin);
      const notBefore = Date.now() + 1_500;
      await store.gates.save(site.origin, { ...state, nextAt: notBefore });
      let arrived = 0;
      const paced = runHooty(["robots", `${site.origin}/x`, "--data", data, "--json"]);
      const watch = setInterval(() => {
        if (arrived === 0 && site.asked.length > 0) arrived = Date.now();
      }, 5);
      const result = await paced;
      clearInterval(watch);
      expect(jsonLines(result.stdout)).toEqual([expect.objectContaining({ allowed: true })]);
      expect(site.asked).toHaveLength(1);
      expect(arrived).toBeGreaterThanOrEqual(notBefore - 10);
      // …and now another crawl is reading it: nothing is asked.
      expect(
        await store.gates.lease(
          site.origin,
          `${hostname()}/${process.pid}/crawl`,
          Date.now() + 60_000,
          Date.now(),
        ),
      ).toBe(true);
      const busy = await runHooty(["robots", `${site.origin}/x`, "--data", data, "--json"]);
      expect(busy.code).toBe(0);
      expect(jsonLines(busy.stdout)).toEqual([
        expect.objectContaining({
          allowed: false,
          rule: null,
          reason: expect.stringContaining("another Hooty crawl is reading"),
        }),
      ]);
      expect(site.asked).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it("a robots.txt answering 503 disallows every URL of the site, and says why", async () => {
    const down = await serve(503, "");
    const result = await runHooty(["robots", `${down.origin}/`, `${down.origin}/a`, "--json"]);
    expect(result.code).toBe(0);
    const verdicts = jsonLines(result.stdout) as { allowed: boolean; rule: null; reason: string }[];
    expect(verdicts).toHaveLength(2);
    for (const verdict of verdicts) {
      expect(verdict).toMatchObject({ allowed: false, rule: null, line: null });
      expect(verdict.reason).toMatch(/unreachable.*503/);
    }
  });

  it("an unreachable site disallows too, and notes the fetch on stderr without --json", async () => {
    const gone = await serve(200, "");
    const origin = gone.origin;
    await new Promise((done) => servers.pop()?.close(done));
    const result = await runHooty(["robots", `${origin}/x`, "--timeout", "2"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^disallowed\s+http:\/\/127\.94\.\S+\/x\s+\(robots\.txt is unreachable/,
    );
    expect(result.stderr).toMatch(/robots\.txt: unreachable/);
  });
});
