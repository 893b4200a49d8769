import { describe, expect, it } from "vitest";
import { plausibleSubstitution, typoDistance } from "./typo-keys.js";

describe("typing slips", () => {
  it("are neighbouring keys on QWERTY, QWERTZ or AZERTY, or one vowel for another", () => {
    for (const [typed, meant] of [
      ["s", "d"],
      ["r", "d"],
      ["b", "n"],
      ["z", "u"], // QWERTZ: z sits where QWERTY has y
      ["q", "s"], // AZERTY: q sits where QWERTY has a
      ["e", "a"],
      ["y", "i"],
    ]) {
      expect(plausibleSubstitution(typed as string, meant as string), `${typed}→${meant}`).toBe(
        true,
      );
    }
    for (const [typed, meant] of [
      ["h", "d"],
      ["g", "p"],
      ["f", "n"],
      ["r", "s"],
      ["1", "l"],
    ]) {
      expect(plausibleSubstitution(typed as string, meant as string), `${typed}→${meant}`).toBe(
        false,
      );
    }
  });

  it("count a letter for another that is no slip as two edits", () => {
    expect(typoDistance("chrom", "cdrom", 2)).toBe(2);
    expect(typoDistance("chrom", "cdrom", 1)).toBe(2);
    expect(typoDistance("seperate", "separate", 2)).toBe(1);
    expect(typoDistance("encrpyt", "encrypt", 2)).toBe(1);
    expect(typoDistance("maxium", "maximum", 2)).toBe(1);
    expect(typoDistance("regres", "repres", 1)).toBe(2);
  });
});
