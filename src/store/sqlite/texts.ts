import type Database from "better-sqlite3";
import { parentDomains } from "../../core/domain.js";
import type {
  BoilerplateRecord,
  ChunkPlace,
  ChunkRecord,
  ChunkTerms,
  DraftCommit,
  DraftPart,
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
  prefixEnd,
  readForwardRow,
  readToken,
  sitePrefix,
  termPrefix,
} from "./index-format.js";
import { PENDING_ANCHORS_BATCH, pendingAnchors } from "./pending-anchors.js";
import { holding, PENDING_BATCH, pendingPostings } from "./pending-postings.js";
import { textVersions } from "./text-versions.js";

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
/** Places of a dropped draft removed by one transaction (each may release a chunk). */
const DROP_BATCH = 256;
/** A draft not committed this long after it was started was left by a process that died. */
export const DRAFT_ABANDONED_MS = 10 * 60_000;

/** The SQLite text index, and what its connection must do before it closes. */
export interface SqliteTexts extends TextIndex {
  /**
   * Writes the postings and anchors this connection left waiting (pending-postings.ts,
   * pending-anchors.ts).
   */
  flushWaiting(): void;
}

/**
 * The text index in SQLite (migrations 3, 6, 9 and 17). Terms are stored as they are: the
 * inverted index is an FTS5 table whose document for a chunk holds one token per term and
 * frequency (`chunk_postings`, read through its fts5vocab tables), and the forward index is each
 * chunk's `terms` column (index-format.ts). Postings are written in batches: chunks wait in
 * `chunk_postings_pending` meanwhile, and reads add them from their forward rows. Anchors are
 * written in batches too (`anchors_pending`, pending-anchors.ts). A page's text is a version
 * (text-versions.ts), written whole in one transaction or, for a large page, as a draft.
 */
