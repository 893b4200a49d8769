import { describe, expect, it } from "vitest";
import { ROBOTS_MAX_BYTES } from "./body.js";
import { isValidProductToken, parseRobots } from "./robots.js";

/** May `agent` fetch `url` under this robots.txt? (`url` absolute or a path on example.com) */
function allowed(robots: string, url: string, agent = "FooBot"): boolean {
  return parseRobots(robots).allows(url.startsWith("/") ? `https://example.com${url}` : url, agent);
}

function decide(robots: string, path: string, agent = "FooBot") {
  return parseRobots(robots).decide(`https://example.com${path}`, agent);
}

describe("RFC 9309 §2.1 protocol definition: groups and rules", () => {
  it("a group is one or more user-agent lines followed by rules", () => {
    const robots = "user-agent: FooBot\nuser-agent: BarBot\ndisallow: /x\n";
    expect(allowed(robots, "/x", "FooBot")).toBe(false);
    expect(allowed(robots, "/x", "BarBot")).toBe(false);
    expect(allowed(robots, "/x", "BazBot")).toBe(true);
  });

  it("a group ends at the next user-agent line that follows a rule", () => {
    const robots = "user-agent: FooBot\ndisallow: /x\nuser-agent: BarBot\ndisallow: /y\n";
    expect(allowed(robots, "/y", "FooBot")).toBe(true);
    expect(allowed(robots, "/x", "BarBot")).toBe(true);
  });

  it("the last group may have no rules: it allows everything", () => {
    const robots = "user-agent: *\ndisallow: /\n\nuser-agent: QuxBot\n";
    expect(allowed(robots, "/anything", "QuxBot")).toBe(true);
    expect(allowed(robots, "/anything", "OtherBot")).toBe(false);
  });
});

describe("RFC 9309 §2.2 formal syntax", () => {
  it("reads keys case-insensitively, with or without white space around the colon", () => {
    for (const robots of [
      "USER-AGENT:FooBot\nDISALLOW:/x\n",
      "  User-Agent  :  FooBot  \n\tDisallow\t:\t/x\t\n",
    ]) {
      expect(allowed(robots, "/x")).toBe(false);
      expect(allowed(robots, "/y")).toBe(true);
    }
  });

  it("skips comments and blank lines, and ends lines at CR, LF or CRLF", () => {
    for (const eol of ["\n", "\r", "\r\n"]) {
      const robots = [
        "# top",
        "user-agent: FooBot # me",
        "",
        "  ",
        "disallow: /x # not /y",
        "",
      ].join(eol);
      expect(allowed(robots, "/x"), JSON.stringify(eol)).toBe(false);
      expect(allowed(robots, "/y"), JSON.stringify(eol)).toBe(true);
      expect(decide(robots, "/x").line).toBe(5);
    }
  });

  it("reads a last line without a line ending", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /x", "/x")).toBe(false);
  });
});

describe("RFC 9309 §2.3.1.5 parsing errors", () => {
  it("uses the lines it can read and skips the others", () => {
    const robots = "user-agent: FooBot\n???\nnoindex: /x\n\u0000\u0001\ndisallow: /y\n";
    expect(allowed(robots, "/x")).toBe(true);
    expect(allowed(robots, "/y")).toBe(false);
  });

  it("reads a file that is not robots.txt at all as no rules", () => {
    expect(allowed("<!doctype html><html><body>Not found</body></html>", "/x")).toBe(true);
  });
});

