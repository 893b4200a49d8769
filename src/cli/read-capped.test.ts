import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { boundedLines, readFileStart } from "./read-capped.js";

async function lines(chunks: string[], maxChars: number): Promise<(string | null)[]> {
  const read: (string | null)[] = [];
  for await (const lines of boundedLines(Readable.from(chunks, { objectMode: false }), maxChars)) {
    read.push(...lines);
  }
  return read;
}

describe("bounded lines", () => {
  it("yields each line, across chunks, without its CR", async () => {
    expect(await lines(["a\r\nb", "c\n", "\nlast"], 10)).toEqual(["a", "bc", "", "last"]);
  });

  it("yields null for a line over the bound and goes on with the next", async () => {
    expect(await lines(["short\n0123456789AB", "CDEF\nnext\n"], 10)).toEqual([
      "short",
      null,
      "next",
    ]);
    expect(await lines(["0123456789AB\n"], 10)).toEqual([null]);
  });

  it("drops a line without end as it comes", async () => {
    const endless = Array.from({ length: 50 }, () => "x".repeat(1000));
    expect(await lines(endless, 4096)).toEqual([null]);
  });
});

describe("the start of a file", () => {
  it("reads a device without end no further than the bound", () => {
    const { bytes, more } = readFileStart("/dev/zero", 1000);
    expect(bytes.length).toBe(1000);
    expect(more).toBe(true);
  });

  it("reads a small file whole", () => {
    const file = join(tempDir(), "small.txt");
    writeFileSync(file, "hello");
    expect(readFileStart(file, 1000)).toEqual({ bytes: Buffer.from("hello"), more: false });
    expect(() => readFileStart(join(tempDir(), "missing"), 10)).toThrow(/ENOENT/);
  });
});
