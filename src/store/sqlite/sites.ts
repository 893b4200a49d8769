import type { SiteRecord, Sites } from "../types.js";
import type { SqliteDatabase } from "./database.js";

interface SiteRow {
  id: number;
  origin: string;
  host: string;
  start_url: string;
  created_at: string;
}

const toSite = (row: SiteRow): SiteRecord => ({
  id: row.id,
  origin: row.origin,
  host: row.host,
  startUrl: row.start_url,
  createdAt: row.created_at,
});

export function sqliteSites(db: SqliteDatabase): Sites {
  const insert = db.prepare(
    `INSERT INTO sites (origin, host, start_url, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (origin) DO NOTHING`,
  );
  const byOrigin = db.prepare("SELECT * FROM sites WHERE origin = ?");
  const list = db.prepare("SELECT * FROM sites ORDER BY origin");
  const byStartUrl = db.prepare("SELECT * FROM sites WHERE start_url = ? ORDER BY id LIMIT 1");
  return {
    ensure: async (origin, startUrl) => {
      insert.run(origin, new URL(origin).hostname, startUrl, new Date().toISOString());
      return toSite(byOrigin.get(origin) as SiteRow);
    },
    byOrigin: async (origin) => {
      const row = byOrigin.get(origin) as SiteRow | undefined;
      return row ? toSite(row) : null;
    },
    byStartUrl: async (startUrl) => {
      const row = byStartUrl.get(startUrl) as SiteRow | undefined;
      return row ? toSite(row) : null;
    },
    list: async () => (list.all() as SiteRow[]).map(toSite),
  };
}
