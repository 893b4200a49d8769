import type Database from "better-sqlite3";
import type { ChunkTerm } from "../types.js";
import { forwardRow, postingsDocument } from "./index-format.js";

/**
 * Migration 6: the text index keeps terms as they are instead of ids. The FTS5 index of repeated
 * term-id tokens (`chunk_terms`) and the `terms` table give way to `chunk_postings`, one token per
 * term and frequency (index-format.ts); each chunk's forward row "id:tf id:tf …" becomes its
 * terms with their frequencies.
 */
export function moveToTermsWithoutIds(db: Database.Database): void {
  db.exec(`
    DROP TRIGGER chunks_unindex;
    DROP TABLE chunk_term_instances;
    DROP TABLE chunk_term_counts;
    DROP TABLE chunk_terms;

    -- The inverted index: one document per chunk (rowid = chunk id), one token per term and
    -- frequency. FTS5 writes each transaction as a small segment and merges them in the
    -- background, so adding a page costs what the page holds, not one random B-tree leaf per term
    -- (what a plain postings table keyed by term costs: 3x slower than this here). Without
    -- positions (detail = none) or a copy of the documents (content = '') it writes little more
    -- than the postings; contentless_delete lets a removed chunk's postings go.
    CREATE VIRTUAL TABLE chunk_postings USING fts5 (
      terms, tokenize = 'ascii', detail = none, content = '', contentless_delete = 1
    );
    CREATE VIRTUAL TABLE chunk_posting_docs USING fts5vocab (chunk_postings, instance);
    CREATE VIRTUAL TABLE chunk_posting_counts USING fts5vocab (chunk_postings, row);
    CREATE TRIGGER chunks_unindex AFTER DELETE ON chunks
    BEGIN
      DELETE FROM chunk_postings WHERE rowid = OLD.id;
    END;
  `);
  const names = new Map<number, string>();
  for (const [id, term] of db.prepare("SELECT id, term FROM terms").raw().all() as [
    number,
    string,
  ][]) {
    names.set(id, term);
  }
  const rewrite = db.prepare("UPDATE chunks SET terms = ? WHERE id = ?");
  const index = db.prepare("INSERT INTO chunk_postings (rowid, terms) VALUES (?, ?)");
  const chunks = db.prepare("SELECT id, site_id, terms FROM chunks ORDER BY id").raw();
  for (const [id, siteId, vector] of chunks.all() as [number, number, string][]) {
    const terms = termsOfVector(vector, names);
    rewrite.run(forwardRow(terms), id);
    index.run(id, postingsDocument(siteId, terms));
  }
  db.exec("DROP TABLE terms");
}

/** The terms of a forward row written before migration 6 ("id:tf id:tf …"). */
function termsOfVector(vector: string, names: Map<number, string>): ChunkTerm[] {
  if (vector === "") return [];
  return vector.split(" ").map((pair) => {
    const colon = pair.indexOf(":");
    return {
      term: names.get(Number(pair.slice(0, colon))) ?? "",
      tf: Number(pair.slice(colon + 1)),
    };
  });
}
