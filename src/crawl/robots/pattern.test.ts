import { describe, expect, it } from "vitest";
import { PathPattern } from "./pattern.js";

/** The plain definition (RFC 9309 §2.2.3), as a dynamic programme: slow, obviously right. */
function reference(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  // can[j]: the pattern so far can end at path position j.
  let can = Array.from({ length: path.length + 1 }, (_, j) => j === 0);
  for (const char of body) {
    const next = new Array<boolean>(path.length + 1).fill(false);
    for (let j = 0; j <= path.length; j++) {
      if (char === "*") next[j] = next[j - 1] === true || can[j] === true;
      else next[j] = j > 0 && can[j - 1] === true && path[j - 1] === char;
    }
    can = next;
  }
  return anchored ? can[path.length] === true : can.some(Boolean);
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("RFC 9309 §2.2.3 pattern matching", () => {
  it("agrees with the plain definition on 20,000 random patterns and paths", () => {
    const next = random(9309);
    const pick = (alphabet: string, max: number) =>
      Array.from(
        { length: Math.floor(next() * max) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const pattern = `/${pick("ab*", 6)}${next() < 0.3 ? "$" : ""}`;
      const path = `/${pick("ab", 8)}`;
      const compiled = PathPattern.compile(pattern) as PathPattern;
      if (compiled.matches(path) !== reference(pattern, path)) {
        disagreements.push(`${pattern} ${path}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe("RFC 9309 §2.2.3 patterns", () => {
  const compile = (value: string) => PathPattern.compile(value) as PathPattern;

  it("counts the octets of the canonical pattern as its priority, * and a final $ as one", () => {
    expect(PathPattern.compile("")).toBeNull();
    expect(compile("/").length).toBe(1);
    expect(compile("/fish").length).toBe(5);
    expect(compile("/fish*").length).toBe(6);
    expect(compile("/*.php$").length).toBe(7);
    expect(compile("/ツ").length).toBe(10);
    expect(compile("/%62").length).toBe(2);
  });

  it("matches prefixes, exact paths and wildcards", () => {
    expect(compile("/a").matches("/abc")).toBe(true);
    expect(compile("/a$").matches("/abc")).toBe(false);
    expect(compile("/a$").matches("/a")).toBe(true);
    expect(compile("/a*c").matches("/abbbc/d")).toBe(true);
    expect(compile("/a*c$").matches("/abbbc/d")).toBe(false);
    expect(compile("/a*c$").matches("/ac")).toBe(true);
    expect(compile("/a*bc*bc$").matches("/abcbc")).toBe(true);
    expect(compile("/a*bc*bc$").matches("/abc")).toBe(false);
    expect(compile("*").matches("/anything")).toBe(true);
    expect(compile("*$").matches("/anything")).toBe(true);
    expect(compile("$").matches("/")).toBe(false);
    expect(compile("/**x").matches("/yx")).toBe(true);
    expect(compile("x").matches("/x")).toBe(false);
  });
});
