/**
 * Files and streams a command reads, bounded: a path may name something endless (`/dev/zero`, a
 * FIFO) or huge, and stdin may carry one line without end. What is over the bound is not held.
 */
import { closeSync, openSync, readSync } from "node:fs";

/** What one read asks for: a small file costs no more than its size. */
const READ_BYTES = 1024 * 1024;

/**
 * The first `maxBytes` bytes of `file` (read as they come, so a device without end is read no
 * further) and whether it had more. Throws the file system's error (ENOENT, EISDIR…).
 */
export function readFileStart(file: string, maxBytes: number): { bytes: Buffer; more: boolean } {
  const fd = openSync(file, "r");
  try {
    const parts: Buffer[] = [];
    let filled = 0;
    while (filled <= maxBytes) {
      const part = Buffer.allocUnsafe(Math.min(READ_BYTES, maxBytes + 1 - filled));
      const read = readSync(fd, part, 0, part.length, null);
      if (read === 0) break;
      parts.push(part.subarray(0, read));
      filled += read;
    }
    const bytes = Buffer.concat(parts, filled);
    return { bytes: bytes.subarray(0, Math.min(filled, maxBytes)), more: filled > maxBytes };
  } finally {
    closeSync(fd);
  }
}

/**
 * The lines of a text stream (a trailing "\r" removed), those of each chunk together: each line
 * as its text, or as null when it is longer than `maxChars`. Such a line is dropped as it
 * arrives, so a line without end (`< /dev/zero`) holds no more memory than the bound.
 */
export async function* boundedLines(
  input: NodeJS.ReadableStream,
  maxChars: number,
): AsyncGenerator<(string | null)[]> {
  input.setEncoding("utf8");
  let pending = "";
  let tooLong = false;
  const done = (rest: string) => {
    if (tooLong || pending.length + rest.length > maxChars) return null;
    const line = pending + rest;
    return line.endsWith("\r") ? line.slice(0, -1) : line;
  };
  for await (const chunk of input) {
    const text = chunk as string;
    const lines: (string | null)[] = [];
    let start = 0;
    // Line ends are looked for in the new chunk only: a long line is read in linear time.
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      lines.push(done(text.slice(start, end)));
      pending = "";
      tooLong = false;
      start = end + 1;
    }
    if (lines.length > 0) yield lines;
    if (tooLong) continue;
    pending += text.slice(start);
    if (pending.length > maxChars) {
      pending = "";
      tooLong = true;
    }
  }
  if (tooLong || pending !== "") yield [done("")];
}
