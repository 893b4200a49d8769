import { describe, expect, it } from "vitest";
import { normalizedHref, normalizeUrl, visitMask } from "./normalize.js";

describe("normalizedHref", () => {
  it("makes one spelling per page", () => {
    expect(normalizedHref("HTTP://Example.ORG:80/a/../b/%7euser/%2f?b=2&a=1#frag")).toBe(
      "http://example.org/b/~user/%2F?a=1&b=2",
    );
    expect(normalizedHref("https://example.org:443")).toBe("https://example.org/");
    expect(normalizedHref("https://example.org/p?utm_source=x&id=3&fbclid=1")).toBe(
      "https://example.org/p?id=3",
    );
    expect(normalizedHref("https://example.org/p?utm_source=x")).toBe("https://example.org/p");
    // An empty query is the same request as none.
    expect(normalizedHref("https://example.org/p?")).toBe("https://example.org/p");
    expect(normalizedHref("https://example.org/p?&#top")).toBe("https://example.org/p");
    expect(normalizedHref("https://example.org/ä ö")).toBe("https://example.org/%C3%A4%20%C3%B6");
  });

  it("drops a visitor's session from the URL, and keeps it when asked", () => {
    const token = "7b2f0c9e4d1a8b3c5e6f7a8b9c0d1e2f";
    for (const [href, expected] of [
      [`/p?PHPSESSID=${token}&id=3`, "/p?id=3"],
      [`/p?id=3&phpsessid=u5ka9t1s0g3`, "/p?id=3"],
      [`/p;jsessionid=${token.toUpperCase()}?id=3`, "/p?id=3"],
      [`/a;jsessionid=1A2B/b.jsp`, "/a/b.jsp"],
      [`/p?ASPSESSIONIDQQGGGNCU=ABCDEFGHIJKLMNOPQRSTUVWX`, "/p"],
      [`/p?osCsid=${token}&cPath=3`, "/p?cPath=3"],
      [`/p?CFID=12345&CFTOKEN=67890`, "/p"],
      [`/p?sid=${token}`, "/p"],
      [`/forum/index.php?s=${token}&showtopic=5`, "/forum/index.php?showtopic=5"],
      // `sid` and `s` name other things too: kept unless a long random token.
      ["/p?sid=42", "/p?sid=42"],
      ["/p?sid=getting-started-with-the-api", "/p?sid=getting-started-with-the-api"],
      ["/p?sid=gettingstartedwiththeapi", "/p?sid=gettingstartedwiththeapi"],
      ["/?s=install+debian", "/?s=install+debian"],
      ["/p;type=a", "/p;type=a"],
    ] as const) {
      expect(normalizedHref(href, "https://example.org/"), href).toBe(
        `https://example.org${expected}`,
      );
    }
    expect(
      normalizeUrl(`/p;jsessionid=1A2B?sid=${token}`, "https://example.org/", { keepSession: true })
        ?.href,
    ).toBe(`https://example.org/p;jsessionid=1A2B?sid=${token}`);
  });

  it("resolves relative links and refuses what is not a web page", () => {
    expect(normalizedHref("../c?x", "https://example.org/a/b/")).toBe("https://example.org/a/c?x");
    for (const bad of [
      "javascript:alert(1)",
      "mailto:a@b",
      "tel:123",
      "ftp://x/",
      "data:,x",
      "http://",
    ]) {
      expect(normalizedHref(bad, "https://example.org/"), bad).toBeNull();
    }
    expect(normalizedHref("https://user:pw@example.org/")).toBeNull();
  });
});

describe("visitMask", () => {
  const mask = (url: string) => visitMask(new URL(url));

  it("masks the values of per-visit parameters: tokens, nonces, times against caches", () => {
    expect(mask("https://x.example/news?token=8f3a9c2e1b7d4f6a0c5e9b8d7a6f5e4c")).toBe(
      "https://x.example/news?token=*",
    );
    expect(mask("https://x.example/a?page=2&_=1733260000123")).toBe(
      "https://x.example/a?page=2&_=*",
    );
    expect(mask("https://x.example/a?visit=Ab12Cd34Ef56Gh78&lang=de")).toBe(
      "https://x.example/a?visit=*&lang=de",
    );
  });

  it("leaves a page's own names alone", () => {
    // No per-visit parameter, or a value that is a page's name (a number, a word, a short id).
    expect(mask("https://x.example/a")).toBeNull();
    expect(mask("https://x.example/doc?id=5f2b8c9e1a3d4e6f7a8b9c0d")).toBeNull();
    expect(mask("https://x.example/a?token=reset")).toBeNull();
    expect(mask("https://x.example/a?time=2024")).toBeNull();
    expect(mask("https://x.example/viewtopic.php?t=123456789012")).toBeNull();
  });
});

describe("siteUrl", () => {
  it("reads a site as people type it", async () => {
    const { siteUrl } = await import("./normalize.js");
    expect(siteUrl("Example.org")?.href).toBe("https://example.org/");
    expect(siteUrl("localhost:8080/docs")?.href).toBe("https://localhost:8080/docs");
    expect(siteUrl("127.0.0.21:18081")?.href).toBe("https://127.0.0.21:18081/");
    expect(siteUrl(" http://example.org/a ")?.href).toBe("http://example.org/a");
    expect(siteUrl("http://wiki/start")?.href).toBe("http://wiki/start");
    expect(siteUrl("[::1]:8080")?.href).toBe("https://[::1]:8080/");
    const typos = ["notaurl", "crawl", "--json"];
    for (const bad of [
      "ftp://example.org/",
      "mailto:x@example.org",
      "javascript:alert(1)",
      "",
      ...typos,
    ]) {
      expect(siteUrl(bad), bad).toBeNull();
    }
  });
});
