import { describe, expect, it } from "vitest";
import { parseDomain } from "./domain.js";

describe("parseDomain", () => {
  it("normalises what operators type", () => {
    expect(parseDomain("Example.ORG")).toBe("example.org");
    expect(parseDomain(" https://www.example.org:8080/path?q ")).toBe("www.example.org");
    expect(parseDomain("example.org.")).toBe("example.org");
    expect(parseDomain("bücher.de")).toBe("xn--bcher-kva.de");
    expect(parseDomain("127.0.0.5")).toBe("127.0.0.5");
    // The domain and its subdomains, as cookies and mail filters write it.
    expect(parseDomain(".example.com")).toBe("example.com");
  });

  it("rejects what is not a domain with one line", () => {
    for (const bad of [
      "",
      "   ",
      "exa mple.org",
      "http://",
      "[::1]",
      "a..b",
      "..example.com",
      ".",
    ]) {
      expect(() => parseDomain(bad)).toThrow(/domain/);
    }
  });
});