export function sqliteTexts(
  db: SqliteDatabase,
  pendingBatch = PENDING_BATCH,
  anchorsBatch = PENDING_ANCHORS_BATCH,
  abandonedMs = DRAFT_ABANDONED_MS,
): SqliteTexts {
  const pending = pendingPostings(db, pendingBatch);
  const waitingAnchors = pendingAnchors(db, anchorsBatch);
  // A page many pages link to is read no further than its first links: what an answer costs
  // stays bounded, whatever template links to every page of a large site.
  const anchorTexts = db
    .prepare(
      `SELECT text FROM anchors WHERE site_id = ? AND target = ? ORDER BY text
       LIMIT ${MAX_ANCHORS_READ}`,
    )
    .pluck();
  const removePage = db.prepare("DELETE FROM pages WHERE site_id = ? AND url = ?");
  // Readers meet a page's text through the version its page_texts row names (text_id): other
  // versions' rows, a draft's among them, join no page (text-versions.ts).
  const sections = db.prepare(
    `SELECT s.heading_path, s.anchor, s.lang, s.text FROM page_texts t
     JOIN sections s ON s.page_id = t.id AND s.text_id = t.text_id
     WHERE t.site_id = ? AND t.url = ? ORDER BY s.ord`,
  );
  const lead = db
    .prepare(
      `SELECT substr(s.text, 1, ${LEAD_CHARS}) FROM page_texts t
       JOIN sections s ON s.page_id = t.id AND s.text_id = t.text_id
       WHERE t.site_id = ? AND t.url = ? AND s.ord = 0`,
    )
    .pluck();
  // A section's first passage: its place of lowest ord (ords follow the text).
  const headingRows = db.prepare(
    `SELECT t.url, s.heading_path,
       (SELECT c.chunk_id FROM chunk_places c
        WHERE c.page_id = s.page_id AND c.text_id = s.text_id AND c.section = s.ord
        ORDER BY c.ord LIMIT 1) AS chunk_id
     FROM page_texts t JOIN sections s ON s.page_id = t.id AND s.text_id = t.text_id
     WHERE t.site_id = ? AND s.heading_path != '[]'`,
  );
  const boilerplate = db.prepare(
    "SELECT url, fingerprints, mask FROM page_texts WHERE site_id = ?",
  );
  const blocks = db
    .prepare(
      `SELECT group_concat(b.blocks, '' ORDER BY b.part) FROM page_texts t
       JOIN text_blocks b ON b.page_id = t.id AND b.text_id = t.text_id
       WHERE t.site_id = ? AND t.url = ?`,
    )
    .pluck();
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
  // Staged chunks (only drafts hold them) are not in the index yet.
  const siteChunkTerms = db.prepare(
    `SELECT id, length, terms FROM chunks WHERE site_id = ?
     AND id NOT IN (SELECT chunk_id FROM chunks_staged) ORDER BY id`,
  );
  const places = db.prepare(
    `SELECT t.url, p.title, c.section, s.heading_path, c.anchor, c.later_anchors, c.span_start,
       c.span_end
     FROM chunk_places c
     JOIN page_texts t ON t.id = c.page_id AND t.text_id = c.text_id
     JOIN pages p ON p.site_id = t.site_id AND p.url = t.url
     LEFT JOIN sections s ON s.page_id = c.page_id AND s.text_id = c.text_id AND s.ord = c.section
     WHERE c.chunk_id = ? ORDER BY t.url, c.ord`,
  );

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
  const versions = textVersions(db, pending, waitingAnchors, isBlocked);

  /** Batches written out in the transaction, as far as they are full (and bounded). */
  const flushFull = () => {
    pending.flushIfFull();
    waitingAnchors.flushIfFull();
  };
  /**
   * Writes the text as a new version and shows it, in the caller's transaction; false, writing
   * nothing, where it may not be shown (text-versions.ts `mayShow`).
   */
  const writeWhole = (siteId: number, url: string, page: PageRecord | null, text: PageText) => {
    if (!versions.mayShow(siteId, url, page)) return false;
    const at = versions.next(siteId, url);
    versions.putWhole(at, text.blocks, text.sections);
    versions.putChunks(at, siteId, 0, text.chunks, false);
    versions.commit(at, {
      siteId,
      url,
      page,
      boilerplate: text.boilerplate,
      anchors: text.anchors,
    });
    flushFull();
    return true;
  };
  const replaceOne = (page: PageRecord, text: PageText) =>
    writeWhole(page.siteId, page.url, page, text);
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
  const update = db.transaction((siteId: number, url: string, text: PageText) =>
    writeWhole(siteId, url, null, text),
  );

  const draftOf = (draft: number) => {
    const at = versions.draft(draft);
    if (!at) throw new Error(`no draft ${draft}: committed or dropped`);
    return at;
  };
  const startDraft = db.transaction((siteId: number, url: string) =>
    versions.startDraft(siteId, url),
  );
  const writeDraft = db.transaction((draft: number, part: DraftPart) => {
    const at = draftOf(draft);
    if ("blocks" in part) versions.putBlocks(at, part.part, part.blocks);
    else if ("sections" in part) versions.putSections(at, part.from, part.sections);
    else versions.putChunks(at, at.siteId, part.from, part.chunks, true);
  });
  const commitDraft = db.transaction((draft: number, commit: DraftCommit) => {
    const at = draftOf(draft);
    const { siteId, url } = at;
    if (!versions.mayShow(siteId, url, commit.page)) return false;
    return versions.commit(at, { ...commit, siteId, url });
  });
  const flushBatch = db.transaction(flushFull);
  /**
   * The postings a committed draft left waiting (thousands, for a large page) go in a batch per
   * transaction, a turn of the event loop between them: readers meanwhile add the waiting ones.
   */
  const drain = async () => {
    while (pending.full()) {
      await new Promise((next) => setImmediate(next));
      flushBatch.immediate();
    }
  };
  const dropSome = db.transaction((draft: number) => versions.dropSome(draft, DROP_BATCH));
  /** Removes the draft a batch of rows at a time, a turn of the event loop between batches. */
  const dropDraft = async (draft: number) => {
    while (!dropSome.immediate(draft)) await new Promise((next) => setImmediate(next));
  };

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
    startDraft: async (siteId, url) => {
      for (const left of versions.abandoned(siteId, Date.now() - abandonedMs)) {
        await dropDraft(left);
      }
      return startDraft.immediate(siteId, url);
    },
    writeDraft: async (draft, part) => {
      writeDraft.immediate(draft, part);
    },
    commitDraft: async (draft, commit) => {
      if (commitDraft.immediate(draft, commit)) {
        await drain();
        return true;
      }
      await dropDraft(draft);
      return false;
    },
    dropDraft,
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