describe("RFC 9309 §2.2.1 the user-agent line", () => {
  it("a product token is letters, _ and - only", () => {
    for (const token of ["Foobot", "Foobot-Bar", "Foo_Bar", "HootyBot"]) {
      expect(isValidProductToken(token), token).toBe(true);
    }
    for (const token of ["", "ツ", "Foobot*", " Foobot ", "Foobot/2.1", "Foobot Bar"]) {
      expect(isValidProductToken(token), token).toBe(false);
    }
  });

  it("matches the product token case-insensitively", () => {
    const robots = "User-agent: hOOTYbOT\nDisallow: /\n";
    expect(parseRobots(robots).allows("https://example.com/", "HootyBot")).toBe(false);
    expect(parseRobots(robots).allows("https://example.com/")).toBe(false);
  });

  it("merges every group that names the crawler (Table 2)", () => {
    const robots =
      "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n";
    for (const path of ["/foo", "/bar", "/baz"]) {
      expect(allowed(robots, path, "ExampleBot")).toBe(false);
    }
    expect(allowed(robots, "/qux", "ExampleBot")).toBe(true);
  });

  it("obeys the * group when no group names the crawler (Table 3)", () => {
    const robots =
      "user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n";
    expect(allowed(robots, "/foo", "ExampleBot")).toBe(false);
    expect(allowed(robots, "/bar", "ExampleBot")).toBe(false);
    expect(allowed(robots, "/baz", "ExampleBot")).toBe(true);
  });

  it("merges several * groups too", () => {
    const robots =
      "user-agent: *\ndisallow: /a\nuser-agent: BazBot\ndisallow: /\nuser-agent: *\ndisallow: /b\n";
    expect(allowed(robots, "/a")).toBe(false);
    expect(allowed(robots, "/b")).toBe(false);
    expect(allowed(robots, "/c")).toBe(true);
  });

  it("does not fall back to * when a group names the crawler, even one without rules", () => {
    const robots = "user-agent: *\ndisallow: /\n\nuser-agent: FooBot\n";
    expect(allowed(robots, "/x")).toBe(true);
    expect(decide(robots, "/x")).toMatchObject({ allowed: true, reason: "no-rule", rule: null });
  });

  it("applies no rule when no group matches and there is no * group, or no group at all", () => {
    expect(allowed("user-agent: BarBot\ndisallow: /\n", "/x")).toBe(true);
    expect(decide("user-agent: BarBot\ndisallow: /\n", "/x").reason).toBe("no-group");
    expect(allowed("", "/x")).toBe(true);
  });
});

