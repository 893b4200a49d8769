import type Database from "better-sqlite3";
import { parentDomains } from "../../core/domain.js";
import type {
  BoilerplateRecord,
  ChunkInput,
  ChunkPlace,
  ChunkRecord,
  ChunkTerms,
  PageRecord,
  PageText,
  SectionHeading,
  SectionRecord,
  TermPostings,
  TextIndex,
} from "../types.js";
import type { SqliteDatabase } from "./database.js";
import {
  escapeTerm,
  forwardRow,
  prefixEnd,
  readForwardRow,
  readToken,
  sitePrefix,
  termPrefix,
} from "./index-format.js";
import { preparePagePut } from "./pages.js";
import { PENDING_ANCHORS_BATCH, pendingAnchors } from "./pending-anchors.js";
import { holding, PENDING_BATCH, pendingPostings } from "./pending-postings.js";

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
  later_anchors: string | null;
  span_start: number;
  span_end: number;
}

/** How long a page waits for others to share its commit (a fraction of the 0.5 s between requests). */
const GROUP_COMMIT_MS = 15;
/** Links to one page read for an answer, at most (`anchors`). */
const MAX_ANCHORS_READ = 1_000;
/** Characters of a page's first section read as its lead (`leads`). */
const LEAD_CHARS = 600;

/** The SQLite text index, and what its connection must do before it closes. */
export interface SqliteTexts extends TextIndex {
  /**
   * Writes the postings and anchors this connection left waiting (pending-postings.ts,
   * pending-anchors.ts).
   */
  flushWaiting(): void;
}

/**
 * The text index in SQLite (migrations 3, 6 and 9). Terms are stored as they are: the inverted
 * index is an FTS5 table whose document for a chunk holds one token per term and frequency
 * (`chunk_postings`, read through its fts5vocab tables), and the forward index is each chunk's
 * `terms` column (index-format.ts). Postings are written in batches: chunks wait in
 * `chunk_postings_pending` meanwhile, and reads add them from their forward rows. Anchors are
 * written in batches too (`anchors_pending`, pending-anchors.ts).
 */
