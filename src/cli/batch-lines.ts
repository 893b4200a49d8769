/**
 * The bad lines of a `--batch` stream. A line that cannot be read is answered in its place by
 * `{…, "error": "line N: why"}`, so the answers stay one per line and in order, and every other
 * line is still answered; once the stream has ended, one line on stderr names the bad ones and
 * the command exits 2 (`finish`).
 */
import { badInput } from "../core/errors.js";

/** Bad lines named in the closing error, at most; the count covers the others. */
const NAMED = 3;

export class LineError extends Error {}

/** The longest line a `--batch` command reads (characters); a longer one is answered as bad. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** Why a line over MAX_LINE_CHARS is not read. */
export const TOO_LONG = `longer than ${MAX_LINE_CHARS / 1024 / 1024} MiB, not read`;

/**
 * The line without the byte-order mark an editor may have put at the start of the file (it is
 * no part of the first line's JSON).
 */
export function withoutBom(line: string, number: number): string {
  return number === 1 && line.startsWith("\uFEFF") ? line.slice(1) : line;
}

export interface BatchLines {
  /** The answer for line `number`, which failed with `why`. */
  failed(number: number, why: string): Record<string, string | null>;
  /** Throws the closing one-line error when any line failed. */
  finish(): void;
}

/**
 * `command` prefixes the closing error ("robots --batch"); `answerFields` are the answer's own
 * fields, null on a bad line, so its shape stays that of the others.
 */
export function batchLines(command: string, answerFields: Record<string, null>): BatchLines {
  const named: string[] = [];
  let count = 0;
  return {
    failed(number, why) {
      count++;
      const message = `line ${number}: ${why}`;
      if (named.length < NAMED) named.push(message);
      return { ...answerFields, error: message };
    },
    finish() {
      if (count === 0) return;
      const more = count > named.length ? `; and ${count - named.length} more` : "";
      const what = count === 1 ? "1 line was" : `${count} lines were`;
      throw badInput(
        `${command}: ${what} not understood and answered with "error" (${named.join("; ")}${more})`,
      );
    },
  };
}
