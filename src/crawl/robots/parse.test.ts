import { describe, expect, it } from "vitest";
import { directiveOf, MAX_LINE_BYTES, parseRobotsTxt, type RobotsTxtHandler } from "./parse.js";

/** Every event the tokenizer emits, as `line key value`. */
function events(text: string): string[] {
  const seen: string[] = [];
  const record =
    (key: string) =>
    (line: number, value: string): void => {
      seen.push(`${line} ${key} ${value}`);
    };
  const handler: RobotsTxtHandler = {
    userAgent: record("user-agent"),
    allow: record("allow"),
    disallow: record("disallow"),
    crawlDelay: record("crawl-delay"),
    sitemap: record("sitemap"),
    unknown: (line, key, value) => seen.push(`${line} ?${key} ${value}`),
    invalid: (line, value) => seen.push(`${line} ! ${value}`),
  };
  parseRobotsTxt(text, handler);
  return seen;
}

describe("RFC 9309 §2.2 formal syntax: lines", () => {
  it("counts lines the same with LF, CRLF, CR, mixed endings and no final line ending", () => {
    const lines = [
      "User-Agent: foo",
      "Allow: /some/path",
      "User-Agent: bar",
      "",
      "",
      "Disallow: /",
    ];
    const expected = ["1 user-agent foo", "2 allow /some/path", "3 user-agent bar", "6 disallow /"];
    expect(events(`${lines.join("\n")}\n`)).toEqual(expected);
    expect(events(`${lines.join("\r\n")}\r\n`)).toEqual(expected);
    expect(events(`${lines.join("\r")}\r`)).toEqual(expected);
    expect(events(lines.join("\n"))).toEqual(expected);
    expect(
      events("User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /"),
    ).toEqual(expected);
  });

  it("strips comments and white space; the value may be empty", () => {
    expect(events("  Disallow :\t/a b  # why\n# only a comment\nallow:\n")).toEqual([
      "1 disallow /a b",
      "3 allow ",
    ]);
  });

  it("keeps colons after the first one in the value", () => {
    expect(events("Sitemap: https://example.com/s.xml\n")).toEqual([
      "1 sitemap https://example.com/s.xml",
    ]);
  });

  it("reports unknown keys and unreadable lines to handlers that want them", () => {
    expect(events("Noindex: /x\njust words here\n: /x\nword\n")).toEqual([
      "1 ?Noindex /x",
      "2 ! just words here",
      "3 ! : /x",
      "4 ! word",
    ]);
  });
});

describe("Google-only: lenient keys and lines", () => {
  it("names directives by case-insensitive prefix, common misspellings included", () => {
    const cases: [string, string | null][] = [
      ["User-agent", "user-agent"],
      ["useragent", "user-agent"],
      ["User Agent", "user-agent"],
      ["ALLOW", "allow"],
      ["Disallow", "disallow"],
      ["dissallow", "disallow"],
      ["dissalow", "disallow"],
      ["disalow", "disallow"],
      ["diasllow", "disallow"],
      ["disallaw", "disallow"],
      ["Crawl-delay", "crawl-delay"],
      ["crawldelay", "crawl-delay"],
      ["Sitemap", "sitemap"],
      ["site-map", "sitemap"],
      ["Host", null],
      ["disllow", null],
    ];
    for (const [key, directive] of cases) expect(directiveOf(key), key).toBe(directive);
  });

  it("takes white space for a missing colon when the line is exactly two words", () => {
    expect(events("user-agent FooBot\ndisallow\t/\nallow / x\n")).toEqual([
      "1 user-agent FooBot",
      "2 disallow /",
      "3 ! allow / x",
    ]);
  });

  it("cuts a line at 16,663 bytes, before looking for a comment", () => {
    const value = `/${"a".repeat(MAX_LINE_BYTES)}`;
    const [event] = events(`disallow: ${value}#c\nallow: /x\n`);
    expect(event).toBe(`1 disallow ${value.slice(0, MAX_LINE_BYTES - "disallow: ".length)}`);
    const wide = `/${"é".repeat(MAX_LINE_BYTES)}`;
    const [cut] = events(`disallow: ${wide}\n`);
    expect(Buffer.byteLength(cut?.slice(2) ?? "")).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(Buffer.byteLength(cut?.slice(2) ?? "")).toBeGreaterThan(MAX_LINE_BYTES - 2);
  });

  it("skips a byte order mark at the start only", () => {
    expect(events("\uFEFFUser-Agent: foo\nAllow: /AnyValue\n")).toEqual([
      "1 user-agent foo",
      "2 allow /AnyValue",
    ]);
    expect(events("User-Agent: foo\n\uFEFFAllow: /AnyValue\n")).toEqual([
      "1 user-agent foo",
      "2 ?\uFEFFAllow /AnyValue",
    ]);
  });
});
