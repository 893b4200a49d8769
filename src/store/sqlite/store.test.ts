import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { MIGRATIONS } from "./migrations.js";
import { openSqliteStore } from "./store.js";

describe("SQLite store", () => {
  it("runs every migration on open, in WAL mode, and only once", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const first = openSqliteStore(file);
    expect(await first.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    await first.close();
    const again = openSqliteStore(file);
    expect(await again.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    await again.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    const applied = raw.prepare("SELECT count(*) AS n FROM schema_migrations").get() as {
      n: number;
    };
    expect(applied.n).toBe(MIGRATIONS.length);
    raw.close();
  });

  it("refuses a file written by a newer schema, with a clear message", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    await openSqliteStore(file).close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_migrations VALUES (999, 'future', '2030-01-01')").run();
    raw.close();
    expect(() => openSqliteStore(file)).toThrow(/newer Hooty/);
  });
});
