import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { HootyError, oneLine } from "../../core/errors.js";
import { describeStoreFailure } from "./failures.js";
import { MIGRATIONS, type Migration } from "./migrations.js";

export type SqliteDatabase = Database.Database;

/** WAL the writing connection lets grow before it checkpoints by itself. */
const WAL_CHECKPOINT_BYTES = 40 * 1024 * 1024;

/** Opens (creating if needed) the database file in WAL mode and brings its schema up to date. */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS) {
  let db: SqliteDatabase;
  try {
    makeFolder(dirname(file));
    db = new Database(file);
  } catch (error) {
    throw (
      describeStoreFailure(error, file, true) ??
      new HootyError("store", `cannot open ${file}: ${oneLine(error)}`, { cause: error })
    );
  }
  try {
    refuseForeign(db, file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    // The writer's own checkpoints (a safety net beside the checkpoint thread) come every 40 MB of
    // WAL, not SQLite's 4 MB: a page that commits keep rewriting (a table's last leaf, an index
    // page) is copied back once per checkpoint, and each checkpoint syncs the file. Writing the pg
    // manual's index copied 30% fewer pages back in 5 checkpoints instead of 47.
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    db.pragma(`wal_autocheckpoint = ${Math.ceil(WAL_CHECKPOINT_BYTES / pageSize)}`);
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 10000");
    migrate(db, migrations);
  } catch (error) {
    db.close();
    if (error instanceof HootyError) throw error;
    throw (
      describeStoreFailure(error, file, true) ??
      new HootyError("store", `cannot prepare ${file}: ${oneLine(error)}`, { cause: error })
    );
  }
  return db;
}

/**
 * Creates `dir` and its missing parents, one at a time: Node's own recursive `mkdirSync` never
 * returns for some paths (a folder under /proc: it retries ENOENT forever, at full CPU).
 */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made meanwhile by another process: what was asked for is there.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/**
 * Another program's SQLite file where Hooty's should be: left exactly as it is (not even switched
 * to WAL), and refused. A new file has no tables; one of Hooty's has its migrations table.
 */
function refuseForeign(db: SqliteDatabase, file: string): void {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  if (tables.length === 0 || tables.includes("schema_migrations")) return;
  throw new HootyError(
    "store",
    `${file} is not a Hooty data file (it holds another program's tables: ${tables.slice(0, 3).join(", ")}${tables.length > 3 ? " …" : ""}): it was left as it is; move it away, or choose another folder with --data`,
  );
}

function migrate(db: SqliteDatabase, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const known = migrations.at(-1)?.version ?? 0;
  const run = db.transaction(() => {
    const current = currentVersion(db);
    if (current > known) {
      throw new HootyError(
        "store",
        `the data was written by a newer Hooty (schema ${current}, this one knows ${known}): upgrade Hooty`,
      );
    }
    const record = db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
    );
    for (const step of migrations) {
      if (step.version <= current) continue;
      if (step.sql) db.exec(step.sql);
      step.run?.(db);
      record.run(step.version, step.name, new Date().toISOString());
    }
  });
  // IMMEDIATE takes the write lock first, so two processes opening a new file never both migrate.
  run.immediate();
}

export function currentVersion(db: SqliteDatabase): number {
  const row = db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as {
    v: number | null;
  };
  return row.v ?? 0;
}
