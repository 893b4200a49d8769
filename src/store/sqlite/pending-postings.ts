import type { ChunkTerm } from "../types.js";
import type { SqliteDatabase } from "./database.js";
import { postingsDocument, readForwardRow } from "./index-format.js";

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
  /** Writes the batch into `chunk_postings` once it is full; inside a write transaction. */
  flushIfFull(): void;
  /** Writes every waiting chunk's postings; inside a write transaction. */
  flush(): void;
  /** Whether this connection left chunks waiting (what closing it should flush). */
  waiting(): boolean;
  /** The forward rows of the site's waiting chunks, by chunk id. */
  ofSite(siteId: number): { chunkId: number; terms: ChunkTerm[] }[];
}

/** Chunks a batch holds: about 30 pages of a documentation site. */
export const PENDING_BATCH = 256;

export function pendingPostings(db: SqliteDatabase, batch = PENDING_BATCH): PendingPostings {
  const insert = db.prepare("INSERT INTO chunk_postings_pending (chunk_id) VALUES (?)");
  const count = db.prepare("SELECT count(*) FROM chunk_postings_pending").pluck();
  const all = db
    .prepare(
      `SELECT c.id, c.site_id, c.terms FROM chunk_postings_pending p
       JOIN chunks c ON c.id = p.chunk_id ORDER BY c.id`,
    )
    .raw();
  const ofSite = db
    .prepare(
      `SELECT c.id, c.terms FROM chunk_postings_pending p
       JOIN chunks c ON c.id = p.chunk_id WHERE c.site_id = ? ORDER BY c.id`,
    )
    .raw();
  const index = db.prepare("INSERT INTO chunk_postings (rowid, terms) VALUES (?, ?)");
  const clear = db.prepare("DELETE FROM chunk_postings_pending");
  // The documents of the chunks this connection wrote, kept so that the batch need not parse their
  // forward rows again; a row that differs (the id reused by another process) is parsed.
  const documents = new Map<number, { row: string; document: string }>();
  let added = 0;

  const flush = () => {
    for (const [id, siteId, row] of all.all() as [number, number, string][]) {
      const known = documents.get(id);
      index.run(
        id,
        known?.row === row ? known.document : postingsDocument(siteId, readForwardRow(row)),
      );
    }
    clear.run();
    documents.clear();
    added = 0;
  };

  return {
    add: (chunkId, siteId, terms, row) => {
      insert.run(chunkId);
      documents.set(chunkId, { row, document: postingsDocument(siteId, terms) });
      added++;
    },
    // Counted in the file only once this connection's own count says the batch may be full
    // (another process may have written the batch since).
    flushIfFull: () => {
      if (added < batch) return;
      const waiting = count.get() as number;
      if (waiting >= batch) flush();
      else added = waiting;
    },
    flush,
    waiting: () => added > 0,
    ofSite: (siteId) =>
      (ofSite.all(siteId) as [number, string][]).map(([chunkId, row]) => ({
        chunkId,
        terms: readForwardRow(row),
      })),
  };
}
