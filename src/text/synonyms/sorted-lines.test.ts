import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { openSortedLines } from "./sorted-lines.js";

const BAR = 0x7c;
const dir = tempDir("hooty-sorted-");

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function strings(lines: Buffer[]): string[] {
  return lines.map((l) => l.toString("utf8"));
}

describe("SortedLines", () => {
  // enough lines for many anchors, a repeated key across a block boundary, a prefix run
  const body = Array.from({ length: 5_000 }, (_, i) => `k${String(i).padStart(5, "0")}|${i}`);
  body.splice(2_500, 0, ...Array.from({ length: 300 }, (_, i) => `k02500|dup${i}`));
  const sorted = file("sorted.idx", `UTF-8\n5300\n${body.join("\n")}\n`);

  it("finds every line of a key, also when they span blocks", () => {
    const lines = openSortedLines(sorted, { separator: BAR, skipLines: 2 });
    expect(lines.find(Buffer.from("k00000"))).toHaveLength(1);
    expect(lines.find(Buffer.from("k02500"))).toHaveLength(301);
    expect(strings(lines.find(Buffer.from("k04999")))).toEqual(["k04999|4999"]);
    expect(lines.find(Buffer.from("k0"))).toEqual([]);
    expect(lines.find(Buffer.from("k0499"), true)).toHaveLength(10);
    expect(lines.find(Buffer.from("zzz"))).toEqual([]);
    lines.close();
  });

  it("a file sorted by locale, not by bytes, is served from a map", () => {
    const path = file("locale.idx", "ISO8859-1\n3\nalá|1\nantiguo|2\na bocajarro|3\n");
    const lines = openSortedLines(path, { separator: BAR, skipLines: 2 });
    expect(strings(lines.find(Buffer.from("a bocajarro")))).toEqual(["a bocajarro|3"]);
    expect(strings(lines.find(Buffer.from("alá")))).toEqual(["alá|1"]);
    lines.close();
  });

  it("with trustOrder, samples one key per block and finds the same", () => {
    const lines = openSortedLines(sorted, { separator: BAR, trustOrder: true });
    expect(lines.find(Buffer.from("k02500"))).toHaveLength(301);
    expect(lines.find(Buffer.from("k03000"))).toHaveLength(1);
    lines.close();
  });
});
