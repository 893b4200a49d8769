/**
 * The SQLite schema, one step per version. Steps are append-only: a released step is never edited,
 * a change is a new step. `openSqliteStore` runs the missing ones in one transaction on open.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
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
];
