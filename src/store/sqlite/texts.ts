import type Database from "better-sqlite3";
import type {
  BoilerplateRecord,
  ChunkInput,
  ChunkPlace,
  ChunkRecord,
  ChunkTerms,
  PageRecord,
  PageText,
  SectionRecord,
  TermPostings,
  TextIndex,
} from "../types.js";
import { parentDomains } from "./block-list.js";
import type { SqliteDatabase } from "./database.js";
import { preparePagePut } from "./pages.js";

interface ChunkRow {
  id: number;
  site_id: number;
  hash: string;
  text: string;
  lang: string;
  length: number;
  sentences: string;
}

interface PlaceRow {
  url: string;
  title: string | null;
  section: number;
  heading_path: string | null;
  anchor: string | null;
  span_start: number;
  span_end: number;
}

/** The inverted index's token for a term: its site and id ("s12t345"). */
const tokenOf = (siteId: number, termId: number) => `s${siteId}t${termId}`;

/** How long a page waits for others to share its commit (a fraction of the 0.5 s between requests). */
const GROUP_COMMIT_MS = 15;

/** Terms remembered per site before the cache is emptied. */
const TERM_CACHE = 200_000;

/**
 * The text index in SQLite (migration 3). Terms are stored as ids; the inverted index is an FTS5
 * table whose documents are the chunks' term tokens (`chunk_terms`), read through its fts5vocab
 * tables, and the forward index is each chunk's `terms` column.
 */
