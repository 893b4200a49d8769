/**
 * DESIGN.md's folder rules: imports point downwards only. A new folder must be added here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");

/** For each area, the areas its files may import (besides their own). */
const ALLOWED: Record<string, string[]> = {
  core: [],
  text: ["core"],
  "store/types": ["core"],
  "store/sqlite": ["core", "store/types"],
  "store/postgres": ["core", "store/types"],
  store: ["core", "store/types", "store/sqlite", "store/postgres"],
  crawl: ["core", "store/types"],
  index: ["core", "text", "store/types"],
  answer: ["core", "text", "store/types"],
  app: [
    "core",
    "text",
    "store",
    "store/types",
    "store/sqlite",
    "store/postgres",
    "crawl",
    "index",
    "answer",
  ],
  server: ["core", "crawl", "index", "answer", "text"],
  cli: ["app", "server", "core", "crawl", "index", "answer", "text", "store/types"],
  web: ["core"],
};

function areaOf(file: string): string {
  const rel = relative(SRC, file).replaceAll("\\", "/");
  if (rel === "app.ts") return "app";
  if (rel === "store/types.ts") return "store/types";
  if (rel.startsWith("store/sqlite/")) return "store/sqlite";
  if (rel.startsWith("store/postgres/")) return "store/postgres";
  return rel.split("/")[0] ?? rel;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

describe("import boundaries", () => {
  it("every file imports only what its folder may", () => {
    const broken: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const area = areaOf(file);
      const allowed = ALLOWED[area];
      if (!allowed) {
        broken.push(`${relative(SRC, file)}: folder "${area}" has no rule in boundaries.test.ts`);
        continue;
      }
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? "";
        if (!spec.startsWith(".")) continue;
        const target = areaOf(resolve(file, "..", spec.replace(/\.js$/, ".ts")));
        if (target !== area && !allowed.includes(target)) {
          broken.push(`${relative(SRC, file)} imports ${spec} (${area} → ${target})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