describe("RFC 9309 §2.2.2 the allow and disallow lines", () => {
  it("matches from the first octet of the path, case-sensitively", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /x/\n", "/x/y")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: /X/\n", "/x/y")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow: x/\n", "/x/y")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow: /y\n", "/x/y")).toBe(true);
  });

  it("uses the most specific (longest) match, whatever the order", () => {
    const a = "user-agent: FooBot\nallow: /example/page/\ndisallow: /example/page/disallowed.gif\n";
    const b = "user-agent: FooBot\ndisallow: /example/page/disallowed.gif\nallow: /example/page/\n";
    for (const robots of [a, b]) {
      expect(allowed(robots, "/example/page/disallowed.gif")).toBe(false);
      expect(allowed(robots, "/example/page/other.gif")).toBe(true);
    }
  });

  it("prefers allow when an allow and a disallow rule are equivalent", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /x\nallow: /x\n", "/x")).toBe(true);
    expect(allowed("user-agent: FooBot\nallow: /x\ndisallow: /x\n", "/x/y")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow: /*.html\nallow: /page.*\n", "/page.html")).toBe(
      true,
    );
  });

  it("allows when nothing matches; an empty disallow allows everything", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /x\n", "/y")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow:\n", "/y")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow: \nallow:\n", "/")).toBe(true);
  });

  it("always allows /robots.txt", () => {
    expect(decide("user-agent: *\ndisallow: /\n", "/robots.txt")).toEqual({
      allowed: true,
      rule: null,
      line: null,
      reason: "robots-txt",
    });
    expect(allowed("user-agent: *\ndisallow: /\n", "/robots.txt?x=1")).toBe(false);
  });

  it("matches the query string as part of the path", () => {
    const robots = "user-agent: FooBot\ndisallow: /search?q=\ndisallow: /*&sort=\n";
    expect(allowed(robots, "/search?q=owls")).toBe(false);
    expect(allowed(robots, "/search")).toBe(true);
    expect(allowed(robots, "/list?page=2&sort=asc")).toBe(false);
    expect(allowed(robots, "/list?page=2")).toBe(true);
  });

  it("ignores the fragment", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /x$\n", "/x#top")).toBe(false);
  });

  it("ignores rules before the first user-agent line", () => {
    const robots = "disallow: /x\nuser-agent: FooBot\ndisallow: /y\n";
    expect(allowed(robots, "/x")).toBe(true);
    expect(allowed(robots, "/y")).toBe(false);
  });

  it("compares percent-encoded forms (Table 4)", () => {
    const rule = (path: string) => `user-agent: FooBot\ndisallow: /\nallow: ${path}\n`;
    // /foo/bar?baz=quz
    expect(allowed(rule("/foo/bar?baz=quz"), "/foo/bar?baz=quz")).toBe(true);
    // /foo/bar?baz=https://foo.bar: reserved characters stay as they are written
    expect(
      allowed(rule("/foo/bar?baz=https%3A%2F%2Ffoo.bar"), "/foo/bar?baz=https%3A%2F%2Ffoo.bar"),
    ).toBe(true);
    expect(allowed(rule("/foo/bar?baz=https://foo.bar"), "/foo/bar?baz=https://foo.bar")).toBe(
      true,
    );
    // U+30C4 written raw in the rule, percent-encoded in the URL, and the reverse
    expect(allowed(rule("/foo/bar/ツ"), "/foo/bar/%E3%83%84")).toBe(true);
    expect(allowed(rule("/foo/bar/%E3%83%84"), "https://example.com/foo/bar/ツ")).toBe(true);
    expect(allowed(rule("/foo/bar/%e3%83%84"), "/foo/bar/%E3%83%84")).toBe(true);
    // unreserved characters percent-encoded are the characters themselves
    expect(allowed(rule("/foo/bar/%62%61%7A"), "/foo/bar/baz")).toBe(true);
    expect(allowed(rule("/foo/bar/baz"), "/foo/bar/%62%61%7A")).toBe(true);
    expect(allowed(rule("/~joe"), "/%7Ejoe")).toBe(true);
    expect(allowed(rule("/%7ejoe"), "/~joe")).toBe(true);
  });

  it("keeps %2F apart from /", () => {
    const robots = "user-agent: FooBot\ndisallow: /a/b\n";
    expect(allowed(robots, "/a/b")).toBe(false);
    expect(allowed(robots, "/a%2Fb")).toBe(true);
    expect(allowed("user-agent: FooBot\ndisallow: /a%2fb\n", "/a%2Fb")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: /a%2fb\n", "/a/b")).toBe(true);
  });

  it("encodes what may not appear raw in a URL the way browsers do", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /a b\n", "/a%20b")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: /é\n", "/%C3%A9")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: /q?x='y'\n", "/q?x='y'")).toBe(false);
  });
});

describe("RFC 9309 §2.2.3 special characters", () => {
  it("# starts a comment, also after a rule", () => {
    const robots = "user-agent: FooBot\n# disallow: /\ndisallow: /foo/quz#qux\nallow: /\n";
    expect(allowed(robots, "/foo/bar")).toBe(true);
    expect(allowed(robots, "/foo/quz")).toBe(false);
  });

  it("$ ends the pattern", () => {
    const robots = "user-agent: FooBot\nallow: /this/path/exactly$\ndisallow: /\n";
    expect(allowed(robots, "/this/path/exactly")).toBe(true);
    expect(allowed(robots, "/this/path/exactly/")).toBe(false);
    expect(allowed(robots, "/this/path/exactly?x")).toBe(false);
  });

  it("$ elsewhere is literal", () => {
    const robots = "user-agent: FooBot\ndisallow: /a$b\n";
    expect(allowed(robots, "/a$b")).toBe(false);
    expect(allowed(robots, "/a")).toBe(true);
  });

  it("* stands for any run of characters, / included", () => {
    const robots = "user-agent: FooBot\nallow: /this/*/exactly\ndisallow: /\n";
    expect(allowed(robots, "/this/a/exactly")).toBe(true);
    expect(allowed(robots, "/this/a/b/c/exactly/more")).toBe(true);
    expect(allowed(robots, "/this//exactly")).toBe(true);
    expect(allowed(robots, "/this/exactly")).toBe(false);
  });

  it("combines * and $, several times", () => {
    const robots = "user-agent: FooBot\ndisallow: /*.gif$\ndisallow: /*a*b*c$\n";
    expect(allowed(robots, "/img/x.gif")).toBe(false);
    expect(allowed(robots, "/img/x.gif?v=2")).toBe(true);
    expect(allowed(robots, "/xaybzc")).toBe(false);
    expect(allowed(robots, "/xaybzcd")).toBe(true);
    expect(allowed(robots, "/abc")).toBe(false);
    expect(allowed(robots, "/cba")).toBe(true);
  });

  it("a trailing * changes nothing but the length", () => {
    expect(allowed("user-agent: FooBot\ndisallow: /fish*\n", "/fish")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: /fish*$\n", "/fishes")).toBe(false);
    expect(allowed("user-agent: FooBot\ndisallow: *\n", "/anything")).toBe(false);
  });

  it("percent-encoded * and $ match them literally (Table 6)", () => {
    const star = "user-agent: FooBot\ndisallow: /path/file-with-a-%2A.html\n";
    expect(allowed(star, "https://www.example.com/path/file-with-a-*.html")).toBe(false);
    expect(allowed(star, "https://www.example.com/path/file-with-a-x.html")).toBe(true);
    const dollar = "user-agent: FooBot\ndisallow: /path/foo-%24\n";
    expect(allowed(dollar, "https://www.example.com/path/foo-$")).toBe(false);
    expect(allowed(dollar, "https://www.example.com/path/foo-$x")).toBe(false);
    expect(allowed(dollar, "https://www.example.com/path/foo-")).toBe(true);
  });

  it("stays linear on patterns made to backtrack", () => {
    const robots = `user-agent: FooBot\ndisallow: /${"*a".repeat(200)}b$\n`;
    const started = performance.now();
    expect(allowed(robots, `/${"a".repeat(20_000)}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("RFC 9309 §2.2.4 other records", () => {
  it("reads Sitemap lines anywhere, and they end no group", () => {
    const robots = parseRobots(
      "Sitemap: https://example.com/a.xml\nuser-agent: FooBot\nsitemap: https://example.com/b.xml\nuser-agent: BarBot\ndisallow: /x\nSite-map: /c.xml\ndisallow: /y\n",
    );
    expect(robots.sitemaps).toEqual([
      "https://example.com/a.xml",
      "https://example.com/b.xml",
      "/c.xml",
    ]);
    expect(robots.allows("https://example.com/x", "FooBot")).toBe(false);
    expect(robots.allows("https://example.com/y", "BarBot")).toBe(false);
  });

  it("a Crawl-delay between two user-agent lines does not end the group of rules", () => {
    const robots = parseRobots(
      "user-agent: FooBot\ncrawl-delay: 5\nuser-agent: BarBot\ndisallow: /private\n",
    );
    expect(robots.allows("https://example.com/private", "FooBot")).toBe(false);
    expect(robots.allows("https://example.com/private", "BarBot")).toBe(false);
    // The delay is asked of the agents named right above it (as Bing and Yandex read it).
    expect(robots.crawlDelay("FooBot")).toBe(5);
    expect(robots.crawlDelay("BarBot")).toBeNull();
  });

  it("an unknown line between two user-agent lines does not end the group either", () => {
    const robots = "user-agent: FooBot\nnoarchive: yes\nuser-agent: BarBot\ndisallow: /x\n";
    expect(allowed(robots, "/x", "FooBot")).toBe(false);
  });
});

describe("RFC 9309 §2.5 limits", () => {
  it("parses the first 500 KiB and ignores the rest", () => {
    const padding = `# ${"x".repeat(ROBOTS_MAX_BYTES)}\n`;
    const robots = `user-agent: FooBot\ndisallow: /early\n${padding}disallow: /late\n`;
    expect(allowed(robots, "/early")).toBe(false);
    expect(allowed(robots, "/late")).toBe(true);
    expect(parseRobots(Buffer.from(robots)).allows("https://e.com/late", "FooBot")).toBe(true);
    expect(parseRobots(Buffer.from(robots)).allows("https://e.com/early", "FooBot")).toBe(false);
  });

  it("counts the limit in bytes, not characters", () => {
    const padding = `# ${"é".repeat(ROBOTS_MAX_BYTES / 2)}\n`;
    expect(allowed(`user-agent: FooBot\n${padding}disallow: /late\n`, "/late")).toBe(true);
  });
});

describe("RFC 9309 §5 examples", () => {
  const robots = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`;

  it("§5.1 the * group", () => {
    expect(allowed(robots, "/publications/a.html", "OtherBot")).toBe(true);
    expect(allowed(robots, "/example/a.html", "OtherBot")).toBe(false);
    expect(allowed(robots, "/images/owl.gif", "OtherBot")).toBe(false);
    expect(allowed(robots, "/other", "OtherBot")).toBe(true);
  });

  it("§5.1 foobot", () => {
    expect(allowed(robots, "/example/page.html", "foobot")).toBe(true);
    expect(allowed(robots, "/example/allowed.gif", "foobot")).toBe(true);
    expect(allowed(robots, "/example/other.html", "foobot")).toBe(false);
    expect(allowed(robots, "/", "foobot")).toBe(false);
  });

  it("§5.1 barbot and bazbot", () => {
    for (const agent of ["barbot", "BazBot"]) {
      expect(allowed(robots, "/example/page.html", agent)).toBe(false);
      expect(allowed(robots, "/example/other.html", agent)).toBe(true);
      expect(allowed(robots, "/x.gif", agent)).toBe(true);
    }
  });

  it("§5.1 quxbot: an empty group at the end of the file", () => {
    expect(allowed(robots, "/example/page.html", "quxbot")).toBe(true);
    expect(allowed(robots, "/x.gif", "quxbot")).toBe(true);
  });

  it("§5.2 longest match", () => {
    const longest =
      "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    expect(allowed(longest, "/example/page/disallowed.gif", "foobot")).toBe(false);
    expect(decide(longest, "/example/page/disallowed.gif", "foobot")).toMatchObject({
      rule: "Disallow: /example/page/disallowed.gif",
      line: 3,
    });
  });
});

describe("Google-only (google/robotstxt), where RFC 9309 leaves room", () => {
  it("reads the user-agent value up to its first character outside [A-Za-z_-]", () => {
    const robots = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n";
    expect(allowed(robots, "/x/y", "Foo")).toBe(true);
    expect(allowed(robots, "/x/y", "Foo Bar")).toBe(false);
    expect(allowed("User-agent: FooBot/2.1\nDisallow: /\n", "/x", "FooBot")).toBe(false);
  });

  it("reads `* anything` as the * group", () => {
    expect(allowed("User-agent: * (all robots)\nDisallow: /\n", "/x", "FooBot")).toBe(false);
    expect(allowed("User-agent: *bot\nDisallow: /\n", "/x", "FooBot")).toBe(true);
  });

  it("accepts a missing colon when the line is exactly two words", () => {
    expect(allowed("user-agent FooBot\ndisallow /\n", "/x")).toBe(false);
    expect(allowed("user-agent FooBot\ndisallow /a /b\n", "/a")).toBe(true);
  });

  it("accepts common misspellings of the directives", () => {
    for (const key of ["dissallow", "dissalow", "disalow", "diasllow", "disallaw", "Disallowed"]) {
      expect(allowed(`user-agent: FooBot\n${key}: /x\n`, "/x"), key).toBe(false);
    }
    for (const key of ["useragent", "user agent", "User-Agent-Name"]) {
      expect(allowed(`${key}: FooBot\ndisallow: /x\n`, "/x"), key).toBe(false);
    }
  });

  it("allowing /dir/index.html (or .htm) also allows /dir/", () => {
    const robots = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n";
    expect(allowed(robots, "/allowed-slash/")).toBe(true);
    expect(allowed(robots, "/allowed-slash/index.html")).toBe(true);
    expect(allowed(robots, "/allowed-slash/index.htm")).toBe(false);
    expect(allowed(robots, "/allowed-slash/other")).toBe(false);
    expect(decide(robots, "/allowed-slash/")).toMatchObject({
      rule: "Allow: /allowed-slash/index.html",
      line: 2,
    });
    expect(allowed("User-Agent: *\nAllow: /d/index.htm\nDisallow: /\n", "/d/")).toBe(true);
    expect(allowed("User-Agent: *\nDisallow: /d/index.html\n", "/d/")).toBe(true);
  });

  it("reads a line up to 16,663 bytes", () => {
    const long = `/x/${"a".repeat(20_000)}`;
    const robots = `user-agent: FooBot\ndisallow: ${long}\n`;
    const kept = long.slice(0, 2083 * 8 - 1 - "disallow: ".length);
    expect(allowed(robots, `${kept}zzz`)).toBe(false);
    expect(allowed(robots, `${kept.slice(0, -1)}zzz`)).toBe(true);
  });

  it("skips a UTF-8 byte order mark, whole or cut short", () => {
    const rules = Buffer.from("User-Agent: FooBot\nDisallow: /x\n");
    for (const bom of [[0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef]]) {
      const robots = parseRobots(Buffer.concat([Buffer.from(bom), rules]));
      expect(robots.allows("https://e.com/x", "FooBot"), String(bom)).toBe(false);
    }
    const broken = parseRobots(Buffer.concat([Buffer.from([0xef, 0x11, 0xbf]), rules]));
    expect(broken.allows("https://e.com/x", "FooBot")).toBe(true);
    expect(allowed("\uFEFFUser-Agent: FooBot\nDisallow: /x\n", "/x")).toBe(false);
  });
});

describe("hooty: Crawl-delay, decisions and the agent", () => {
  it("reads Crawl-delay from the group that applies to the crawler", () => {
    const robots = parseRobots(
      "user-agent: *\ncrawl-delay: 10\ndisallow: /y\nuser-agent: HootyBot\ncrawl-delay: 2.5\ndisallow: /x\n",
    );
    expect(robots.crawlDelay()).toBe(2.5);
    expect(robots.crawlDelay("OtherBot")).toBe(10);
    expect(parseRobots("user-agent: *\ndisallow: /\n").crawlDelay()).toBeNull();
  });

  it("user-agent lines separated only by Crawl-delay lines share their rules, not their delays", () => {
    const robots = parseRobots(
      "user-agent: *\ncrawl-delay: 10\n\nuser-agent: HootyBot\ncrawl-delay: 2\ndisallow: /x\n",
    );
    expect(robots.allows("https://e.com/x", "OtherBot")).toBe(false);
    // HootyBot was given 2 s of its own: the 10 s are asked of every other crawler.
    expect(robots.crawlDelay()).toBe(2);
    expect(robots.crawlDelay("OtherBot")).toBe(10);
    // Named with no delay of its own: none, whatever `*` is asked.
    const none = parseRobots(
      "user-agent: *\ncrawl-delay: 3\n\nuser-agent: HootyBot\ndisallow: /n\n",
    );
    expect(none.crawlDelay()).toBeNull();
  });

  it("takes the largest Crawl-delay of merged groups and ignores values that are not numbers", () => {
    const robots = parseRobots(
      "user-agent: HootyBot\ncrawl-delay: 3\ndisallow: /a\nuser-agent: HootyBot\ncrawl-delay: 7\ncrawl-delay: soon\ncrawl-delay: -1\n",
    );
    expect(robots.crawlDelay("hootybot")).toBe(7);
    expect(parseRobots("user-agent: *\ncrawl-delay: .5\n").crawlDelay()).toBe(0.5);
    expect(parseRobots("user-agent: *\ncrawl-delay: 1,5\n").crawlDelay()).toBeNull();
  });

  it("ignores a Crawl-delay before any user-agent line", () => {
    expect(parseRobots("crawl-delay: 9\nuser-agent: *\ndisallow: /x\n").crawlDelay()).toBeNull();
  });

  it("says which rule on which line decided, as the directive's proper name and the value as written", () => {
    const robots =
      "User-agent: *\nDISALLOW: /private   # keep out\ndisalow: /tmp\nAllow: /private/ok\n";
    expect(decide(robots, "/private/x")).toEqual({
      allowed: false,
      rule: "Disallow: /private",
      line: 2,
      reason: "rule",
    });
    expect(decide(robots, "/tmp/1")).toMatchObject({ rule: "Disallow: /tmp", line: 3 });
    expect(decide(robots, "/private/ok")).toMatchObject({ allowed: true, line: 4 });
    expect(decide(robots, "/public")).toEqual({
      allowed: true,
      rule: null,
      line: null,
      reason: "no-rule",
    });
  });

  it("reports the first of equivalent rules", () => {
    expect(decide("user-agent: *\ndisallow: /x\ndisallow: /x\n", "/x").line).toBe(2);
  });

  it("answers HootyBot by default, and each agent from its own groups", () => {
    const robots = parseRobots("user-agent: HootyBot\ndisallow: /\nuser-agent: *\nallow: /\n");
    expect(robots.allows("https://e.com/a")).toBe(false);
    expect(robots.allows("https://e.com/a", "OtherBot")).toBe(true);
    expect(robots.forAgent("HOOTYBOT")).toBe(robots.forAgent("hootybot"));
  });

  it("accepts a URL object and throws on a string that is not an absolute URL", () => {
    const robots = parseRobots("user-agent: *\ndisallow: /x\n");
    expect(robots.allows(new URL("https://e.com/x/1"))).toBe(false);
    expect(() => robots.allows("/x")).toThrow(TypeError);
  });

  it("finds the same deciding rule as trying every rule in precedence order", () => {
    let state = 42;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const pick = (alphabet: string, max: number) =>
      Array.from(
        { length: Math.floor(next() * max) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
    for (let file = 0; file < 50; file++) {
      const lines = ["user-agent: *"];
      for (let i = 0; i < 40; i++) {
        const start = next() < 0.2 ? "*" : "/";
        lines.push(
          `${next() < 0.5 ? "allow" : "disallow"}: ${start}${pick("ab*/", 5)}${next() < 0.2 ? "$" : ""}`,
        );
      }
      const rules = parseRobots(lines.join("\n")).forAgent();
      for (let i = 0; i < 200; i++) {
        const path = `/${pick("ab/", 7)}`;
        const expected = rules.rules.find((rule) => rule.pattern.matches(path)) ?? null;
        expect(rules.ruleFor(path), `${lines.join(" | ")} ${path}`).toBe(expected);
      }
    }
  });

  it("matches many rules by their first character without changing the precedence", () => {
    const robots = "user-agent: *\ndisallow: /a\nallow: /*b\ndisallow: /ab*c\nallow: /\n";
    expect(allowed(robots, "/abxc")).toBe(false);
    expect(allowed(robots, "/ab")).toBe(true);
    expect(allowed(robots, "/a")).toBe(false);
    expect(allowed(robots, "/")).toBe(true);
    expect(allowed(robots, "/zb")).toBe(true);
  });
});
