import { describe, expect, it } from "vitest";
import { parseDomain, parseDomainToBlock } from "./domain.js";

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

  it("refuses a block the operator cannot have meant: a top-level domain, a short IPv4", () => {
    for (const broad of ["com", "ORG.", "de", ".uk", "http://com/", "co.uk", "com.au"]) {
      expect(() => parseDomainToBlock(broad)).toThrow(/top-level domain/);
    }
    for (const short of ["1", "43.1", "10.0.1", "0x7f.1", "2130706433"]) {
      expect(() => parseDomainToBlock(short)).toThrow(/in full/);
    }
    expect(parseDomainToBlock("example.com")).toBe("example.com");
    expect(parseDomainToBlock("bbc.co.uk")).toBe("bbc.co.uk");
    expect(parseDomainToBlock("localhost")).toBe("localhost");
    expect(parseDomainToBlock("wiki")).toBe("wiki");
    expect(parseDomainToBlock("http://127.0.0.5:8080/")).toBe("127.0.0.5");
    // Unblocking takes whatever was blocked.
    expect(parseDomain("com")).toBe("com");
  });
});
