import { describe, expect, it } from "vitest";
import { canonicalPath } from "./encoding.js";
import { robotsPath } from "./robots.js";

describe("RFC 9309 §2.2.2 percent-encoding before comparison", () => {
  it("leaves plain paths as they are", () => {
    for (const path of ["/", "/a/b/c", "/a/b?c=d&e=f", "http://www.example.com", "/a;b=c/[x]"]) {
      expect(canonicalPath(path)).toBe(path);
    }
  });

  it("percent-encodes characters outside ASCII as UTF-8, upper-case hex", () => {
    expect(canonicalPath("á")).toBe("%C3%A1");
    expect(canonicalPath("/foo/bar/ツ")).toBe("/foo/bar/%E3%83%84");
    expect(canonicalPath("/owl/🦉")).toBe("/owl/%F0%9F%A6%89");
    expect(canonicalPath("/broken\uD800x")).toBe("/broken%EF%BF%BDx");
  });

  it("upper-cases hex digits and keeps reserved characters encoded", () => {
    expect(canonicalPath("%aa")).toBe("%AA");
    expect(canonicalPath("/a%2fb%3f%3D")).toBe("/a%2Fb%3F%3D");
  });

  it("decodes unreserved characters, and * and $ (RFC 9309 §2.2.3)", () => {
    expect(canonicalPath("/foo/bar/%62%61%7A")).toBe("/foo/bar/baz");
    expect(canonicalPath("/%7Ejoe/%2D%2E%5F%7e")).toBe("/~joe/-._~");
    expect(canonicalPath("/a%2Ab%24")).toBe("/a*b$");
  });

  it("encodes what may not appear raw in a URL", () => {
    expect(canonicalPath("/a b\t\"'<>\\^`{|}\u007f")).toBe(
      "/a%20b%09%22%27%3C%3E%5C%5E%60%7B%7C%7D%7F",
    );
  });

  it("leaves a % that starts no escape", () => {
    expect(canonicalPath("/100%/%zz/%4")).toBe("/100%/%zz/%4");
  });
});

describe("RFC 9309 §2.2.2 the path of a URL", () => {
  it("is the path and query, without fragment, in canonical spelling", () => {
    expect(robotsPath("http://www.example.com")).toBe("/");
    expect(robotsPath("http://www.example.com/")).toBe("/");
    expect(robotsPath("http://www.example.com/a")).toBe("/a");
    expect(robotsPath("http://www.example.com/a/")).toBe("/a/");
    expect(robotsPath("http://www.example.com/a/b?c=http://d.e/")).toBe("/a/b?c=http://d.e/");
    expect(robotsPath("http://www.example.com/a/b?c=d&e=f#fragment")).toBe("/a/b?c=d&e=f");
    expect(robotsPath("http://example.com/a;b#c")).toBe("/a;b");
    expect(robotsPath("http://example.com?a")).toBe("/?a");
    expect(robotsPath("http://example.com//a/b")).toBe("//a/b");
    expect(robotsPath("https://example.com/%7Ejoe/ツ?q=é")).toBe("/~joe/%E3%83%84?q=%C3%A9");
  });
});
