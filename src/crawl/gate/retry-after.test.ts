import { describe, expect, it } from "vitest";
import { parseHttpDate, retryAfterMs } from "./retry-after.js";

const NOW = Date.parse("2026-11-30T10:00:00Z");

describe("Retry-After (RFC 9110 §10.2.3)", () => {
  it("reads delay-seconds", () => {
    expect(retryAfterMs({ "retry-after": "120" }, NOW)).toBe(120_000);
    expect(retryAfterMs({ "retry-after": " 0 " }, NOW)).toBe(0);
    expect(retryAfterMs({ "retry-after": "99999999999999999999" }, NOW)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  it("reads an HTTP-date against the server's own clock", () => {
    const headers = {
      "retry-after": "Mon, 30 Nov 2026 10:02:00 GMT",
      date: "Mon, 30 Nov 2026 10:01:00 GMT",
    };
    expect(retryAfterMs(headers, NOW)).toBe(60_000);
    expect(retryAfterMs({ "retry-after": "Mon, 30 Nov 2026 10:00:30 GMT" }, NOW)).toBe(30_000);
    expect(retryAfterMs({ "retry-after": "Mon, 30 Nov 2026 09:00:00 GMT" }, NOW)).toBe(0);
  });

  it("takes the longer wait of a header sent twice, and a hand-made date's zone as GMT", () => {
    expect(retryAfterMs({ "retry-after": "120, 60" }, NOW)).toBe(120_000);
    expect(retryAfterMs({ "retry-after": "60,120" }, NOW)).toBe(120_000);
    for (const zone of ["", " UTC", " +0000"]) {
      expect(retryAfterMs({ "retry-after": `Mon, 30 Nov 2026 10:02:00${zone}` }, NOW)).toBe(
        120_000,
      );
    }
    expect(retryAfterMs({ "retry-after": "Mon, 30 Nov 2026 10:02:00 +0100" }, NOW)).toBeNull();
  });

  it("accepts the obsolete date forms and refuses garbage", () => {
    expect(parseHttpDate("Monday, 30-Nov-26 10:00:00 GMT")).not.toBeNull();
    expect(parseHttpDate("Mon Nov 30 10:00:00 2026")).toBe(NOW);
    for (const bad of [
      "-5",
      "1.5",
      "soon",
      "",
      "Mon, 99 Foo 2026 99:00:00 GMT",
      "x".repeat(10_000),
    ]) {
      expect(retryAfterMs({ "retry-after": bad }, NOW), bad).toBeNull();
    }
  });
});
