import { describe, expect, it } from "vitest";
import { repeatsItself } from "./repeating-path.js";

describe("repeatsItself", () => {
  it("finds a run of segments three times in a row", () => {
    for (const path of [
      "/docs/docs/docs/",
      "/docs/docs/docs/guide/intro",
      "/en/a/b/a/b/a/b/page.html",
      "/x/a/b/c/a/b/c/a/b/c",
      "/index.php/index.php/index.php",
    ]) {
      expect(repeatsItself(path), path).toBe(true);
    }
  });

  it("leaves paths that only look alike", () => {
    for (const path of [
      "/",
      "/docs/docs/",
      "/docs/guide/docs/guide/",
      "/a/b/a/c/a/b",
      "/book/1/1/1",
      "/2024/02/02/notes.html",
      "/docs/docs-docs/docs",
      "/a/a/b/b/c/c",
    ]) {
      expect(repeatsItself(path), path).toBe(false);
    }
  });
});
