import { describe, expect, it } from "vitest";
import { waitWords } from "./wait-words.js";

describe("waitWords", () => {
  it("says a wait in the unit a person would use, never shorter than it is", () => {
    expect(waitWords(300_000)).toBe("5 minutes");
    expect(waitWords(60_000)).toBe("1 minute");
    expect(waitWords(90_000)).toBe("90 seconds");
    expect(waitWords(1_000)).toBe("1 second");
    expect(waitWords(500)).toBe("0.5 seconds");
    expect(waitWords(1_001)).toBe("1.1 seconds");
    expect(waitWords(61_500)).toBe("62 seconds");
    expect(waitWords(754_000)).toBe("12.6 minutes");
    expect(waitWords(3_600_000)).toBe("1 hour");
    expect(waitWords(5_400_000)).toBe("1.5 hours");
  });
});
