import { codeUnitAt } from "../../core/code-units.js";
import type { ChunkTerm } from "../types.js";
import type { SqliteDatabase } from "./database.js";
import { postingsDocument, readForwardRow } from "./index-format.js";
import { writeBatch } from "./write-batch.js";

/**
 * Chunks written whose postings are not in `chunk_postings` yet (migration 9). FTS5 costs about
 * 0.3 ms a transaction over what the postings themselves cost (flushing and merging one more
 * small segment), as much as the rest of a page's write: written one page at a time, the postings
 * wait here until a few hundred chunks have come, then go into FTS5 together, in the transaction
 * of the page that fills the batch. Readers add these chunks, from their forward rows, to what
 * `chunk_postings` answers (texts.ts).
 */
export interface PendingPostings {
  /** A chunk just written: its postings wait for the batch. */
  add(chunkId: number, siteId: number, terms: readonly ChunkTerm[], row: string): void;
  /** A chunk written earlier (a draft's): its postings wait for the batch. */
  addStored(chunkId: number): void;
  /**
   * Once the batch is full, writes it into `chunk_postings`, one batch's worth at most (the
   * oldest chunks): a large page's thousands of chunks go in over several transactions, each
   * short (tens of milliseconds); inside a write transaction.
   */
  flushIfFull(): void;
  /** Whether a full batch may wait (so far as this connection knows): `flushIfFull` writes one. */
  full(): boolean;
  /** Writes every waiting chunk's postings; inside a write transaction. */
  flush(): void;
  /** Whether this connection left chunks waiting (what closing it should flush). */
  waiting(): boolean;
  /** The site's waiting chunks (as `holding` reads them): none most of the time. */
  rowsOf(siteId: number): WaitingRow[];
  /** The forward rows of the site's waiting chunks, by chunk id. */
  ofSite(siteId: number): { chunkId: number; terms: ChunkTerm[] }[];
}

/** A waiting chunk's id and forward row. */
export type WaitingRow = [chunkId: number, row: string];

/** The waiting chunks holding the term, by chunk id, with its frequency in each. */
export function holding(
  rows: readonly WaitingRow[],
  term: string,
): { chunkId: number; tf: number }[] {
  const spelt = `${JSON.stringify(term)},`;
  const out: { chunkId: number; tf: number }[] = [];
  for (const [chunkId, row] of rows) {
    const tf = frequencyIn(row, spelt);
    if (tf > 0) out.push({ chunkId, tf });
  }
  return out;
}

/**
 * The frequency a forward row (index-format.ts) gives the term spelt as JSON.stringify(term) and a
 * comma, 0 when it has none; without parsing the row. A term starts after "[" or ",": a quote
 * inside a JSON string is escaped, so the spelling found elsewhere is inside another term.
 */
function frequencyIn(row: string, spelt: string): number {
  for (let at = row.indexOf(spelt); at >= 0; at = row.indexOf(spelt, at + 1)) {
    const before = codeUnitAt(row, at - 1);
    if (before === 0x5b || before === 0x2c) {
      return Number.parseInt(row.slice(at + spelt.length), 10);
    }
  }
  return 0;
}

/** Chunks a batch holds: about 30 pages of a documentation site. */
export const PENDING_BATCH = 256;

export function pendingPostings(db: SqliteDatabase, batch = PENDING_BATCH): PendingPostings {
  const insert = db.prepare("INSERT INTO chunk_postings_pending (chunk_id) VALUES (?)");
  const count = db.prepare("SELECT count(*) FROM chunk_postings_pending").pluck();
  const oldest = db
    .prepare(
      `SELECT c.id, c.site_id, c.terms FROM chunk_postings_pending p
       CROSS JOIN chunks c ON c.id = p.chunk_id ORDER BY p.chunk_id LIMIT ?`,
    )
    .raw();
  // The few waiting chunks are read first (CROSS JOIN keeps that order: by site, SQLite would scan
  // every chunk of the site).
  const ofSite = db
    .prepare(
      `SELECT c.id, c.terms FROM chunk_postings_pending p
       CROSS JOIN chunks c ON c.id = p.chunk_id WHERE c.site_id = ? ORDER BY p.chunk_id`,
    )
    .raw();
  const index = db.prepare("INSERT INTO chunk_postings (rowid, terms) VALUES (?, ?)");
  const clear = db.prepare("DELETE FROM chunk_postings_pending WHERE chunk_id <= ?");
  // The documents of the chunks this connection wrote, kept so that the batch need not parse their
  // forward rows again; a chunk that differs (its write rolled back, the id reused) is parsed. A
  // batch goes in per transaction, so large pages leave thousands of chunks waiting: only the
  // oldest few batches' documents are kept, the later chunks' rows are parsed when their turn comes.
  const documents = new Map<number, { siteId: number; row: string; document: string }>();
  const documentsKept = batch * 4;

  /** Writes the `limit` oldest waiting chunks' postings (every one when `limit` is -1). */
  const flushOldest = (limit: number) => {
    const rows = oldest.all(limit) as [number, number, string][];
    for (const [id, siteId, row] of rows) {
      const known = documents.get(id);
      const same = known?.siteId === siteId && known.row === row;
      index.run(id, same ? known.document : postingsDocument(siteId, readForwardRow(row)));
      documents.delete(id);
    }
    const last = rows.at(-1);
    if (last) clear.run(last[0]);
    if (limit < 0 || rows.length < limit) {
      documents.clear();
      batched.flushed(0);
    } else batched.flushed(count.get() as number);
  };
  const batched = writeBatch(
    batch,
    () => count.get() as number,
    () => flushOldest(batch),
  );

  const rowsOf = (siteId: number) => ofSite.all(siteId) as WaitingRow[];

  return {
    add: (chunkId, siteId, terms, row) => {
      insert.run(chunkId);
      if (documents.size < documentsKept) {
        documents.set(chunkId, { siteId, row, document: postingsDocument(siteId, terms) });
      }
      batched.added(1);
    },
    addStored: (chunkId) => {
      insert.run(chunkId);
      batched.added(1);
    },
    flushIfFull: batched.flushIfFull,
    full: batched.full,
    flush: () => flushOldest(-1),
    waiting: batched.waiting,
    rowsOf,
    ofSite: (siteId) =>
      rowsOf(siteId).map(([chunkId, row]) => ({ chunkId, terms: readForwardRow(row) })),
  };
}
