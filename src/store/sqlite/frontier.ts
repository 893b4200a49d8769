import type { Frontier, FrontierEntry } from "../types.js";
import type { SqliteDatabase } from "./database.js";

/** How long a settle waits for others to share its commit. */
const SETTLE_GROUP_MS = 5;

export function sqliteFrontier(db: SqliteDatabase): Frontier {
  const insert = db.prepare(
    `INSERT INTO frontier (crawl_id, url, depth, hops, state, outcome)
     VALUES (@crawlId, @url, @depth, @hops,
       CASE WHEN @outcome IS NULL THEN 'queued' ELSE 'settled' END, @outcome)
     ON CONFLICT (crawl_id, url) DO NOTHING`,
  );
  const pick = db.prepare(
    `SELECT url, depth, hops FROM frontier WHERE crawl_id = ? AND state = 'queued'
     ORDER BY depth, rowid LIMIT 1`,
  );
  const settle = db.prepare(
    "UPDATE frontier SET state = 'settled', outcome = ? WHERE crawl_id = ? AND url = ?",
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
  // Back in the queue, in their old places (rowid order).
  const requeueIndexing = db.prepare(
    `UPDATE frontier SET state = 'queued', outcome = NULL
     WHERE crawl_id = ? AND state = 'settled' AND outcome = 'indexing'`,
  );
  // Both clocks are ISO times of the machine(s) running the crawl: the page's is the end of its
  // response, the crawl's its start.
  const settleStored = db.prepare(
    `UPDATE frontier SET outcome = 'indexed'
     WHERE crawl_id = ? AND state = 'settled' AND outcome = 'indexing'
       AND EXISTS (
         SELECT 1 FROM crawls c
         JOIN pages p ON p.site_id = c.site_id AND p.url = frontier.url
         JOIN page_texts t ON t.site_id = p.site_id AND t.url = p.url
         WHERE c.id = frontier.crawl_id AND p.fetched_at >= c.started_at)`,
  );
  // Pages the crawl read into the index that have left it since (a block lifted, a robots.txt
  // that failed for `hooty refresh`): read again, or the crawl would end without them.
  const requeueGone = db.prepare(
    `UPDATE frontier SET state = 'queued', outcome = NULL
     WHERE crawl_id = ? AND state = 'settled' AND outcome IN ('indexed', 'unchanged')
       AND NOT EXISTS (
         SELECT 1 FROM crawls c
         JOIN page_texts t ON t.site_id = c.site_id AND t.url = frontier.url
         WHERE c.id = frontier.crawl_id)`,
  );
  const resumeIndexing = db.transaction((crawlId: number) => {
    const indexed = settleStored.run(crawlId).changes;
    const queued = requeueIndexing.run(crawlId).changes + requeueGone.run(crawlId).changes;
    return { indexed, queued };
  });
  const knownUrls = db.prepare("SELECT url FROM frontier WHERE crawl_id = ?").pluck();

  // Pages link to the same URLs over and over (navigation): the URLs a crawl already knows are
  // remembered here, so only new ones reach the database. The set follows the committed rows.
  const known = new Map<number, Set<string>>();
  const knownFor = (crawlId: number) => {
    let set = known.get(crawlId);
    if (!set) {
      set = new Set(knownUrls.all(crawlId) as string[]);
      known.set(crawlId, set);
    }
    return set;
  };

  const add = db.transaction((crawlId: number, entries: FrontierEntry[], room: number) => {
    const seen = knownFor(crawlId);
    let added = 0;
    for (const entry of entries) {
      if (added >= room) break;
      if (seen.has(entry.url)) continue;
      if (
        insert.run({
          crawlId,
          url: entry.url,
          depth: entry.depth,
          hops: entry.hops ?? 0,
          outcome: entry.outcome ?? null,
        }).changes > 0
      )
        added++;
      seen.add(entry.url);
    }
    return added;
  });
  // Group commit: settles arriving within a few milliseconds (many sites crawled at once) share
  // one transaction, whose commit is most of the cost. Each caller resumes once it is committed,
  // so `next` never shows an entry it settled; the wait is a sliver of the 0.5 s between a site's
  // requests, which is measured from the response's end and so is not lengthened by it.
  type Settle = {
    crawlId: number;
    url: string;
    outcome: string;
    done: () => void;
    fail: (error: unknown) => void;
  };
  let settles: Settle[] = [];
  const settleAll = db.transaction((group: Settle[]) => {
    for (const q of group) settle.run(q.outcome, q.crawlId, q.url);
  });
  const flushSettles = () => {
    const group = settles;
    settles = [];
    try {
      settleAll.immediate(group);
    } catch (error) {
      for (const q of group) q.fail(error);
      return;
    }
    for (const q of group) q.done();
  };

  return {
    add: async (crawlId, entries, room = Number.POSITIVE_INFINITY) => {
      if (entries.length === 0 || room <= 0) return 0;
      const seen = knownFor(crawlId);
      const fresh = entries.filter((entry) => !seen.has(entry.url));
      if (fresh.length === 0) return 0;
      try {
        return add.immediate(crawlId, fresh, room);
      } catch (error) {
        // A rolled-back transaction may have marked URLs as known that were never written.
        known.delete(crawlId);
        throw error;
      }
    },
    next: async (crawlId) => {
      const row = pick.get(crawlId) as
        | Required<Pick<FrontierEntry, "url" | "depth" | "hops">>
        | undefined;
      if (!row) return null;
      return row.hops > 0 ? row : { url: row.url, depth: row.depth };
    },
    settle: (crawlId, url, outcome) =>
      new Promise<void>((done, fail) => {
        settles.push({ crawlId, url, outcome, done, fail });
        if (settles.length === 1) setTimeout(flushSettles, SETTLE_GROUP_MS);
      }),
    counts: async (crawlId) => {
      const row = counts.get(crawlId) as { queued: number | null; settled: number | null };
      return { queued: row.queued ?? 0, settled: row.settled ?? 0 };
    },
    outcomes: async (crawlId) => {
      const rows = outcomes.all(crawlId) as { outcome: string | null; n: number }[];
      return Object.fromEntries(rows.map((row) => [row.outcome ?? "", row.n]));
    },
    settleQueued: async (crawlId, outcome) => settleQueued.run(outcome, crawlId).changes,
    resumeIndexing: async (crawlId) => resumeIndexing.immediate(crawlId),
  };
}
