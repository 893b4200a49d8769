import type {
  AnchorRecord,
  BoilerplateRecord,
  ChunkInput,
  PageRecord,
  SectionRecord,
} from "../types.js";
import type { SqliteDatabase } from "./database.js";
import { forwardRow } from "./index-format.js";
import { preparePagePut } from "./pages.js";
import type { PendingAnchors } from "./pending-anchors.js";
import type { PendingPostings } from "./pending-postings.js";

/**
 * A page's text in versions (migration 17). Its blocks, sections and passage places are kept
 * under the page's id and a version number, and readers see the version its `page_texts` row
 * names (`text_id`). Written in one transaction, a page's new text takes version 0 or 1 (the one
 * it does not show), so its rows stay beside those they replace.
 *
 * A large page is written as a draft instead: over several transactions, under a version no page
 * names (its `page_drafts` id + 1). Readers never meet a draft's rows, and the chunks it brings
 * are staged (`chunks_staged`): neither in the postings nor in `index_stats`. `commit` names the
 * version in the page's row, takes its chunks out of staging and drops the version the page
 * showed, in one transaction whose size does not grow with the page (except for the chunks the
 * old version alone held): the text shows whole, and at once. A crash in between leaves a draft
 * nobody sees or counts, which `abandoned` finds. Every function here runs inside the caller's
 * write transaction.
 */
export interface TextVersions {
  /**
   * Where the page's next text goes when written in one transaction, and the version it shows
   * now (if any): see `putWhole`.
   */
  next(siteId: number, url: string): WholeVersion;
  /**
   * The blocks and sections of a text written in one transaction. The version it replaces gives
   * up its sections first (the new ones take their room), and its blocks too, unless they are
   * the same (a page indexed again from its stored blocks): those rows are then only renamed,
   * which SQLite does without rewriting them. The old version's places stay: they hold the chunks
   * the new text shares until its own places hold them too.
   */
  putWhole(at: WholeVersion, blocks: string, sections: readonly SectionRecord[]): void;
  /** Starts a draft of the page's text: its id. */
  startDraft(siteId: number, url: string): number;
  /** The draft and where it is written; undefined once committed or dropped. */
  draft(draftId: number): (Version & { siteId: number; url: string }) | undefined;
  /** Part `part` of the blocks JSON (the parts, in order, make the whole). */
  putBlocks(at: Version, part: number, blocks: string): void;
  /** Sections `from`, `from + 1`, … of the text. */
  putSections(at: Version, from: number, sections: readonly SectionRecord[]): void;
  /**
   * Passages `from`, `from + 1`, … of the text, with their chunks: a chunk the site holds (same
   * hash) is reused, a new one written. `staged` (a draft): the new chunks wait for `commit` to
   * enter the postings and the counts; otherwise they enter now.
   */
  putChunks(
    at: Version,
    siteId: number,
    from: number,
    chunks: readonly ChunkInput[],
    staged: boolean,
  ): void;
  /**
   * Whether a text may be shown: with `page` (a page written), unless the site's domain is
   * blocked (a crawl still in flight when the block came must not write back what it removed);
   * without (a text updated), only while the page is still indexed.
   */
  mayShow(siteId: number, url: string, page: PageRecord | null): boolean;
  /**
   * Shows the version as the page's text (putting `page` too, when given) and drops the one it
   * showed, once `mayShow` said it may; a draft is done with then. False, nothing done, for a
   * text updated (no `page`) when the page was removed and written anew since the draft began.
   * `anchors` absent: the page's anchors stay.
   */
  commit(at: Version, commit: VersionCommit): boolean;
  /** Removes up to `limit` rows' worth of a draft; true once nothing of it is left. */
  dropSome(draftId: number, limit: number): boolean;
  /** The site's drafts started before `before` (ms): abandoned. */
  abandoned(siteId: number, before: number): number[];
}

/** Where a text is written: its page's id, and its version. */
export interface Version {
  pageId: number;
  textId: number;
  /** The draft it is, if one. */
  draftId?: number;
}

/** Where a text written in one transaction goes (version 0 or 1), and the version shown now. */
export interface WholeVersion extends Version {
  shown?: number;
}

export interface VersionCommit {
  siteId: number;
  url: string;
  page: PageRecord | null;
  boilerplate: BoilerplateRecord;
  anchors?: readonly AnchorRecord[] | undefined;
}

