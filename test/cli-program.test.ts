import type { Command } from "commander";
import { describe, expect, it } from "vitest";

// The built program, as `hooty` runs it (it reads its version from the package beside dist/).
const { buildProgram } = (await import(
  new URL("../dist/src/cli/program.js", import.meta.url).href
)) as {
  buildProgram(argv: string[]): Promise<Command>;
};

const names = async (argv: string[]) =>
  (await buildProgram(argv)).commands.map((command) => command.name());

describe("buildProgram", () => {
  it("loads only the command named", async () => {
    expect(await names(["robots", "--robots-file", "r.txt", "https://a.example/"])).toEqual([
      "robots",
    ]);
    expect(await names(["unblock", "a.example"])).toEqual(["block", "unblock"]);
  });

  it("loads every command, in help's order, for help, the version or an unknown name", async () => {
    const all = [
      "crawl",
      "pages",
      "ask",
      "eval",
      "refresh",
      "block",
      "unblock",
      "classify",
      "robots",
    ];
    expect(await names([])).toEqual(all);
    expect(await names(["--help"])).toEqual(all);
    expect(await names(["help", "robots"])).toEqual(all);
    expect(await names(["robts"])).toEqual(all);
  });
});
