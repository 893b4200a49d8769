import { describe, expect, it } from "vitest";
import { citationText } from "./ask.js";

describe("citationText", () => {
  it("indents a quote's further lines under its first, blank lines left empty", () => {
    const citation = {
      url: "http://127.0.0.1/money#t",
      title: "Monetary Types",
      quote: "Name\tStorage Size\nmoney\t8 bytes\n\nSince the output is locale-sensitive.",
    };
    expect(citationText(citation, 3)).toBe(
      '[3] Monetary Types\n    http://127.0.0.1/money#t\n    "Name\tStorage Size\n     money\t8 bytes\n\n     Since the output is locale-sensitive."',
    );
  });
});
