import type Database from "better-sqlite3";
import { moveToTermsWithoutIds } from "./terms-without-ids.js";

/**
 * The SQLite schema, one step per version. Steps are append-only: a released step is never edited,
 * a change is a new step. `openSqliteStore` runs the missing ones in one transaction on open.
 */
export interface Migration {
  version: number;
  name: string;
  /** The step as SQL; a step that converts data in ways SQL cannot says `run` instead. */
  sql?: string;
  run?: (db: Database.Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "block list",
    sql: `
      CREATE TABLE blocked_domains (
        domain TEXT PRIMARY KEY,
        reason TEXT,
        blocked_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: "sites, crawls, frontier, site gates, pages",
    sql: `
      CREATE TABLE sites (
        id INTEGER PRIMARY KEY,
        origin TEXT NOT NULL UNIQUE,
        host TEXT NOT NULL,
        start_url TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX sites_host ON sites (host);
      CREATE INDEX sites_start_url ON sites (start_url);

      CREATE TABLE crawls (
        id INTEGER PRIMARY KEY,
        site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        state TEXT NOT NULL CHECK (state IN ('running', 'completed', 'stopped')),
        max_pages INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        report TEXT
      ) STRICT;
      CREATE INDEX crawls_site ON crawls (site_id, id);

      CREATE TABLE frontier (
        crawl_id INTEGER NOT NULL REFERENCES crawls (id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        depth INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'settled')),
        outcome TEXT,
        PRIMARY KEY (crawl_id, url)
      ) STRICT;
      -- The rowid grows with every insert, so (depth, rowid) is breadth first in discovery order.
      CREATE INDEX frontier_next ON frontier (crawl_id, state, depth);

      CREATE TABLE site_gates (
        origin TEXT PRIMARY KEY,
        next_at INTEGER NOT NULL DEFAULT 0,
        retry_until INTEGER NOT NULL DEFAULT 0,
        in_flight_since INTEGER,
        stop_kind TEXT,
        stop_detail TEXT,
        stop_until INTEGER,
        consecutive_failures INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_until INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE pages (
        site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        title TEXT,
        lang TEXT,
        fetched_at TEXT NOT NULL,
        status INTEGER NOT NULL,
        content_hash TEXT NOT NULL,
        etag TEXT,
        last_modified TEXT,
        links TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (site_id, url)
      ) STRICT;
      CREATE INDEX pages_content ON pages (site_id, content_hash);
    `,
  },
  {
    version: 3,
    name: "text index: page texts, sections, chunks, terms, inverted index",
    sql: `
      -- One row per indexed page: what site boilerplate detection needs to learn from the page
      -- again and to re-apply it. It goes with its page (and so does everything below it).
      CREATE TABLE page_texts (
        id INTEGER PRIMARY KEY,
        site_id INTEGER NOT NULL,
        url TEXT NOT NULL,
        fingerprints TEXT NOT NULL,
        blocks TEXT NOT NULL,
        mask TEXT NOT NULL,
        UNIQUE (site_id, url),
        FOREIGN KEY (site_id, url) REFERENCES pages (site_id, url) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE sections (
        page_id INTEGER NOT NULL REFERENCES page_texts (id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        heading_path TEXT NOT NULL,
        anchor TEXT,
        lang TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (page_id, ord)
      ) STRICT, WITHOUT ROWID;

      -- A passage's text, once per site however many pages hold it.
      CREATE TABLE chunks (
        id INTEGER PRIMARY KEY,
        site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        text TEXT NOT NULL,
        lang TEXT NOT NULL,
        length INTEGER NOT NULL,
        sentences TEXT NOT NULL,
        -- The chunk's terms as "id:tf id:tf …" (its row of the forward index).
        terms TEXT NOT NULL,
        UNIQUE (site_id, hash)
      ) STRICT;

      -- Where each chunk stands. Negative ords are a replacement being written (see texts.ts).
      CREATE TABLE chunk_places (
        page_id INTEGER NOT NULL REFERENCES page_texts (id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        chunk_id INTEGER NOT NULL REFERENCES chunks (id),
        section INTEGER NOT NULL,
        anchor TEXT,
        span_start INTEGER NOT NULL,
        span_end INTEGER NOT NULL,
        PRIMARY KEY (page_id, ord)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX chunk_places_chunk ON chunk_places (chunk_id);

      -- A chunk no page holds any more leaves the index, whatever removed its last place.
      CREATE TRIGGER chunk_places_release AFTER DELETE ON chunk_places
      WHEN NOT EXISTS (SELECT 1 FROM chunk_places WHERE chunk_id = OLD.chunk_id)
      BEGIN
        DELETE FROM chunks WHERE id = OLD.chunk_id;
      END;

      -- The site's vocabulary: each analysed term once, with an id. Rows are never removed while
      -- the site exists, so every process may cache the ids.
      CREATE TABLE terms (
        id INTEGER PRIMARY KEY,
        site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        term TEXT NOT NULL,
        UNIQUE (site_id, term)
      ) STRICT;

      -- The inverted index: one document per chunk (rowid = chunk id) made of its term ids, each
      -- repeated as often as the term occurs. FTS5 writes each transaction as a small segment and
      -- merges them in the background, so adding a page costs what the page holds, not one random
      -- B-tree leaf per term (what a plain postings table keyed by term costs: 10x slower here).
      -- Term ids are globally unique, so sites never share a token.
      CREATE VIRTUAL TABLE chunk_terms USING fts5 (terms, tokenize = 'ascii', detail = full);
      CREATE VIRTUAL TABLE chunk_term_instances USING fts5vocab (chunk_terms, instance);
      CREATE VIRTUAL TABLE chunk_term_counts USING fts5vocab (chunk_terms, row);
      CREATE TRIGGER chunks_unindex AFTER DELETE ON chunks
      BEGIN
        DELETE FROM chunk_terms WHERE rowid = OLD.id;
      END;

      -- Per site: chunks and the sum of their lengths (BM25's N and average length).
      CREATE TABLE index_stats (
        site_id INTEGER PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
        chunks INTEGER NOT NULL,
        total_length INTEGER NOT NULL
      ) STRICT;
      CREATE TRIGGER chunks_count_up AFTER INSERT ON chunks
      BEGIN
        INSERT INTO index_stats (site_id, chunks, total_length) VALUES (NEW.site_id, 1, NEW.length)
        ON CONFLICT (site_id) DO UPDATE SET chunks = chunks + 1,
          total_length = total_length + NEW.length;
      END;
      CREATE TRIGGER chunks_count_down AFTER DELETE ON chunks
      BEGIN
        UPDATE index_stats SET chunks = chunks - 1, total_length = total_length - OLD.length
        WHERE site_id = OLD.site_id;
      END;
    `,
  },
  {
    version: 4,
    name: "inverted index tokens per site",
    sql: `
      -- Tokens become "s<site id>t<term id>" (they were the bare term id), so that a site's
      -- vocabulary is one range of chunk_term_counts instead of a scan over every site's terms.
      -- Rebuilt from each chunk's forward index ("id:tf id:tf …"): each token repeated tf times.
      DELETE FROM chunk_terms;
      INSERT INTO chunk_terms (rowid, terms)
      WITH RECURSIVE split (id, site, rest, tokens) AS (
        SELECT id, site_id, CASE WHEN terms = '' THEN '' ELSE terms || ' ' END, '' FROM chunks
        UNION ALL
        SELECT id, site, substr(rest, instr(rest, ' ') + 1),
          tokens || replace(
            hex(zeroblob(CAST(substr(substr(rest, 1, instr(rest, ' ') - 1),
              instr(rest, ':') + 1) AS INTEGER))),
            '00',
            's' || site || 't' || substr(rest, 1, instr(rest, ':') - 1) || ' ')
        FROM split WHERE rest != ''
      )
      SELECT id, trim(tokens) FROM split WHERE rest = '';
    `,
  },
  {
    version: 5,
    name: "chunk counts per page written",
    sql: `
      -- index_stats grows by one statement per page written (texts.ts) instead of this trigger
      -- per chunk: the trigger's write cost most of a chunk's insert. Removing chunks still
      -- counts down by trigger, whatever removes them.
      DROP TRIGGER chunks_count_up;
    `,
  },
  {
    version: 6,
    name: "text index without term ids",
    run: moveToTermsWithoutIds,
  },
  {
    version: 7,
    name: "sections in a rowid table",
    sql: `
      -- A WITHOUT ROWID table keeps at most about 1 KB of a row in its B-tree page and the rest in
      -- overflow pages of its own, so a section of a few KB took three or four mostly empty pages
      -- (and as many page writes per commit). A rowid table keeps up to 4 KB of a row in place.
      CREATE TABLE sections_by_rowid (
        page_id INTEGER NOT NULL REFERENCES page_texts (id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        heading_path TEXT NOT NULL,
        anchor TEXT,
        lang TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (page_id, ord)
      ) STRICT;
      INSERT INTO sections_by_rowid (page_id, ord, heading_path, anchor, lang, text)
        SELECT page_id, ord, heading_path, anchor, lang, text FROM sections;
      DROP TABLE sections;
      ALTER TABLE sections_by_rowid RENAME TO sections;
    `,
  },
  {
    version: 8,
    name: "anchors",
    sql: `
      -- What each page's links say about the pages they point to (src/index/anchors.ts). Rows go
      -- with the linking page, kept in its order; answers read them by target.
      CREATE TABLE anchors (
        page_id INTEGER NOT NULL REFERENCES page_texts (id) ON DELETE CASCADE,
        site_id INTEGER NOT NULL,
        target TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (page_id, target, text)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX anchors_target ON anchors (site_id, target, text);
    `,
  },
  {
    version: 9,
    name: "postings written in batches",
    sql: `
      -- Chunks whose postings are not in chunk_postings yet: they go in a few hundred at a time
      -- (pending-postings.ts), and readers take them from the chunks' forward rows meanwhile.
      CREATE TABLE chunk_postings_pending (chunk_id INTEGER PRIMARY KEY) STRICT;
      -- A removed chunk's postings go from wherever they are.
      DROP TRIGGER chunks_unindex;
      CREATE TRIGGER chunks_unindex AFTER DELETE ON chunks
      BEGIN
        DELETE FROM chunk_postings WHERE rowid = OLD.id
          AND NOT EXISTS (SELECT 1 FROM chunk_postings_pending WHERE chunk_id = OLD.id);
        DELETE FROM chunk_postings_pending WHERE chunk_id = OLD.id;
      END;
    `,
  },
  {
    version: 10,
    name: "anchors written in batches",
    sql: `
      -- Each page's anchors as one row until a few thousand have come (pending-anchors.ts): they
      -- then go into anchors together, and readers take them from here meanwhile.
      CREATE TABLE anchors_pending (
        page_id INTEGER PRIMARY KEY REFERENCES page_texts (id) ON DELETE CASCADE,
        site_id INTEGER NOT NULL,
        count INTEGER NOT NULL,
        anchors TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 11,
    name: "redirects in a row in the frontier",
    sql: `
      -- How many redirects in a row led to the URL (0 for a link): a chain of redirects, each to a
      -- new URL, is followed only so far (site-crawl.ts).
      ALTER TABLE frontier ADD COLUMN hops INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 12,
    name: "the analysis each site's index was written under",
    sql: `
      -- ANALYSIS_VERSION (src/text/analysis-version.ts) of the site's passages; NULL for an index
      -- written before versions were kept. The index phase analyses an older one again.
      ALTER TABLE sites ADD COLUMN analysis INTEGER;
    `,
  },
  {
    version: 13,
    name: "the pause between requests each origin asked for",
    sql: `
      -- max(0.5 s, Crawl-delay) as last in force (ms; 0 when never stored): a process that takes
      -- over after a crash waits it before its first request, robots.txt included, whose
      -- Crawl-delay it cannot know yet.
      ALTER TABLE site_gates ADD COLUMN pause_ms INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 14,
    name: "the ids within each passage",
    sql: `
      -- The ids further into the passage than its anchor, as JSON [[offset in the chunk's text,
      -- id], …]; NULL when none (and for passages written before): a quote links to the nearest.
      ALTER TABLE chunk_places ADD COLUMN later_anchors TEXT;
    `,
  },
  {
    version: 15,
    name: "where a stopped site stopped",
    sql: `
      -- The URL and status that stopped the site (a 429's page, the robots.txt that failed):
      -- a later crawl refused by the stop reports them as the first did.
      ALTER TABLE site_gates ADD COLUMN stop_url TEXT;
      ALTER TABLE site_gates ADD COLUMN stop_status INTEGER;
    `,
  },
  {
    version: 16,
    name: "robots.txt asked for again",
    sql: `
      -- When \`hooty refresh\` found the site being crawled by another process, and asked that
      -- crawl to read robots.txt again (it reads the column while it runs).
      ALTER TABLE site_gates ADD COLUMN robots_asked_at INTEGER;
      CREATE INDEX site_gates_robots_asked ON site_gates (robots_asked_at)
        WHERE robots_asked_at IS NOT NULL;
    `,
  },
  {
    version: 17,
    name: "page texts in versions, a large one written as a draft",
    sql: `
      -- A page's text (its blocks, sections and passage places) is kept under the page's id and
      -- a version number (text_id), and readers see the version page_texts.text_id names. A page
      -- written again in one transaction takes version 0 or 1, whichever it does not show, beside
      -- the rows it replaces. A large page is written as a draft first (text-versions.ts): over
      -- several transactions, under a version no page shows (2 and up), listed in page_drafts;
      -- naming it then shows it whole at once.
      CREATE TABLE page_drafts (
        -- A draft's rows are the page's version id + 1.
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        site_id INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        -- The page's id: its own already, or the one it takes when shown (kept for it meanwhile).
        page_id INTEGER NOT NULL,
        -- When it was started (ms): a draft left long ago was abandoned (a crash).
        started_at INTEGER NOT NULL
      ) STRICT;
      ALTER TABLE page_texts ADD COLUMN text_id INTEGER NOT NULL DEFAULT 0;

      -- The blocks JSON in parts of a few hundred KB: a part is a short write.
      CREATE TABLE text_blocks (
        page_id INTEGER NOT NULL,
        text_id INTEGER NOT NULL,
        part INTEGER NOT NULL,
        blocks TEXT NOT NULL,
        PRIMARY KEY (page_id, text_id, part)
      ) STRICT;
      INSERT INTO text_blocks (page_id, text_id, part, blocks) SELECT id, 0, 0, blocks FROM page_texts;
      ALTER TABLE page_texts DROP COLUMN blocks;

      -- Sections and places of a draft have no page_texts row to belong to yet: they go with
      -- their page's version by the triggers below, and a draft's with it (text-versions.ts).
      CREATE TABLE sections_by_version (
        page_id INTEGER NOT NULL,
        text_id INTEGER NOT NULL,
        ord INTEGER NOT NULL,
        heading_path TEXT NOT NULL,
        anchor TEXT,
        lang TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (page_id, text_id, ord)
      ) STRICT;
      INSERT INTO sections_by_version (page_id, text_id, ord, heading_path, anchor, lang, text)
        SELECT page_id, 0, ord, heading_path, anchor, lang, text FROM sections;
      DROP TABLE sections;
      ALTER TABLE sections_by_version RENAME TO sections;

      CREATE TABLE chunk_places_by_version (
        page_id INTEGER NOT NULL,
        text_id INTEGER NOT NULL,
        ord INTEGER NOT NULL,
        chunk_id INTEGER NOT NULL REFERENCES chunks (id),
        section INTEGER NOT NULL,
        anchor TEXT,
        later_anchors TEXT,
        span_start INTEGER NOT NULL,
        span_end INTEGER NOT NULL,
        PRIMARY KEY (page_id, text_id, ord)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO chunk_places_by_version (page_id, text_id, ord, chunk_id, section, anchor,
          later_anchors, span_start, span_end)
        SELECT page_id, 0, ord, chunk_id, section, anchor, later_anchors, span_start, span_end
        FROM chunk_places WHERE ord >= 0;
      -- Dropping a table fires no triggers: the old places release no chunk.
      DROP TABLE chunk_places;
      ALTER TABLE chunk_places_by_version RENAME TO chunk_places;
      CREATE INDEX chunk_places_chunk ON chunk_places (chunk_id);
      CREATE TRIGGER chunk_places_release AFTER DELETE ON chunk_places
      WHEN NOT EXISTS (SELECT 1 FROM chunk_places WHERE chunk_id = OLD.chunk_id)
      BEGIN
        DELETE FROM chunks WHERE id = OLD.chunk_id;
      END;

      -- A page removed, by whatever path, takes the version it shows with it.
      CREATE TRIGGER page_texts_release AFTER DELETE ON page_texts
      BEGIN
        DELETE FROM chunk_places WHERE page_id = OLD.id AND text_id = OLD.text_id;
        DELETE FROM sections WHERE page_id = OLD.id AND text_id = OLD.text_id;
        DELETE FROM text_blocks WHERE page_id = OLD.id AND text_id = OLD.text_id;
      END;

      -- Chunks only drafts hold: neither in the postings nor in index_stats until a page shows
      -- them. A chunk removed leaves wherever it is: postings (written or pending), its count,
      -- the staged list (one trigger, so the order of these steps is the one written here).
      CREATE TABLE chunks_staged (chunk_id INTEGER PRIMARY KEY) STRICT;
      DROP TRIGGER chunks_unindex;
      DROP TRIGGER chunks_count_down;
      CREATE TRIGGER chunks_removed AFTER DELETE ON chunks
      BEGIN
        DELETE FROM chunk_postings WHERE rowid = OLD.id
          AND NOT EXISTS (SELECT 1 FROM chunk_postings_pending WHERE chunk_id = OLD.id)
          AND NOT EXISTS (SELECT 1 FROM chunks_staged WHERE chunk_id = OLD.id);
        DELETE FROM chunk_postings_pending WHERE chunk_id = OLD.id;
        UPDATE index_stats SET chunks = chunks - 1, total_length = total_length - OLD.length
        WHERE site_id = OLD.site_id
          AND NOT EXISTS (SELECT 1 FROM chunks_staged WHERE chunk_id = OLD.id);
        DELETE FROM chunks_staged WHERE chunk_id = OLD.id;
      END;
    `,
  },
  {
    version: 18,
    name: "when a page asked to leave the index",
    sql: `
      -- The page's own unavailable_after date (ISO time), NULL when it gave none: a recrawl
      -- answered 304 and \`hooty refresh\` take the page out once it has passed.
      ALTER TABLE pages ADD COLUMN unavailable_after TEXT;
    `,
  },
  {
    version: 19,
    name: "the command a crawl was started by",
    sql: `
      -- The crawls one \`hooty crawl\` started share an id, NULL for a crawl started otherwise: run
      -- again after an interruption, the command resumes the sites it had not finished and leaves
      -- those it had.
      ALTER TABLE crawls ADD COLUMN run TEXT;
    `,
  },
];
