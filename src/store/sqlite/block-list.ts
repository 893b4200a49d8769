import type Database from "better-sqlite3";
import { parentDomains } from "../../core/domain.js";
import type { BlockedDomain, BlockList } from "../types.js";
import type { SqliteDatabase } from "./database.js";

interface BlockRow {
  domain: string;
  reason: string | null;
  blocked_at: string;
}

const toBlocked = (row: BlockRow): BlockedDomain => ({
  domain: row.domain,
  reason: row.reason,
  blockedAt: row.blocked_at,
});

export function sqliteBlockList(db: SqliteDatabase): BlockList {
  const insert = db.prepare(
    `INSERT INTO blocked_domains (domain, reason, blocked_at) VALUES (?, ?, ?)
     ON CONFLICT (domain) DO UPDATE SET reason = excluded.reason`,
  );
  const dropPages = db.prepare(
    `DELETE FROM pages WHERE site_id IN
       (SELECT id FROM sites WHERE host = ? OR host LIKE '%.' || ? ESCAPE '\\')`,
  );
  const remove = db.prepare("DELETE FROM blocked_domains WHERE domain = ?");
  const list = db.prepare("SELECT * FROM blocked_domains ORDER BY domain");
  const byCount = new Map<number, Database.Statement>();
  const byDomains = (n: number) => {
    let statement = byCount.get(n);
    if (!statement) {
      statement = db.prepare(
        `SELECT * FROM blocked_domains WHERE domain IN (${Array(n).fill("?").join(",")})
         ORDER BY length(domain) LIMIT 1`,
      );
      byCount.set(n, statement);
    }
    return statement;
  };
  const add = db.transaction((domain: string, reason: string | null) => {
    insert.run(domain, reason, new Date().toISOString());
    dropPages.run(domain, domain.replace(/[%_\\]/g, "\\$&"));
  });
  return {
    add: async (domain, reason) => {
      add.immediate(domain, reason);
    },
    remove: async (domain) => remove.run(domain).changes > 0,
    list: async () => (list.all() as BlockRow[]).map(toBlocked),
    covering: async (host) => {
      const candidates = parentDomains(host);
      const row = byDomains(candidates.length).get(...candidates) as BlockRow | undefined;
      return row ? toBlocked(row) : null;
    },
  };
}
