import type { Store } from "../types.js";
import { sqliteBlockList } from "./block-list.js";
import { sqliteCrawls } from "./crawls.js";
import { currentVersion, openDatabase } from "./database.js";
import { sqliteFrontier } from "./frontier.js";
import { sqliteGates } from "./gates.js";
import { sqlitePages } from "./pages.js";
import { sqliteSites } from "./sites.js";
import { sqliteTexts } from "./texts.js";

/** The embedded store: one SQLite file, safe to share between processes on one machine. */
export function openSqliteStore(file: string): Store {
  const db = openDatabase(file);
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
    texts: sqliteTexts(db),
    close: async () => {
      db.close();
    },
  };
}
