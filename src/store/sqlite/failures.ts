/**
 * What the machine did to the data file, in words a user can act on. SQLite and the file system
 * name the cause by a code (`SQLITE_FULL`, `ENOSPC`, `EROFS` …) and a message written for
 * programmers ("database or disk is full", "unable to open database file"); the CLI's one line
 * should say what happened to the data folder and what to do.
 */
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { HootyError } from "../../core/errors.js";

/** What to say when the data folder named is a file. */
export function folderIsAFile(folder: string): string {
  return `the data folder ${folder} is a file, not a folder: name a folder with --data`;
}

/** The codes of an error and its causes, outermost first (SQLite's, or Node's system ones). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    at = at.cause;
  }
  return codes;
}

/** Whether files can be made in `dir` (false when it is missing, read-only or not ours). */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nearest of `path` and its parents that exists, when it is a file; else null. */
function fileOnPath(path: string): string | null {
  for (let at = path; ; at = dirname(at)) {
    if (existsSync(at)) return isFile(at) ? at : null;
    if (dirname(at) === at) return null;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The plain-words failure for `error` met on the data file `file`, or null when it is none of the
 * causes known here (the caller then says what it said). `opening`: met while opening the file
 * (making its folder included), where a system error is about the data folder; later, only
 * SQLite's own codes are, since the command may also have read or written other files.
 */
export function describeStoreFailure(
  error: unknown,
  file: string,
  opening: boolean,
): HootyError | null {
  const folder = dirname(file);
  const codes = codesOf(error);
  if (codes.length === 0 || (!opening && !codes.some((code) => code.startsWith("SQLITE_"))))
    return null;
  const has = (...names: string[]) => codes.some((code) => names.includes(code));
  const startsWith = (prefix: string) => codes.some((code) => code.startsWith(prefix));
  let message: string | null = null;
  if (has("SQLITE_FULL", "ENOSPC", "EDQUOT")) {
    message = `no space left for the data in ${folder} (the disk or the quota is full): free some space and run the command again; what was written before is kept, and a crawl resumes where it stopped`;
  } else if (has("ENOTDIR") || (opening && isFile(folder))) {
    const inTheWay = fileOnPath(folder);
    message =
      inTheWay === folder || inTheWay === null
        ? folderIsAFile(folder)
        : `the data folder ${folder} cannot be made: ${inTheWay} is a file, not a folder; name another folder with --data`;
  } else if (
    has("EROFS", "EACCES", "EPERM") ||
    startsWith("SQLITE_READONLY") ||
    (startsWith("SQLITE_CANTOPEN") && !writable(folder))
  ) {
    message = `cannot write in the data folder ${folder} (read-only, or no permission), which Hooty needs even to read its data: choose a writable folder with --data`;
  } else if (has("SQLITE_NOTADB")) {
    message = `${file} is not a Hooty data file (it is not an SQLite database): move it away, or choose another folder with --data`;
  } else if (startsWith("SQLITE_CORRUPT")) {
    message = `${file} is damaged (SQLite found its content malformed): restore it from a backup, or crawl the sites again into a new folder (--data)`;
  } else if (startsWith("SQLITE_IOERR") || has("EIO")) {
    message = `the disk failed reading or writing ${file}: check the disk (dmesg), then run the command again`;
  }
  return message === null ? null : new HootyError("store", message, { cause: error });
}
