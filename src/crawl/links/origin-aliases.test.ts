import { describe, expect, it } from "vitest";
import { OriginAliases } from "./origin-aliases.js";

describe("OriginAliases", () => {
  it("reads a link written with an origin the site moved from on the site's origin", () => {
    const aliases = new OriginAliases();
    aliases.add("http://example.org", "https://www.example.org");
    aliases.add("https://www.example.org", "https://www.example.org");
    const on = (href: string) => aliases.onOrigin(new URL(href), "https://www.example.org").href;
    expect(on("http://example.org/docs/a?x=1")).toBe("https://www.example.org/docs/a?x=1");
    expect(on("https://www.example.org/b")).toBe("https://www.example.org/b");
    expect(on("https://example.org/c")).toBe("https://example.org/c");
    expect(on("http://elsewhere.example/d")).toBe("http://elsewhere.example/d");
  });
});
