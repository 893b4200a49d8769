import { describe, expect, it } from "vitest";
import { VectorCache } from "./vector-cache.js";

const v = (x: number) => Float32Array.of(x);

describe("VectorCache", () => {
  it("keeps at most maxVectors, dropping the least recently used", () => {
    const cache = new VectorCache(2);
    cache.set("a", v(1));
    cache.set("b", v(2));
    expect(cache.get("a")).toEqual(v(1)); // a is now more recent than b
    cache.set("c", v(3));
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(v(1));
    expect(cache.get("c")).toEqual(v(3));
  });

  it("replaces a key's vector without growing", () => {
    const cache = new VectorCache(2);
    cache.set("a", v(1));
    cache.set("a", v(5));
    expect(cache.size).toBe(1);
    expect(cache.get("a")).toEqual(v(5));
  });
});