export function textVersions(
  db: SqliteDatabase,
  pending: PendingPostings,
  waitingAnchors: PendingAnchors,
  isBlocked: (siteId: number) => boolean,
): TextVersions {
  const putPage = preparePagePut(db);
  const pageText = db.prepare("SELECT id, text_id FROM page_texts WHERE site_id = ? AND url = ?");
  const pagePresent = db.prepare("SELECT 1 FROM pages WHERE site_id = ? AND url = ?").pluck();
  // A new page's id: above every page's, and every id kept for a draft's page.
  const newPageId = db
    .prepare(
      `SELECT max(coalesce((SELECT max(id) FROM page_texts), 0),
         coalesce((SELECT max(page_id) FROM page_drafts), 0)) + 1`,
    )
    .pluck();
  const insertDraft = db.prepare(
    "INSERT INTO page_drafts (site_id, url, page_id, started_at) VALUES (?, ?, ?, ?)",
  );
  const draftRow = db.prepare("SELECT site_id, url, page_id FROM page_drafts WHERE id = ?");
  const endDraft = db.prepare("DELETE FROM page_drafts WHERE id = ?");
  const abandoned = db
    .prepare("SELECT id FROM page_drafts WHERE site_id = ? AND started_at < ? ORDER BY id")
    .pluck();
  const insertBlocks = db.prepare(
    "INSERT INTO text_blocks (page_id, text_id, part, blocks) VALUES (?, ?, ?, ?)",
  );
  const insertSection = db.prepare(
    `INSERT INTO sections (page_id, text_id, ord, heading_path, anchor, lang, text)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const chunkByHash = db.prepare("SELECT id FROM chunks WHERE site_id = ? AND hash = ?").pluck();
  const insertChunk = db.prepare(
    `INSERT INTO chunks (site_id, hash, text, lang, length, sentences, terms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const stage = db.prepare("INSERT INTO chunks_staged (chunk_id) VALUES (?)");
  const unstage = db.prepare("DELETE FROM chunks_staged WHERE chunk_id = ?");
  const anyStaged = db.prepare("SELECT 1 FROM chunks_staged LIMIT 1").pluck();
  const stagedOf = db
    .prepare(
      `SELECT c.id, c.length FROM chunk_places p
       JOIN chunks_staged s ON s.chunk_id = p.chunk_id JOIN chunks c ON c.id = p.chunk_id
       WHERE p.page_id = ? AND p.text_id = ?`,
    )
    .raw();
  const insertPlace = db.prepare(
    `INSERT INTO chunk_places (page_id, text_id, ord, chunk_id, section, anchor, later_anchors,
       span_start, span_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const countChunks = db.prepare(
    `INSERT INTO index_stats (site_id, chunks, total_length) VALUES (?, ?, ?)
     ON CONFLICT (site_id) DO UPDATE SET chunks = chunks + excluded.chunks,
       total_length = total_length + excluded.total_length`,
  );
  const insertPageText = db.prepare(
    `INSERT INTO page_texts (id, site_id, url, fingerprints, mask, text_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const pointPage = db.prepare(
    "UPDATE page_texts SET fingerprints = ?, mask = ?, text_id = ? WHERE id = ?",
  );
  const removePageText = db.prepare("DELETE FROM page_texts WHERE id = ?");
  const dropPlaces = db.prepare(
    `DELETE FROM chunk_places WHERE page_id = ? AND text_id = ? AND ord IN (
       SELECT ord FROM chunk_places WHERE page_id = ? AND text_id = ? LIMIT ?)`,
  );
  const dropAllPlaces = db.prepare("DELETE FROM chunk_places WHERE page_id = ? AND text_id = ?");
  const dropSections = db.prepare("DELETE FROM sections WHERE page_id = ? AND text_id = ?");
  const dropBlocks = db.prepare("DELETE FROM text_blocks WHERE page_id = ? AND text_id = ?");
  const blocksOf = db
    .prepare(
      "SELECT group_concat(blocks, '' ORDER BY part) FROM text_blocks WHERE page_id = ? AND text_id = ?",
    )
    .pluck();
  const renameBlocks = db.prepare(
    "UPDATE text_blocks SET text_id = ? WHERE page_id = ? AND text_id = ?",
  );

  /** A version's rows; the chunks only its places held leave the index (chunk_places_release). */
  const dropVersion = (pageId: number, textId: number) => {
    dropAllPlaces.run(pageId, textId);
    dropSections.run(pageId, textId);
    dropBlocks.run(pageId, textId);
  };
  /** Enters a chunk into the postings (they wait in the batch) and the counts. */
  const show = (
    chunkId: number,
    siteId: number,
    chunk: ChunkInput,
    row: string,
    counted: { chunks: number; length: number },
  ) => {
    pending.add(chunkId, siteId, chunk.terms, row);
    counted.chunks++;
    counted.length += chunk.length;
  };
  const putSections = (at: Version, from: number, sections: readonly SectionRecord[]) => {
    sections.forEach((s, i) => {
      insertSection.run(
        at.pageId,
        at.textId,
        from + i,
        JSON.stringify(s.headingPath),
        s.anchor,
        s.lang,
        s.text,
      );
    });
  };
  const draftOf = (draftId: number) => {
    const row = draftRow.get(draftId) as
      | { site_id: number; url: string; page_id: number }
      | undefined;
    return row
      ? { siteId: row.site_id, url: row.url, pageId: row.page_id, textId: draftId + 1, draftId }
      : undefined;
  };

  return {
    next: (siteId, url) => {
      const shown = pageText.get(siteId, url) as { id: number; text_id: number } | undefined;
      if (!shown) return { pageId: newPageId.get() as number, textId: 0 };
      return { pageId: shown.id, textId: shown.text_id === 0 ? 1 : 0, shown: shown.text_id };
    },
    putWhole: (at, blocks, sections) => {
      let written = false;
      if (at.shown !== undefined) {
        dropSections.run(at.pageId, at.shown);
        if (blocksOf.get(at.pageId, at.shown) === blocks) {
          renameBlocks.run(at.textId, at.pageId, at.shown);
          written = true;
        } else dropBlocks.run(at.pageId, at.shown);
      }
      if (!written) insertBlocks.run(at.pageId, at.textId, 0, blocks);
      putSections(at, 0, sections);
    },
    startDraft: (siteId, url) => {
      const shown = pageText.get(siteId, url) as { id: number } | undefined;
      const pageId = shown?.id ?? (newPageId.get() as number);
      return Number(insertDraft.run(siteId, url, pageId, Date.now()).lastInsertRowid);
    },
    draft: draftOf,
    putBlocks: (at, part, blocks) => {
      insertBlocks.run(at.pageId, at.textId, part, blocks);
    },
    putSections,
    putChunks: (at, siteId, from, chunks, staged) => {
      // Counted once per call rather than by a trigger per chunk (migration 5): a trigger's
      // write cost most of a chunk's insert.
      const counted = { chunks: 0, length: 0 };
      // Almost always none: then no chunk this text reuses needs looking up there.
      const staging = !staged && anyStaged.get() !== undefined;
      chunks.forEach((chunk, i) => {
        let chunkId = chunkByHash.get(siteId, chunk.hash) as number | undefined;
        if (chunkId === undefined) {
          const row = forwardRow(chunk.terms);
          chunkId = Number(
            insertChunk.run(
              siteId,
              chunk.hash,
              chunk.text,
              chunk.lang,
              chunk.length,
              JSON.stringify(chunk.sentences),
              row,
            ).lastInsertRowid,
          );
          if (staged) stage.run(chunkId);
          else show(chunkId, siteId, chunk, row, counted);
        } else if (staging && unstage.run(chunkId).changes > 0) {
          // A chunk a draft brought (one still being written, or one a crash left): this page
          // shows it now.
          show(chunkId, siteId, chunk, forwardRow(chunk.terms), counted);
        }
        insertPlace.run(
          at.pageId,
          at.textId,
          from + i,
          chunkId,
          chunk.section,
          chunk.anchor,
          chunk.laterAnchors ? JSON.stringify(chunk.laterAnchors) : null,
          chunk.start,
          chunk.end,
        );
      });
      if (counted.chunks > 0) countChunks.run(siteId, counted.chunks, counted.length);
    },
    mayShow: (siteId, url, page) =>
      page ? !isBlocked(siteId) : pagePresent.get(siteId, url) !== undefined,
    commit: (at, { siteId, url, page, boilerplate, anchors }) => {
      const shown = pageText.get(siteId, url) as { id: number; text_id: number } | undefined;
      // A draft's page removed and written anew meanwhile: that copy gives way to a page
      // written, and is left to a text updated (it is no longer the page the draft was made of).
      if (shown && shown.id !== at.pageId) {
        if (!page) return false;
        removePageText.run(shown.id);
      }
      if (page) putPage(page);
      const fingerprints = JSON.stringify(boilerplate.fingerprints);
      const kept = shown?.id === at.pageId ? shown : undefined;
      if (kept) pointPage.run(fingerprints, boilerplate.mask, at.textId, at.pageId);
      else insertPageText.run(at.pageId, siteId, url, fingerprints, boilerplate.mask, at.textId);
      if (anyStaged.get() !== undefined) {
        const counted = { chunks: 0, length: 0 };
        for (const [chunkId, length] of stagedOf.all(at.pageId, at.textId) as [number, number][]) {
          // Its postings document is made from its forward row when the batch is written.
          if (unstage.run(chunkId).changes === 0) continue;
          pending.addStored(chunkId);
          counted.chunks++;
          counted.length += length;
        }
        if (counted.chunks > 0) countChunks.run(siteId, counted.chunks, counted.length);
      }
      if (anchors) waitingAnchors.put(at.pageId, siteId, anchors, kept !== undefined);
      if (kept && kept.text_id !== at.textId) dropVersion(at.pageId, kept.text_id);
      if (at.draftId !== undefined) endDraft.run(at.draftId);
      return true;
    },
    dropSome: (draftId, limit) => {
      const at = draftOf(draftId);
      if (!at) return true;
      // Places first, a batch at a time: each may release a chunk, the costly part.
      if (dropPlaces.run(at.pageId, at.textId, at.pageId, at.textId, limit).changes > 0) {
        return false;
      }
      dropVersion(at.pageId, at.textId);
      endDraft.run(draftId);
      return true;
    },
    abandoned: (siteId, before) => abandoned.all(siteId, before) as number[],
  };
}
