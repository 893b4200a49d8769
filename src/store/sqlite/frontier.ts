import type { Frontier, FrontierEntry } from "../types.js";
import type { SqliteDatabase } from "./database.js";

export function sqliteFrontier(db: SqliteDatabase): Frontier {
  const nextSeq = db.prepare(
    "SELECT coalesce(max(seq), 0) + 1 AS seq FROM frontier WHERE crawl_id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO frontier (crawl_id, url, seq, depth, state, outcome)
     VALUES (@crawlId, @url, @seq, @depth, CASE WHEN @outcome IS NULL THEN 'queued' ELSE 'settled' END,
       @outcome)
     ON CONFLICT (crawl_id, url) DO NOTHING`,
  );
  const pick = db.prepare(
    `SELECT url, depth FROM frontier WHERE crawl_id = ? AND state = 'queued'
     ORDER BY depth, seq LIMIT 1`,
  );
  const mark = db.prepare("UPDATE frontier SET state = 'in-flight' WHERE crawl_id = ? AND url = ?");
  const settle = db.prepare(
    "UPDATE frontier SET state = 'settled', outcome = ? WHERE crawl_id = ? AND url = ?",
  );
  const requeue = db.prepare(
    "UPDATE frontier SET state = 'queued' WHERE crawl_id = ? AND state = 'in-flight'",
  );
  const counts = db.prepare(
    `SELECT sum(state != 'settled') AS queued, sum(state = 'settled') AS settled
     FROM frontier WHERE crawl_id = ?`,
  );
  const outcomes = db.prepare(
    `SELECT outcome, count(*) AS n FROM frontier WHERE crawl_id = ? AND state = 'settled'
     GROUP BY outcome`,
  );
  const settleQueued = db.prepare(
    "UPDATE frontier SET state = 'settled', outcome = ? WHERE crawl_id = ? AND state = 'queued'",
  );
  const add = db.transaction((crawlId: number, entries: FrontierEntry[]) => {
    let seq = (nextSeq.get(crawlId) as { seq: number }).seq;
    let added = 0;
    for (const entry of entries) {
      if (
        insert.run({
          crawlId,
          url: entry.url,
          seq,
          depth: entry.depth,
          outcome: entry.outcome ?? null,
        }).changes > 0
      ) {
        added++;
        seq++;
      }
    }
    return added;
  });
  const next = db.transaction((crawlId: number) => {
    const row = pick.get(crawlId) as FrontierEntry | undefined;
    if (row) mark.run(crawlId, row.url);
    return row ?? null;
  });
  return {
    add: async (crawlId, entries) => (entries.length === 0 ? 0 : add.immediate(crawlId, entries)),
    next: async (crawlId) => next.immediate(crawlId),
    settle: async (crawlId, url, outcome) => {
      settle.run(outcome, crawlId, url);
    },
    requeueInFlight: async (crawlId) => requeue.run(crawlId).changes,
    outcomes: async (crawlId) => {
      const rows = outcomes.all(crawlId) as { outcome: string | null; n: number }[];
      return Object.fromEntries(rows.map((row) => [row.outcome ?? "", row.n]));
    },
    settleQueued: async (crawlId, outcome) => settleQueued.run(outcome, crawlId).changes,
    counts: async (crawlId) => {
      const row = counts.get(crawlId) as { queued: number | null; settled: number | null };
      return { queued: row.queued ?? 0, settled: row.settled ?? 0 };
    },
  };
}
