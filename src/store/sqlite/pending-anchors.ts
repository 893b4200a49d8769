import type { AnchorRecord } from "../types.js";
import type { SqliteDatabase } from "./database.js";
import { writeBatch } from "./write-batch.js";

/**
 * Anchors written whose rows are not in `anchors` yet (migration 10). `anchors_target` orders a
 * site's anchors by the page they point to, so a page's dozen links land on a dozen pages of that
 * index, each written again by every commit: a fifth of a page's write. A page's anchors wait here
 * as one row until a few thousand have come, then go into `anchors` together, sorted, in the
 * transaction of the page that fills the batch; readers add the waiting ones meanwhile.
 */
export interface PendingAnchors {
  /** The page's anchors, replacing those it had (waiting or written); inside a write transaction. */
  put(pageId: number, siteId: number, anchors: readonly AnchorRecord[], known: boolean): void;
  /** Writes the batch into `anchors` once it is full; inside a write transaction. */
  flushIfFull(): void;
  /** Writes every waiting anchor; inside a write transaction. */
  flush(): void;
  /** Whether this connection left anchors waiting (what closing it should flush). */
  waiting(): boolean;
  /** The words of the site's waiting links to each of the targets that has some. */
  textsTo(siteId: number, targets: readonly string[]): Map<string, string[]>;
}

/** Anchors a batch holds: a few hundred pages of a documentation site. */
export const PENDING_ANCHORS_BATCH = 4096;

type Stored = [target: string, text: string][];

export function pendingAnchors(db: SqliteDatabase, batch = PENDING_ANCHORS_BATCH): PendingAnchors {
  const insertWaiting = db.prepare(
    "INSERT OR REPLACE INTO anchors_pending (page_id, site_id, count, anchors) VALUES (?, ?, ?, ?)",
  );
  const dropWaiting = db.prepare("DELETE FROM anchors_pending WHERE page_id = ?");
  const dropWritten = db.prepare("DELETE FROM anchors WHERE page_id = ?");
  const count = db.prepare("SELECT coalesce(sum(count), 0) FROM anchors_pending").pluck();
  const all = db.prepare("SELECT page_id, site_id, anchors FROM anchors_pending").raw();
  const ofSite = db.prepare("SELECT anchors FROM anchors_pending WHERE site_id = ?").pluck();
  const insert = db.prepare(
    "INSERT OR IGNORE INTO anchors (page_id, site_id, target, text) VALUES (?, ?, ?, ?)",
  );
  const clear = db.prepare("DELETE FROM anchors_pending");
  const flush = () => {
    const rows: [pageId: number, siteId: number, target: string, text: string][] = [];
    for (const [pageId, siteId, json] of all.all() as [number, number, string][]) {
      for (const [target, text] of JSON.parse(json) as Stored) {
        rows.push([pageId, siteId, target, text]);
      }
    }
    // In the index's order: each page of it is then written once for the whole batch.
    rows.sort((a, b) => a[1] - b[1] || compare(a[2], b[2]) || compare(a[3], b[3]));
    for (const row of rows) insert.run(...row);
    clear.run();
    batched.flushed();
  };
  const batched = writeBatch(batch, () => count.get() as number, flush);

  return {
    put(pageId, siteId, anchors, known) {
      if (known) {
        dropWritten.run(pageId);
        dropWaiting.run(pageId);
      }
      if (anchors.length === 0) return;
      const stored: Stored = anchors.map((a) => [a.target, a.text]);
      insertWaiting.run(pageId, siteId, stored.length, JSON.stringify(stored));
      batched.added(stored.length);
    },
    flushIfFull: batched.flushIfFull,
    flush,
    waiting: batched.waiting,
    textsTo(siteId, targets) {
      const out = new Map<string, string[]>();
      const rows = ofSite.all(siteId) as string[];
      if (rows.length === 0) return out;
      // A row's JSON holds each target as JSON.stringify spells it, quotes included: a row that
      // holds none of the targets is passed over without being parsed.
      const spelt = [...new Set(targets)].map((target) => ({
        target,
        json: JSON.stringify(target),
      }));
      for (const json of rows) {
        const held = new Set(spelt.filter((t) => json.includes(t.json)).map((t) => t.target));
        if (held.size === 0) continue;
        for (const [to, text] of JSON.parse(json) as Stored) {
          if (!held.has(to)) continue;
          const texts = out.get(to);
          if (texts) texts.push(text);
          else out.set(to, [text]);
        }
      }
      return out;
    },
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
