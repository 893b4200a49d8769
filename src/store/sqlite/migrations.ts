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
];
