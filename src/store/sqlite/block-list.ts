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

/** Pages removed per transaction when a domain is blocked (tens of milliseconds of work). */
const REMOVED_AT_ONCE = 100;

export function sqliteBlockList(db: SqliteDatabase): BlockList {
  const insert = db.prepare(
    `INSERT INTO blocked_domains (domain, reason, blocked_at) VALUES (?, ?, ?)
     ON CONFLICT (domain) DO UPDATE SET reason = coalesce(excluded.reason, reason)`,
  );
  // A batch of the domain's pages: what one short transaction removes (their texts, passages and
  // postings go with them).
  const dropSomePages = db.prepare(
    `DELETE FROM pages WHERE rowid IN
       (SELECT p.rowid FROM pages p JOIN sites s ON s.id = p.site_id
        WHERE s.host = ? OR s.host LIKE '%.' || ? ESCAPE '\\' LIMIT ${REMOVED_AT_ONCE})`,
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
  const dropSome = db.transaction(
    (domain: string) => dropSomePages.run(domain, domain.replace(/[%_\\]/g, "\\$&")).changes,
  );
  return {
    add: async (domain, reason) => {
      // The block holds from its own commit on: no crawl requests the domain, and no page of it is
      // written again. Its pages then leave in short transactions, a turn of the event loop between
      // them: a domain of tens of thousands of pages in one would hold every other writer (a
      // running crawl's store among them) for longer than it waits for a lock.
      insert.run(domain, reason, new Date().toISOString());
      while (dropSome.immediate(domain) === REMOVED_AT_ONCE) {
        await new Promise((next) => setImmediate(next));
      }
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
