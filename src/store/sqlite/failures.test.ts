import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import { openDatabase } from "./database.js";
import { describeStoreFailure } from "./failures.js";

/** What `run` threw. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("describeStoreFailure", () => {
  it("says the disk is full when SQLite can grow the file no further", () => {
    const dir = tempDir();
    const file = join(dir, "hooty.sqlite");
    const db = new Database(file);
    db.exec("CREATE TABLE t (x TEXT)");
    // SQLite's own limit on the file's pages answers as a full disk does: SQLITE_FULL.
    db.pragma("max_page_count = 8");
    const insert = db.prepare("INSERT INTO t VALUES (?)");
    const error = thrown(() => {
      for (;;) insert.run("x".repeat(2000));
    });
    db.close();
    expect((error as { code?: string }).code).toBe("SQLITE_FULL");
    expect(describeStoreFailure(error, file, false)?.message).toBe(
      `no space left for the data in ${dir} (the disk or the quota is full): free some space and run the command again; what was written before is kept, and a crawl resumes where it stopped`,
    );
  });

  it("says the folder cannot be written when SQLite may not write", () => {
    const dir = tempDir();
    const file = join(dir, "hooty.sqlite");
    new Database(file).exec("CREATE TABLE t (x TEXT)");
    const db = new Database(file, { readonly: true });
    const error = thrown(() => db.exec("INSERT INTO t VALUES ('x')"));
    db.close();
    expect((error as { code?: string }).code).toMatch(/^SQLITE_READONLY/);
    expect(describeStoreFailure(error, file, false)?.message).toBe(
      `cannot write in the data folder ${dir} (read-only, or no permission), which Hooty needs even to read its data: choose a writable folder with --data`,
    );
  });

  it("names a data file that is not a database", () => {
    const file = join(tempDir(), "hooty.sqlite");
    writeFileSync(file, "notes, not a database\n".repeat(100));
    const error = thrown(() => openDatabase(file));
    expect((error as Error).message).toBe(
      `${file} is not a Hooty data file (it is not an SQLite database): move it away, or choose another folder with --data`,
    );
  });

  it("counts a system error only while the file is opened", () => {
    const file = join(tempDir(), "hooty.sqlite");
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
    });
    expect(describeStoreFailure(full, file, true)?.message).toMatch(/^no space left for the data/);
    // Later the command may have written another file (its output): that one is not the store's.
    expect(describeStoreFailure(full, file, false)).toBeNull();
    const wrapped = new Error("the page could not be written", { cause: full });
    expect(describeStoreFailure(wrapped, file, true)?.message).toMatch(/^no space left/);
    expect(describeStoreFailure(new Error("something else"), file, true)).toBeNull();
    const locked = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    expect(describeStoreFailure(locked, file, false)).toBeNull();
  });
});
