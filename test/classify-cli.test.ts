import { describe, expect, it } from "vitest";
import { jsonLines, runHooty } from "./helpers/cli.js";

const page = (body: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    url: "https://example.org/",
    status: 200,
    headers: { "content-type": "text/html" },
    body,
    ...extra,
  });

describe("hooty classify --batch", () => {
  it("answers one line per input line, in order, with kind, product and detail", async () => {
    const input = [
      page("<html><body><h1>Hello</h1><p>An ordinary page.</p></body></html>"),
      page("<html><head><title>Just a moment...</title></head><body></body></html>", {
        status: 403,
        headers: { "Content-Type": "text/html", "CF-Mitigated": "challenge", Server: "cloudflare" },
      }),
      page('<div id="root"></div><script src="/main.js"></script>'),
      page("%PDF-1.7", { headers: { "content-type": "application/pdf" } }),
      "",
      page('<meta name="robots" content="noindex"><p>Private page text.</p>'),
    ].join("\n");
    const result = await runHooty(["classify", "--batch"], { input });
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout) as {
      kind: string;
      product: string | null;
      detail: string;
    }[];
    expect(lines.map((l) => [l.kind, l.product])).toEqual([
      ["content", null],
      ["bot-protection", "Cloudflare"],
      ["js-rendered", null],
      ["not-html", null],
      ["noindex", null],
    ]);
    for (const line of lines) expect(typeof line.detail).toBe("string");
  });

  it("streams very large lines", async () => {
    const body = `<html><body>${"<p>Long text about gardening and the seasons.</p>".repeat(200_000)}</body></html>`;
    const result = await runHooty(["classify", "--batch"], {
      input: `${page(body)}\n${page("<p>next</p>")}\n`,
    });
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout).map((l) => (l as { kind: string }).kind)).toEqual([
      "content",
      "content",
    ]);
  });

  it("answers a line over 64 MiB as bad, in one line, and goes on", async () => {
    const result = await runHooty(["classify", "--batch"], {
      input: `${"x".repeat(64 * 1024 * 1024 + 1)}\n${page("<p>next</p>")}\n`,
    });
    expect(result.code).toBe(2);
    const lines = jsonLines(result.stdout) as { kind: string | null; error?: string }[];
    expect(lines.map((l) => l.kind)).toEqual([null, "content"]);
    expect(lines[0]?.error).toBe("line 1: longer than 64 MiB, not read");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("reads a first line that starts with a byte-order mark", async () => {
    const result = await runHooty(["classify", "--batch"], {
      input: `\uFEFF${page("<p>fine</p>")}\n`,
    });
    expect(result.code).toBe(0);
    expect(jsonLines(result.stdout).map((l) => (l as { kind: string }).kind)).toEqual(["content"]);
  });

  it("answers a malformed line in its place with an error, the others as usual, exit 2", async () => {
    const input = [page("<p>fine</p>"), "{not json", page("<p>still read</p>")].join("\n");
    const result = await runHooty(["classify", "--batch"], { input });
    expect(result.code).toBe(2);
    const answers = jsonLines(result.stdout) as { kind: string | null; error?: string }[];
    expect(answers.map((a) => a.kind)).toEqual(["content", null, "content"]);
    expect(answers[1]).toMatchObject({
      product: null,
      error: expect.stringMatching(/^line 2: not JSON/),
    });
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^hooty: .*line 2/);
  });

  it("rejects a line that is not a response object", async () => {
    const bad = ["[1,2]", '{"status":"200","body":""}', '{"body":42}', '{"headers":[]}'];
    const results = await Promise.all(
      bad.map((line) => runHooty(["classify", "--batch"], { input: `${line}\n` })),
    );
    results.forEach((result, i) => {
      expect(result.code, bad[i]).toBe(2);
      expect(result.stderr).toMatch(/^hooty: .*line 1/);
    });
  });

  it("needs --batch", async () => {
    const result = await runHooty(["classify"]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
