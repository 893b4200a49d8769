import type { CrawlRecord, CrawlState, Crawls } from "../types.js";
import type { SqliteDatabase } from "./database.js";

interface CrawlRow {
  id: number;
  site_id: number;
  state: CrawlState;
  max_pages: number;
  started_at: string;
  finished_at: string | null;
  report: string | null;
  run: string | null;
}

const toCrawl = (row: CrawlRow): CrawlRecord => ({
  id: row.id,
  siteId: row.site_id,
  state: row.state,
  maxPages: row.max_pages,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  report: row.report === null ? null : JSON.parse(row.report),
  run: row.run,
});

export function sqliteCrawls(db: SqliteDatabase): Crawls {
  const unfinished = db.prepare(
    "SELECT * FROM crawls WHERE site_id = ? AND state = 'running' ORDER BY id DESC LIMIT 1",
  );
  const latest = db.prepare("SELECT * FROM crawls WHERE site_id = ? ORDER BY id DESC LIMIT 1");
  const insert = db.prepare(
    "INSERT INTO crawls (site_id, state, max_pages, started_at, run) VALUES (?, 'running', ?, ?, ?)",
  );
  const byId = db.prepare("SELECT * FROM crawls WHERE id = ?");
  const save = db.prepare("UPDATE crawls SET report = ? WHERE id = ?");
  const limit = db.prepare("UPDATE crawls SET max_pages = ? WHERE id = ?");
  const finish = db.prepare(
    "UPDATE crawls SET state = ?, finished_at = ?, report = ? WHERE id = ?",
  );
  const one = (row: unknown) => (row ? toCrawl(row as CrawlRow) : null);
  return {
    unfinished: async (siteId) => one(unfinished.get(siteId)),
    latest: async (siteId) => one(latest.get(siteId)),
    start: async (siteId, maxPages, run = null) => {
      const id = insert.run(siteId, maxPages, new Date().toISOString(), run).lastInsertRowid;
      return toCrawl(byId.get(id) as CrawlRow);
    },
    setMaxPages: async (crawlId, maxPages) => {
      limit.run(maxPages, crawlId);
    },
    saveReport: async (crawlId, report) => {
      save.run(JSON.stringify(report), crawlId);
    },
    finish: async (crawlId, state, report) => {
      finish.run(state, new Date().toISOString(), JSON.stringify(report), crawlId);
    },
  };
}
