/**
 * When rows that wait for a batch (pending-postings.ts, pending-anchors.ts) are written out. Each
 * connection counts what it added; the file's own count, which other processes add to as well, is
 * read only once that count says the batch may be full.
 */
export interface WriteBatch {
  /** This connection added `n` waiting items. */
  added(n: number): void;
  /** Writes the batch out when the file holds a full one; inside a write transaction. */
  flushIfFull(): void;
  /** The batch was written out (by this connection), all but `left` items. */
  flushed(left?: number): void;
  /** Whether this connection added items that may still wait. */
  waiting(): boolean;
  /** Whether this connection added a batch's worth that may still wait. */
  full(): boolean;
}

export function writeBatch(size: number, countInFile: () => number, flush: () => void): WriteBatch {
  let added = 0;
  return {
    added(n) {
      added += n;
    },
    flushIfFull() {
      if (added < size) return;
      const waiting = countInFile();
      if (waiting >= size) flush();
      else added = waiting;
    },
    flushed(left = 0) {
      added = left;
    },
    waiting: () => added > 0,
    full: () => added >= size,
  };
}
