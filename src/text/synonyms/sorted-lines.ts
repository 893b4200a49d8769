import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { readLinesAt } from "./read-lines.js";

const NEWLINE = 0x0a;
const BLOCK = 4096;
const MAX_CHUNK = 1 << 20;
/** Lookups are synchronous, so one read buffer serves them all. */
const scratch = Buffer.allocUnsafe(BLOCK * 2);

/**
 * A text file of lines sorted by key (the bytes before `separator`), searched without holding it
 * in memory: one key every BLOCK bytes stays in memory, and a lookup reads one block or two with
 * positioned reads. A file that turns out not to be sorted byte-wise (some MyThes files are sorted
 * by locale) is served from a map of key → line offsets instead: exact keys only.
 */
export interface SortedLines {
  /** Raw lines whose key equals `key`, or starts with it when `prefix`; in file order. */
  find(key: Buffer, prefix?: boolean): Buffer[];
  close(): void;
}

export interface SortedLinesOptions {
  separator: number;
  /** Header lines that are not part of the sorted body (MyThes .idx: encoding and count). */
  skipLines?: number;
  /** Sorted by construction: sample one key per block instead of checking every line. */
  trustOrder?: boolean;
}

export function openSortedLines(path: string, options: SortedLinesOptions): SortedLines {
  const fd = openSync(path, "r");
  try {
    if (options.trustOrder === true) {
      const scan = sampleAnchors(fd, options);
      return sortedFile(fd, options.separator, 0, scan.anchorOffsets, scan.anchorKeys);
    }
    const whole = readFileSync(fd);
    const scan = scanLines(whole, options);
    if (scan.sorted) {
      return sortedFile(fd, options.separator, scan.bodyStart, scan.anchorOffsets, scan.anchorKeys);
    }
    return mappedFile(fd, keyMap(whole, scan.bodyStart, options.separator));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Anchors read at each block boundary without reading the whole file: for files sorted by
 * construction (WordNet's), where checking every line would cost more than the lookups save.
 */
function sampleAnchors(fd: number, options: SortedLinesOptions): Scan {
  const scan: Scan = { sorted: true, bodyStart: 0, anchorOffsets: [0], anchorKeys: [""] };
  const size = fstatSync(fd).size;
  const window = Buffer.allocUnsafe(1024);
  for (let at = BLOCK; at < size; at += BLOCK) {
    const read = readSync(fd, window, 0, window.length, at - 1);
    const newline = window.indexOf(NEWLINE);
    if (newline < 0 || newline >= read - 1) continue;
    const keyEnd = window.indexOf(options.separator, newline + 1);
    if (keyEnd < 0 || keyEnd >= read) continue;
    const key = window.toString("latin1", newline + 1, keyEnd);
    if (key < (scan.anchorKeys.at(-1) as string)) throw new Error("not sorted");
    scan.anchorOffsets.push(at + newline);
    scan.anchorKeys.push(key);
  }
  return scan;
}

interface Scan {
  sorted: boolean;
  bodyStart: number;
  anchorOffsets: number[];
  /** Latin-1 strings keep byte order under JavaScript string comparison. */
  anchorKeys: string[];
}

function scanLines(buf: Buffer, options: SortedLinesOptions): Scan {
  let start = 0;
  for (let i = 0; i < (options.skipLines ?? 0); i++) {
    const end = buf.indexOf(NEWLINE, start);
    start = end < 0 ? buf.length : end + 1;
  }
  const scan: Scan = { sorted: true, bodyStart: start, anchorOffsets: [], anchorKeys: [] };
  let nextAnchor = start;
  let prevStart = -1;
  let prevEnd = -1;
  while (start < buf.length) {
    let end = buf.indexOf(NEWLINE, start);
    if (end < 0) end = buf.length;
    const keyEnd = keyEndOf(buf, start, end, options.separator);
    if (prevStart >= 0 && compareRanges(buf, prevStart, prevEnd, start, keyEnd) > 0) {
      scan.sorted = false;
      return scan;
    }
    if (start >= nextAnchor) {
      scan.anchorOffsets.push(start);
      scan.anchorKeys.push(buf.toString("latin1", start, keyEnd));
      nextAnchor = start + BLOCK;
    }
    prevStart = start;
    prevEnd = keyEnd;
    start = end + 1;
  }
  return scan;
}

/** Byte order of buf[a..aEnd) against buf[b..bEnd); Buffer#compare with ranges is far slower. */
function compareRanges(buf: Buffer, a: number, aEnd: number, b: number, bEnd: number): number {
  const n = Math.min(aEnd - a, bEnd - b);
  for (let i = 0; i < n; i++) {
    const d = (buf[a + i] as number) - (buf[b + i] as number);
    if (d !== 0) return d;
  }
  return aEnd - a - (bEnd - b);
}

function keyEndOf(buf: Buffer, start: number, end: number, separator: number): number {
  const at = buf.indexOf(separator, start);
  return at < 0 || at > end ? end : at;
}

function sortedFile(
  fd: number,
  separator: number,
  bodyStart: number,
  anchorOffsets: number[],
  anchorKeys: string[],
): SortedLines {
  return {
    find(key, prefix = false) {
      const wanted = key.toString("latin1");
      // the last anchor whose key sorts before the wanted one: equal keys may start before it
      let lo = 0;
      let hi = anchorKeys.length - 1;
      let from = bodyStart;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if ((anchorKeys[mid] as string) < wanted) {
          from = anchorOffsets[mid] as number;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      return scanFrom(fd, from, { key, prefix, separator });
    },
    close: () => closeSync(fd),
  };
}

interface Wanted {
  key: Buffer;
  prefix: boolean;
  separator: number;
}

function scanFrom(fd: number, from: number, wanted: Wanted): Buffer[] {
  const found: Buffer[] = [];
  let position = from;
  let size = BLOCK * 2;
  while (size <= MAX_CHUNK) {
    const chunk = size === scratch.length ? scratch : Buffer.allocUnsafe(size);
    const read = readSync(fd, chunk, 0, size, position);
    if (read === 0) return found;
    const atEnd = read < size;
    let start = 0;
    while (start < read) {
      let end = chunk.indexOf(NEWLINE, start);
      if (end < 0 || end >= read) {
        if (!atEnd) break;
        end = read;
      }
      const order = compareKey(chunk, start, end, wanted);
      if (order > 0) return found;
      if (order === 0) found.push(Buffer.from(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (atEnd) return found;
    // a line longer than the chunk: read it again with room for it
    if (start === 0) size *= 2;
    position += start;
  }
  return found;
}

/** <0: the key of chunk[start..end) sorts before the wanted one; 0: it matches; >0: after. */
function compareKey(chunk: Buffer, start: number, end: number, wanted: Wanted): number {
  const { key, prefix, separator } = wanted;
  for (let i = 0; i < key.length; i++) {
    const at = start + i;
    const byte = at < end ? (chunk[at] as number) : separator;
    // the line's key ended first: it sorts before
    if (byte === separator) return -1;
    const d = byte - (key[i] as number);
    if (d !== 0) return d;
  }
  if (prefix) return 0;
  const next = start + key.length;
  return next >= end || chunk[next] === separator ? 0 : 1;
}

function keyMap(buf: Buffer, bodyStart: number, separator: number): Map<string, number[]> {
  const map = new Map<string, number[]>();
  let start = bodyStart;
  while (start < buf.length) {
    let end = buf.indexOf(NEWLINE, start);
    if (end < 0) end = buf.length;
    const key = buf.toString("latin1", start, keyEndOf(buf, start, end, separator));
    const offsets = map.get(key);
    if (offsets === undefined) map.set(key, [start]);
    else offsets.push(start);
    start = end + 1;
  }
  return map;
}

function mappedFile(fd: number, map: Map<string, number[]>): SortedLines {
  return {
    find(key) {
      const offsets = map.get(key.toString("latin1")) ?? [];
      return offsets.flatMap((offset) => readLinesAt(fd, offset, 1));
    },
    close: () => closeSync(fd),
  };
}
