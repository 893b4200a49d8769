import { describe, expect, it } from "vitest";
import { createSpanCache } from "./span-cache.js";

describe("span cache", () => {
  it("finds a value by a span of any text, and only by an equal span", () => {
    const cache = createSpanCache<number>(100);
    cache.add("dump", 1);
    cache.add("pg_dump", 2);
    const text = "run pg_dump, then dump again; dumps differ";
    expect(cache.get(text, 4, 11)).toBe(2);
    expect(cache.get(text, 7, 11)).toBe(1);
    expect(cache.get(text, 18, 22)).toBe(1);
    expect(cache.get(text, 30, 35)).toBeUndefined();
    expect(cache.get(text, 30, 34)).toBe(1);
    expect(cache.get(text, 0, 3)).toBeUndefined();
  });

  it("keeps every entry while it grows, non-ASCII and empty keys included", () => {
    const cache = createSpanCache<string>(100_000);
    const words = Array.from({ length: 5000 }, (_, i) => `wörd${i}`);
    for (const w of words) cache.add(w, w.toUpperCase());
    cache.add("", "empty");
    const text = words.join(" ");
    let at = 0;
    for (const w of words) {
      expect(cache.get(text, at, at + w.length)).toBe(w.toUpperCase());
      at += w.length + 1;
    }
    expect(cache.get(text, 3, 3)).toBe("empty");
  });

  it("empties itself when full, so it never holds more than its capacity", () => {
    const cache = createSpanCache<number>(3);
    for (const [i, w] of ["a", "b", "c"].entries()) cache.add(w, i);
    expect(cache.get("c", 0, 1)).toBe(2);
    cache.add("d", 3);
    expect(cache.get("a", 0, 1)).toBeUndefined();
    expect(cache.get("c", 0, 1)).toBeUndefined();
    expect(cache.get("d", 0, 1)).toBe(3);
  });
});
