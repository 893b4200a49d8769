import type { Store } from "../types.js";
import { sqliteBlockList } from "./block-list.js";
import { startCheckpointThread } from "./checkpoint-thread.js";
import { sqliteCrawls } from "./crawls.js";
import { currentVersion, openDatabase } from "./database.js";
import { sqliteFrontier } from "./frontier.js";
import { sqliteGates } from "./gates.js";
import { sqlitePages } from "./pages.js";
import { sqliteSites } from "./sites.js";
import { sqliteTexts } from "./texts.js";

export interface SqliteStoreOptions {
  /**
   * Copy the WAL back from a thread of its own (checkpoint-thread.ts): for the connection that
   * writes a crawl's pages, whose own checkpoints would hold up the calls waiting on it.
   */
  checkpointThread?: boolean | { everyMs: number };
}

/** The embedded store: one SQLite file, safe to share between processes on one machine. */
export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): Store {
  const db = openDatabase(file);
  const thread = options.checkpointThread;
  const checkpoints = thread
    ? startCheckpointThread(
        file,
        (round) => {
          if (round.log === 0 || round.checkpointed < round.log) return;
          try {
            db.pragma("wal_checkpoint(PASSIVE)");
          } catch {
            // Busy (the thread's next round already runs): the WAL starts over after a later one.
          }
        },
        thread === true ? undefined : thread.everyMs,
      )
    : null;
  const texts = sqliteTexts(db);
  return {
    kind: "sqlite",
    location: file,
    schemaVersion: async () => currentVersion(db),
    blocks: sqliteBlockList(db),
    sites: sqliteSites(db),
    crawls: sqliteCrawls(db),
    frontier: sqliteFrontier(db),
    gates: sqliteGates(db),
    pages: sqlitePages(db),
    texts,
    close: async () => {
      texts.flushWaiting();
      await checkpoints?.close();
      db.close();
    },
  };
}