export function sqliteTexts(db: SqliteDatabase): TextIndex {
  const putPage = preparePagePut(db);
  const upsertText = db.prepare(
    `INSERT INTO page_texts (site_id, url, fingerprints, blocks, mask) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (site_id, url) DO UPDATE SET fingerprints = excluded.fingerprints,
       blocks = excluded.blocks, mask = excluded.mask
     RETURNING id`,
  );
  const dropSections = db.prepare("DELETE FROM sections WHERE page_id = ?");
  const insertSection = db.prepare(
    "INSERT INTO sections (page_id, ord, heading_path, anchor, lang, text) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const chunkByHash = db.prepare("SELECT id FROM chunks WHERE site_id = ? AND hash = ?").pluck();
  const insertChunk = db.prepare(
    `INSERT INTO chunks (site_id, hash, text, lang, length, sentences, terms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const indexChunk = db.prepare("INSERT INTO chunk_terms (rowid, terms) VALUES (?, ?)");
  const insertPlace = db.prepare(
    `INSERT INTO chunk_places (page_id, ord, chunk_id, section, anchor, span_start, span_end)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const dropOldPlaces = db.prepare("DELETE FROM chunk_places WHERE page_id = ? AND ord >= 0");
  const settlePlaces = db.prepare(
    "UPDATE chunk_places SET ord = -ord - 1 WHERE page_id = ? AND ord < 0",
  );
  const termId = db.prepare("SELECT id FROM terms WHERE site_id = ? AND term = ?").pluck();
  // A term this process has not seen is most likely new: insert first, read only when another
  // process (or an earlier run) has it already.
  const insertTerm = db.prepare("INSERT OR IGNORE INTO terms (site_id, term) VALUES (?, ?)");
  const countChunks = db.prepare(
    `INSERT INTO index_stats (site_id, chunks, total_length) VALUES (?, ?, ?)
     ON CONFLICT (site_id) DO UPDATE SET chunks = chunks + excluded.chunks,
       total_length = total_length + excluded.total_length`,
  );
  const removePage = db.prepare("DELETE FROM pages WHERE site_id = ? AND url = ?");
  const sections = db.prepare(
    `SELECT s.heading_path, s.anchor, s.lang, s.text FROM sections s
     JOIN page_texts t ON t.id = s.page_id WHERE t.site_id = ? AND t.url = ? ORDER BY s.ord`,
  );
  const boilerplate = db.prepare(
    "SELECT url, fingerprints, mask FROM page_texts WHERE site_id = ?",
  );
  const blocks = db.prepare("SELECT blocks FROM page_texts WHERE site_id = ? AND url = ?").pluck();
  const stats = db.prepare("SELECT chunks, total_length FROM index_stats WHERE site_id = ?");
  const pageCount = db.prepare("SELECT count(*) FROM page_texts WHERE site_id = ?").pluck();
  const instances = db.prepare("SELECT doc FROM chunk_term_instances WHERE term = ?").pluck();
  const documents = db.prepare("SELECT doc FROM chunk_term_counts WHERE term = ?").pluck();
  // Tokens sort by site ("s12t…" before "s12u"), so a site's vocabulary is one range.
  const siteCounts = db
    .prepare("SELECT term, doc FROM chunk_term_counts WHERE term >= ? AND term < ?")
    .raw();
  const siteTerms = db.prepare("SELECT id, term FROM terms WHERE site_id = ?").raw();
  const chunk = db.prepare("SELECT * FROM chunks WHERE id = ?");
  const chunkTermsOf = db.prepare(
    "SELECT id, length, terms FROM chunks WHERE id = ? AND site_id = ?",
  );
  const siteChunkTerms = db.prepare(
    "SELECT id, length, terms FROM chunks WHERE site_id = ? ORDER BY id",
  );
  const places = db.prepare(
    `SELECT t.url, p.title, c.section, s.heading_path, c.anchor, c.span_start, c.span_end
     FROM chunk_places c
     JOIN page_texts t ON t.id = c.page_id
     JOIN pages p ON p.site_id = t.site_id AND p.url = t.url
     LEFT JOIN sections s ON s.page_id = c.page_id AND s.ord = c.section
     WHERE c.chunk_id = ? AND c.ord >= 0 ORDER BY t.url, c.ord`,
  );

  // Term ids never change while the site exists, so they are remembered; a rolled-back write
  // forgets them, since ids handed out inside it were never committed.
  const termIds = new Map<number, Map<string, number>>();
  const idsOf = (siteId: number) => {
    let ids = termIds.get(siteId);
    if (!ids) {
      ids = new Map();
      termIds.set(siteId, ids);
    }
    return ids;
  };
  const idOf = (siteId: number, term: string, create: boolean): number | undefined => {
    const ids = idsOf(siteId);
    let id = ids.get(term);
    if (id === undefined) {
      if (create) {
        const inserted = insertTerm.run(siteId, term);
        if (inserted.changes === 1) id = Number(inserted.lastInsertRowid);
      }
      id ??= termId.get(siteId, term) as number | undefined;
      if (id === undefined) return undefined;
      if (ids.size >= TERM_CACHE) ids.clear();
      ids.set(term, id);
    }
    return id;
  };
  const termNames = (siteId: number) => {
    const names = new Map<number, string>();
    for (const [id, term] of siteTerms.all(siteId) as [number, string][]) names.set(id, term);
    return names;
  };

  /** Chunks added by the page being written and their total length, for `index_stats`. */
  const added = { chunks: 0, length: 0 };
  const chunkIdFor = (siteId: number, chunk: ChunkInput): number => {
    const known = chunkByHash.get(siteId, chunk.hash) as number | undefined;
    if (known !== undefined) return known;
    added.chunks++;
    added.length += chunk.length;
    const vector: string[] = [];
    const tokens: string[] = [];
    for (const t of chunk.terms) {
      const id = idOf(siteId, t.term, true) as number;
      vector.push(`${id}:${t.tf}`);
      const token = tokenOf(siteId, id);
      for (let i = 0; i < t.tf; i++) tokens.push(token);
    }
    const id = Number(
      insertChunk.run(
        siteId,
        chunk.hash,
        chunk.text,
        chunk.lang,
        chunk.length,
        JSON.stringify(chunk.sentences),
        vector.join(" "),
      ).lastInsertRowid,
    );
    indexChunk.run(id, tokens.join(" "));
    return id;
  };

  const pagePresent = db.prepare("SELECT 1 FROM pages WHERE site_id = ? AND url = ?").pluck();
  const siteHost = db.prepare("SELECT host FROM sites WHERE id = ?").pluck();
  const blockedCount = new Map<number, Database.Statement>();
  const isBlocked = (siteId: number): boolean => {
    const host = siteHost.get(siteId) as string | undefined;
    if (host === undefined) return false;
    const domains = parentDomains(host);
    let statement = blockedCount.get(domains.length);
    if (!statement) {
      statement = db
        .prepare(
          `SELECT 1 FROM blocked_domains WHERE domain IN (${domains.map(() => "?").join(",")}) LIMIT 1`,
        )
        .pluck();
      blockedCount.set(domains.length, statement);
    }
    return statement.get(...domains) !== undefined;
  };

  const writeText = (siteId: number, url: string, text: PageText) => {
    const { id: pageId } = upsertText.get(
      siteId,
      url,
      JSON.stringify(text.boilerplate.fingerprints),
      text.blocks,
      text.boilerplate.mask,
    ) as { id: number };
    dropSections.run(pageId);
    text.sections.forEach((s, ord) => {
      insertSection.run(pageId, ord, JSON.stringify(s.headingPath), s.anchor, s.lang, s.text);
    });
    // The new places go in under negative ords first, so that a chunk the page keeps is still
    // held when the old places are dropped (the release trigger would remove it otherwise).
    added.chunks = 0;
    added.length = 0;
    text.chunks.forEach((chunk, ord) => {
      const chunkId = chunkIdFor(siteId, chunk);
      insertPlace.run(
        pageId,
        -ord - 1,
        chunkId,
        chunk.section,
        chunk.anchor,
        chunk.start,
        chunk.end,
      );
    });
    // Counted once per page rather than by a trigger per chunk (migration 5): a trigger's write
    // cost most of a chunk's insert.
    if (added.chunks > 0) countChunks.run(siteId, added.chunks, added.length);
    dropOldPlaces.run(pageId);
    settlePlaces.run(pageId);
  };
  // A crawl still in flight when its domain was blocked (by another process) must not write back
  // what the block removed: the check and the write are one transaction.
  const replaceOne = (page: PageRecord, text: PageText) => {
    if (isBlocked(page.siteId)) return false;
    putPage(page);
    writeText(page.siteId, page.url, text);
    return true;
  };
  const replace = db.transaction(replaceOne);

  // Group commit: pages handed over within a few milliseconds of each other (many sites crawled
  // at once) are written in one transaction; the commit is most of a page's write cost. Each page
  // is still all-or-nothing, and its promise resolves only once it is committed. A failed group is
  // retried page by page, so one bad page fails alone.
  type Queued = {
    page: PageRecord;
    text: PageText;
    done: (ok: boolean) => void;
    fail: (e: unknown) => void;
  };
  let queue: Queued[] = [];
  let scheduled = false;
  let lastGroup = 0;
  const writeGroup = db.transaction((group: Queued[]) =>
    group.map((q) => replaceOne(q.page, q.text)),
  );
  const flush = () => {
    scheduled = false;
    const group = queue;
    queue = [];
    lastGroup = group.length;
    try {
      const results = writeGroup.immediate(group);
      for (const [i, q] of group.entries()) q.done(results[i] as boolean);
    } catch {
      // The rolled-back group may have cached term ids it never committed.
      for (const q of group) termIds.delete(q.page.siteId);
      for (const q of group) {
        try {
          q.done(replace.immediate(q.page, q.text));
        } catch (error) {
          termIds.delete(q.page.siteId);
          q.fail(error);
        }
      }
    }
  };
  const update = db.transaction((siteId: number, url: string, text: PageText) => {
    if (pagePresent.get(siteId, url) === undefined) return false;
    writeText(siteId, url, text);
    return true;
  });

  const toPlace = (row: PlaceRow): ChunkPlace => ({
    url: row.url,
    title: row.title,
    section: row.section,
    headingPath: row.heading_path ? (JSON.parse(row.heading_path) as string[]) : [],
    anchor: row.anchor,
    start: row.span_start,
    end: row.span_end,
  });

  const toChunkTerms = (
    row: { id: number; length: number; terms: string },
    names: Map<number, string>,
  ): ChunkTerms => ({
    chunkId: row.id,
    length: row.length,
    terms:
      row.terms === ""
        ? []
        : row.terms.split(" ").map((pair) => {
            const colon = pair.indexOf(":");
            return {
              term: names.get(Number(pair.slice(0, colon))) ?? "",
              tf: Number(pair.slice(colon + 1)),
            };
          }),
  });

  return {
    replacePage: (page, text) =>
      new Promise<boolean>((done, fail) => {
        queue.push({ page, text, done, fail });
        // Wait for company only when pages have been arriving together (a sequential caller,
        // which awaits each page, never waits).
        if (!scheduled) {
          scheduled = true;
          if (lastGroup > 1) setTimeout(flush, GROUP_COMMIT_MS);
          else setImmediate(flush);
        }
      }),
    updateText: async (siteId, url, text) => {
      try {
        return update.immediate(siteId, url, text);
      } catch (error) {
        termIds.delete(siteId);
        throw error;
      }
    },
    removePage: async (siteId, url) => removePage.run(siteId, url).changes > 0,
    sections: async (siteId, url) =>
      (
        sections.all(siteId, url) as {
          heading_path: string;
          anchor: string | null;
          lang: string;
          text: string;
        }[]
      ).map(
        (row): SectionRecord => ({
          headingPath: JSON.parse(row.heading_path) as string[],
          anchor: row.anchor,
          lang: row.lang,
          text: row.text,
        }),
      ),
    boilerplate: async (siteId) => {
      const out = new Map<string, BoilerplateRecord>();
      for (const row of boilerplate.all(siteId) as {
        url: string;
        fingerprints: string;
        mask: string;
      }[]) {
        out.set(row.url, {
          fingerprints: JSON.parse(row.fingerprints) as number[],
          mask: row.mask,
        });
      }
      return out;
    },
    blocks: async (siteId, url) => (blocks.get(siteId, url) as string | undefined) ?? null,
    stats: async (siteId) => {
      const row = stats.get(siteId) as { chunks: number; total_length: number } | undefined;
      return {
        chunks: row?.chunks ?? 0,
        totalLength: row?.total_length ?? 0,
        pages: pageCount.get(siteId) as number,
      };
    },
    postings: async (siteId, terms) => {
      const out: TermPostings[] = [];
      for (const term of terms) {
        const id = idOf(siteId, term, false);
        if (id === undefined) continue;
        const chunkIds: number[] = [];
        const tf: number[] = [];
        // Instances come in chunk order: one row per occurrence.
        for (const doc of instances.all(tokenOf(siteId, id)) as number[]) {
          if (chunkIds[chunkIds.length - 1] === doc)
            tf[tf.length - 1] = (tf[tf.length - 1] ?? 0) + 1;
          else {
            chunkIds.push(doc);
            tf.push(1);
          }
        }
        out.push({ term, df: chunkIds.length, chunkIds, tf });
      }
      return out;
    },
    documentFrequencies: async (siteId, terms) => {
      const out = new Map<string, number>();
      for (const term of terms) {
        const id = idOf(siteId, term, false);
        out.set(
          term,
          id === undefined ? 0 : ((documents.get(tokenOf(siteId, id)) as number | undefined) ?? 0),
        );
      }
      return out;
    },
    chunkTerms: async (siteId, chunkIds) => {
      const names = termNames(siteId);
      type Row = { id: number; length: number; terms: string };
      const rows: Row[] = chunkIds
        ? chunkIds.flatMap((id) => (chunkTermsOf.get(id, siteId) as Row | undefined) ?? [])
        : (siteChunkTerms.all(siteId) as Row[]);
      return rows.map((row) => toChunkTerms(row, names));
    },
    chunks: async (ids) => {
      const out: ChunkRecord[] = [];
      for (const id of ids) {
        const row = chunk.get(id) as ChunkRow | undefined;
        if (!row) continue;
        out.push({
          id: row.id,
          siteId: row.site_id,
          hash: row.hash,
          text: row.text,
          lang: row.lang,
          length: row.length,
          sentences: JSON.parse(row.sentences) as [number, number][],
          places: (places.all(id) as PlaceRow[]).map(toPlace),
        });
      }
      return out;
    },
    vocabulary: async (siteId) => {
      const names = termNames(siteId);
      const out: [string, number][] = [];
      const rows = siteCounts.all(`s${siteId}t`, `s${siteId}u`) as [string, number][];
      for (const [token, df] of rows) {
        const term = names.get(Number(token.slice(token.indexOf("t") + 1)));
        if (term !== undefined && df > 0) out.push([term, df]);
      }
      return out;
    },
  };
}
