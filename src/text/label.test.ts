import { describe, expect, it } from "vitest";
import { isLabel } from "./label.js";

describe("isLabel", () => {
  it("takes a few words that end no sentence", () => {
    for (const label of ["decorator", "port (integer)", "Parameters:", "TEMPORARY or TEMP"])
      expect(isLabel(label), label).toBe(true);
  });

  it("leaves sentences, long lines and several lines", () => {
    for (const text of [
      "",
      "A decorator.",
      "Is it?",
      "one, two,",
      "a line of nine words that ends no sentence at all",
      "first line\nsecond line",
    ])
      expect(isLabel(text), text).toBe(false);
  });
});
