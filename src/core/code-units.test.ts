import { describe, expect, it } from "vitest";
import { codeUnitAt, holdsAt } from "./code-units.js";

describe("code units", () => {
  // Strings of each kind V8 keeps: flat one- and two-byte, concatenated, sliced.
  const base = "Größe des Puffers: 8 kB — shared_buffers";
  const kinds = [
    base,
    `${base.slice(0, 10)}${base.slice(10)}`,
    base.slice(3),
    `x${"é".repeat(20)}`,
    "𝔘nicode ✓",
  ];

  it("reads what charCodeAt reads, NaN outside the string", () => {
    for (const text of kinds) {
      for (let i = -1; i <= text.length; i++) {
        expect(Object.is(codeUnitAt(text, i), text.charCodeAt(i))).toBe(true);
      }
    }
  });

  it("answers what startsWith answers", () => {
    for (const text of kinds) {
      for (const part of ["", "ß", "Puffers", "buffers", text, `${text}!`]) {
        for (let at = 0; at <= text.length; at++) {
          expect(holdsAt(text, part, at)).toBe(text.startsWith(part, at));
        }
      }
    }
  });
});
