/**
 * An index as a Hooty before the current analysis left it, made from a real one in the SQLite
 * file: no analysis version recorded, its passages stored under hashes this Hooty never makes.
 */
import Database from "better-sqlite3";

const OLD = "old-";

/** Turns the file's index into an older one; resolves to the number of passages it holds. */
export function makeIndexOlder(file: string): number {
  const db = new Database(file);
  try {
    db.prepare("UPDATE sites SET analysis = NULL").run();
    db.prepare(`UPDATE chunks SET hash = '${OLD}' || hash`).run();
    return db.prepare("SELECT count(*) FROM chunks").pluck().get() as number;
  } finally {
    db.close();
  }
}

/** The hashes of the file's passages, and how many of them the older analysis left. */
export function passageHashes(file: string): { all: number; older: number } {
  const db = new Database(file, { readonly: true });
  try {
    const hashes = db.prepare("SELECT hash FROM chunks").pluck().all() as string[];
    return { all: hashes.length, older: hashes.filter((h) => h.startsWith(OLD)).length };
  } finally {
    db.close();
  }
}