export function sqliteTexts(
  db: SqliteDatabase,
  pendingBatch = PENDING_BATCH,
  anchorsBatch = PENDING_ANCHORS_BATCH,
): SqliteTexts {
  const pending = pendingPostings(db, pendingBatch);
  const waitingAnchors = pendingAnchors(db, anchorsBatch);
  const putPage = preparePagePut(db);
  const textId = db.prepare("SELECT id FROM page_texts WHERE site_id = ? AND url = ?").pluck();
  const insertText = db.prepare(
    "INSERT INTO page_texts (site_id, url, fingerprints, blocks, mask) VALUES (?, ?, ?, ?, ?)",
  );
  const rewriteText = db.prepare(
    "UPDATE page_texts SET fingerprints = ?, blocks = ?, mask = ? WHERE id = ?",
  );
  const dropSections = db.prepare("DELETE FROM sections WHERE page_id = ?");
  // A page many pages link to is read no further than its first links: what an answer costs
  // stays bounded, whatever template links to every page of a large site.
  const anchorTexts = db
    .prepare(
      `SELECT text FROM anchors WHERE site_id = ? AND target = ? ORDER BY text
       LIMIT ${MAX_ANCHORS_READ}`,
    )
    .pluck();
  const insertSection = db.prepare(
    "INSERT INTO sections (page_id, ord, heading_path, anchor, lang, text) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const chunkByHash = db.prepare("SELECT id FROM chunks WHERE site_id = ? AND hash = ?").pluck();
  const insertChunk = db.prepare(
    `INSERT INTO chunks (site_id, hash, text, lang, length, sentences, terms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPlace = db.prepare(
    `INSERT INTO chunk_places
       (page_id, ord, chunk_id, section, anchor, later_anchors, span_start, span_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const dropOldPlaces = db.prepare("DELETE FROM chunk_places WHERE page_id = ? AND ord >= 0");
  const settlePlaces = db.prepare(
    "UPDATE chunk_places SET ord = -ord - 1 WHERE page_id = ? AND ord < 0",
  );
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
  const lead = db
    .prepare(
      `SELECT substr(s.text, 1, ${LEAD_CHARS}) FROM sections s
       JOIN page_texts t ON t.id = s.page_id WHERE t.site_id = ? AND t.url = ? AND s.ord = 0`,
    )
    .pluck();
  // A section's first passage: its place of lowest ord (ords follow the text).
  const headingRows = db.prepare(
    `SELECT t.url, s.heading_path,
       (SELECT c.chunk_id FROM chunk_places c
        WHERE c.page_id = s.page_id AND c.section = s.ord AND c.ord >= 0
        ORDER BY c.ord LIMIT 1) AS chunk_id
     FROM sections s JOIN page_texts t ON t.id = s.page_id
     WHERE t.site_id = ? AND s.heading_path != '[]'`,
  );
  const boilerplate = db.prepare(
    "SELECT url, fingerprints, mask FROM page_texts WHERE site_id = ?",
  );
  const blocks = db.prepare("SELECT blocks FROM page_texts WHERE site_id = ? AND url = ?").pluck();
  const analysisOf = db.prepare("SELECT analysis FROM sites WHERE id = ?").pluck();
  const setAnalysis = db.prepare("UPDATE sites SET analysis = ? WHERE id = ?");
  const stats = db.prepare("SELECT chunks, total_length FROM index_stats WHERE site_id = ?");
  const pageCount = db.prepare("SELECT count(*) FROM page_texts WHERE site_id = ?").pluck();
  // A term's tokens, and a site's, are each one range of the vocabulary (index-format.ts).
  const postingsIn = db
    .prepare("SELECT term, doc FROM chunk_posting_docs WHERE term >= ? AND term < ?")
    .raw();
  const documentsIn = db
    .prepare("SELECT sum(doc) FROM chunk_posting_counts WHERE term >= ? AND term < ?")
    .pluck();
  const countsIn = db
    .prepare("SELECT term, doc FROM chunk_posting_counts WHERE term >= ? AND term < ?")
    .raw();
  const chunk = db.prepare("SELECT * FROM chunks WHERE id = ?");
  const chunkTermsOf = db.prepare(
    "SELECT id, length, terms FROM chunks WHERE id = ? AND site_id = ?",
  );
  const siteChunkTerms = db.prepare(
    "SELECT id, length, terms FROM chunks WHERE site_id = ? ORDER BY id",
  );
  const places = db.prepare(
    `SELECT t.url, p.title, c.section, s.heading_path, c.anchor, c.later_anchors, c.span_start,
       c.span_end
     FROM chunk_places c
     JOIN page_texts t ON t.id = c.page_id
     JOIN pages p ON p.site_id = t.site_id AND p.url = t.url
     LEFT JOIN sections s ON s.page_id = c.page_id AND s.ord = c.section
     WHERE c.chunk_id = ? AND c.ord >= 0 ORDER BY t.url, c.ord`,
  );

  /** Chunks added by the page being written and their total length, for `index_stats`. */
  const added = { chunks: 0, length: 0 };
  const chunkIdFor = (siteId: number, chunk: ChunkInput): number => {
    const known = chunkByHash.get(siteId, chunk.hash) as number | undefined;
    if (known !== undefined) return known;
    added.chunks++;
    added.length += chunk.length;
    const row = forwardRow(chunk.terms);
    const id = Number(
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
    pending.add(id, siteId, chunk.terms, row);
    return id;
  };

  const pagePresent = db.prepare("SELECT 1 FROM pages WHERE site_id = ? AND url = ?").pluck();
  const siteHost = db.prepare("SELECT host FROM sites WHERE id = ?").pluck();
  const blockedCount = new Map<number, Database.Statement>();
  // A site's host never changes (sites are only ever added), so its domains are read once.
  const siteDomains = new Map<number, string[]>();
  const domainsOf = (siteId: number): string[] | undefined => {
    let domains = siteDomains.get(siteId);
    if (domains === undefined) {
      const host = siteHost.get(siteId) as string | undefined;
      if (host === undefined) return undefined;
      domains = parentDomains(host);
      siteDomains.set(siteId, domains);
    }
    return domains;
  };
  const isBlocked = (siteId: number): boolean => {
    const domains = domainsOf(siteId);
    if (domains === undefined) return false;
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
    const fingerprints = JSON.stringify(text.boilerplate.fingerprints);
    const known = textId.get(siteId, url) as number | undefined;
    let pageId: number;
    if (known === undefined) {
      pageId = Number(
        insertText.run(siteId, url, fingerprints, text.blocks, text.boilerplate.mask)
          .lastInsertRowid,
      );
    } else {
      pageId = known;
      rewriteText.run(fingerprints, text.blocks, text.boilerplate.mask, pageId);
      dropSections.run(pageId);
    }
    text.sections.forEach((s, ord) => {
      insertSection.run(pageId, ord, JSON.stringify(s.headingPath), s.anchor, s.lang, s.text);
    });
    if (text.anchors) waitingAnchors.put(pageId, siteId, text.anchors, known !== undefined);
    added.chunks = 0;
    added.length = 0;
    // A page written again puts its new places in under negative ords first, so that a chunk the
    // page keeps is still held when the old places are dropped (the release trigger would remove
    // it otherwise). A new page has no old places.
    const placed = known === undefined ? (ord: number) => ord : (ord: number) => -ord - 1;
    text.chunks.forEach((chunk, ord) => {
      const chunkId = chunkIdFor(siteId, chunk);
      insertPlace.run(
        pageId,
        placed(ord),
        chunkId,
        chunk.section,
        chunk.anchor,
        chunk.laterAnchors ? JSON.stringify(chunk.laterAnchors) : null,
        chunk.start,
        chunk.end,
      );
    });
    // Counted once per page rather than by a trigger per chunk (migration 5): a trigger's write
    // cost most of a chunk's insert.
    if (added.chunks > 0) countChunks.run(siteId, added.chunks, added.length);
    if (known !== undefined) {
      dropOldPlaces.run(pageId);
      settlePlaces.run(pageId);
    }
    pending.flushIfFull();
    waitingAnchors.flushIfFull();
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
      for (const q of group) {
        try {
          q.done(replace.immediate(q.page, q.text));
        } catch (error) {
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
    ...(row.later_anchors
      ? { laterAnchors: JSON.parse(row.later_anchors) as [number, string][] }
      : {}),
    start: row.span_start,
    end: row.span_end,
  });

  const toChunkTerms = (row: { id: number; length: number; terms: string }): ChunkTerms => ({
    chunkId: row.id,
    length: row.length,
    terms: readForwardRow(row.terms),
  });

  const flushWaiting = db.transaction(() => {
    pending.flush();
    waitingAnchors.flush();
  });

  return {
    flushWaiting: () => {
      if (pending.waiting() || waitingAnchors.waiting()) flushWaiting.immediate();
    },
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
    updateText: async (siteId, url, text) => update.immediate(siteId, url, text),
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
    analysisVersion: async (siteId) =>
      (analysisOf.get(siteId) as number | null | undefined) ?? null,
    setAnalysisVersion: async (siteId, version) => {
      setAnalysis.run(version, siteId);
    },
    stats: async (siteId) => {
      const row = stats.get(siteId) as { chunks: number; total_length: number } | undefined;
      return {
        chunks: row?.chunks ?? 0,
        totalLength: row?.total_length ?? 0,
        pages: pageCount.get(siteId) as number,
      };
    },
    postings: async (siteId, terms) => {
      const rows = pending.rowsOf(siteId);
      const out: TermPostings[] = [];
      for (const term of terms) {
        const prefix = termPrefix(siteId, term);
        const tokens = postingsIn.all(prefix, prefixEnd(prefix)) as [string, number][];
        const postings = tokens.length > 0 ? postingsOf(term, tokens, prefix.length) : undefined;
        const waiting = rows.length > 0 ? holding(rows, term) : [];
        const merged = waiting.length > 0 ? withWaiting(term, postings, waiting) : postings;
        if (merged) out.push(merged);
      }
      return out;
    },
    documentFrequencies: async (siteId, terms) => {
      const rows = pending.rowsOf(siteId);
      const out = new Map<string, number>();
      for (const term of terms) {
        const prefix = termPrefix(siteId, term);
        const df = (documentsIn.get(prefix, prefixEnd(prefix)) as number | null) ?? 0;
        out.set(term, rows.length > 0 ? df + holding(rows, term).length : df);
      }
      return out;
    },
    chunkTerms: async (siteId, chunkIds) => {
      type Row = { id: number; length: number; terms: string };
      const rows: Row[] = chunkIds
        ? chunkIds.flatMap((id) => (chunkTermsOf.get(id, siteId) as Row | undefined) ?? [])
        : (siteChunkTerms.all(siteId) as Row[]);
      return rows.map(toChunkTerms);
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
      const prefix = sitePrefix(siteId);
      const out: [string, number][] = [];
      // A term's tokens (one per term frequency) come one after another.
      let last: [string, number] | undefined;
      for (const [token, df] of countsIn.all(prefix, prefixEnd(prefix)) as [string, number][]) {
        const { term } = readToken(token, prefix.length);
        if (last?.[0] === term) last[1] += df;
        else {
          last = [term, df];
          out.push(last);
        }
      }
      const waiting = pending.ofSite(siteId);
      return waiting.length > 0 ? vocabularyWithWaiting(out, waiting) : out;
    },
    anchors: async (siteId, targets) => {
      const out = new Map<string, string[]>();
      const allWaiting = waitingAnchors.textsTo(siteId, targets);
      for (const target of new Set(targets)) {
        let texts = anchorTexts.all(siteId, target) as string[];
        const waiting = allWaiting.get(target) ?? [];
        // Read as if the waiting ones were written: in the index's order, as far as the cap.
        if (waiting.length > 0)
          texts = inByteOrder([...texts, ...waiting]).slice(0, MAX_ANCHORS_READ);
        if (texts.length > 0) out.set(target, [...new Set(texts)]);
      }
      return out;
    },
    headings: async (siteId) => {
      const out: SectionHeading[] = [];
      const rows = headingRows.all(siteId) as {
        url: string;
        heading_path: string;
        chunk_id: number | null;
      }[];
      for (const row of rows) {
        const heading = (JSON.parse(row.heading_path) as string[]).at(-1);
        if (heading && row.chunk_id !== null) {
          out.push({ url: row.url, heading, chunkId: row.chunk_id });
        }
      }
      return out;
    },
    leads: async (siteId, urls) => {
      const out = new Map<string, string>();
      for (const url of new Set(urls)) {
        const text = lead.get(siteId, url) as string | undefined;
        if (text !== undefined) out.set(url, text);
      }
      return out;
    },
  };
}

/**
 * A term's postings from its tokens' rows (token, chunk id): one token per term frequency, each
 * with its chunks in order; merged into chunk order.
 */
function postingsOf(term: string, rows: [string, number][], tfAt: number): TermPostings {
  const first = rows[0]?.[0];
  const sorted = rows.every(([token]) => token === first)
    ? rows
    : [...rows].sort((a, b) => a[1] - b[1]);
  const chunkIds = sorted.map((row) => row[1]);
  const tf = sorted.map((row) => Number(row[0].slice(tfAt)));
  return { term, df: chunkIds.length, chunkIds, tf };
}

/** A term's postings with the chunks whose postings wait (pending-postings.ts), by chunk id. */
function withWaiting(
  term: string,
  postings: TermPostings | undefined,
  waiting: readonly { chunkId: number; tf: number }[],
): TermPostings {
  const pairs: [number, number][] = postings
    ? postings.chunkIds.map((id, i) => [id, postings.tf[i] as number])
    : [];
  for (const { chunkId, tf } of waiting) pairs.push([chunkId, tf]);
  pairs.sort((a, b) => a[0] - b[0]);
  return {
    term,
    df: pairs.length,
    chunkIds: pairs.map((p) => p[0]),
    tf: pairs.map((p) => p[1]),
  };
}

/**
 * The vocabulary with the terms of the chunks whose postings wait, in the order chunk_postings
 * keeps its tokens (their escaped terms' UTF-8 bytes).
 */
function vocabularyWithWaiting(
  vocabulary: [string, number][],
  waiting: readonly { terms: readonly { term: string }[] }[],
): [string, number][] {
  const df = new Map(vocabulary);
  for (const chunk of waiting)
    for (const { term } of chunk.terms) df.set(term, (df.get(term) ?? 0) + 1);
  // A token is the escaped term, "zt" and the frequency; no escaped term holds "zt".
  const key = new Map([...df.keys()].map((term) => [term, Buffer.from(`${escapeTerm(term)}zt`)]));
  return [...df].sort((a, b) => Buffer.compare(key.get(a[0]) as Buffer, key.get(b[0]) as Buffer));
}

/** Texts in the order SQLite's BINARY collation gives them: by their UTF-8 bytes. */
function inByteOrder(texts: string[]): string[] {
  const bytes = new Map(texts.map((t) => [t, Buffer.from(t)]));
  return texts.sort((a, b) => Buffer.compare(bytes.get(a) as Buffer, bytes.get(b) as Buffer));
}
