import { readSync } from "node:fs";

const NEWLINE = 0x0a;
const FIRST_READ = 4096;
/** No line of the resources comes near this; a file without newlines must not be read whole. */
const MAX_BYTES = 1 << 20;

/**
 * `count` lines (without their newline) starting at byte `offset` of an open file, read on demand
 * with positioned reads; fewer at the end of the file or past MAX_BYTES.
 */
export function readLinesAt(fd: number, offset: number, count: number): Buffer[] {
  const lines: Buffer[] = [];
  let size = FIRST_READ;
  let position = offset;
  while (lines.length < count && size <= MAX_BYTES) {
    const chunk = Buffer.allocUnsafe(size);
    const read = readSync(fd, chunk, 0, size, position);
    if (read === 0) break;
    let start = 0;
    while (lines.length < count) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0 || end >= read) break;
      lines.push(Buffer.from(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (lines.length === count) break;
    if (read < size) {
      if (start < read) lines.push(Buffer.from(chunk.subarray(start, read)));
      break;
    }
    position += start;
    // a line longer than the chunk: read again with room for it
    if (start === 0) size *= 2;
  }
  return lines;
}
