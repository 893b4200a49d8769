/**
 * The one place the CLI writes. With `--json`, stdout carries one JSON value per line and
 * nothing else; people's text and progress go to stderr. Without it, results are written for
 * people on stdout, notes and progress on stderr.
 */
import { printable } from "../core/errors.js";

export interface Output {
  readonly json: boolean;
  /** A result: one JSON line with --json, else the human text (when given). */
  result(value: unknown, human?: string): void;
  /** A note for people (never on stdout). */
  note(text: string): void;
  /** True when stderr is a terminal, so live progress may redraw lines. */
  readonly interactive: boolean;
}

/**
 * A reader that stops early (`hooty pages … | head`) closes the pipe: that ends the output, not
 * the command with a crash.
 */
function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  if (stream.listenerCount("error") > 0) return;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

export function createOutput(
  json: boolean,
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WriteStream | NodeJS.WritableStream = process.stderr,
): Output {
  quietOnClosedPipe(stdout);
  return {
    json,
    interactive: "isTTY" in stderr && stderr.isTTY === true,
    result(value, human) {
      if (json) stdout.write(`${JSON.stringify(value)}\n`);
      // What a page said (a title, a quote) reaches people's screens here.
      else if (human !== undefined) stdout.write(`${printable(human)}\n`);
    },
    note(text) {
      // Notes quote inputs too (a robots.txt line, a reason given to a block).
      stderr.write(`${printable(text)}\n`);
    },
  };
}
