/**
 * The one place the CLI writes. With `--json`, stdout carries one JSON value per line and
 * nothing else; people's text and progress go to stderr. Without it, results are written for
 * people on stdout, notes and progress on stderr.
 */
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it replaces
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text for a terminal: what a page said (a title, a quote) reaches people's screens here, and a
 * control character in it (an escape sequence) would act there. Tabs and line breaks stay.
 */
function printable(text: string): string {
  return text.replace(CONTROL, "\ufffd");
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
      else if (human !== undefined) stdout.write(`${printable(human)}\n`);
    },
    note(text) {
      stderr.write(`${text}\n`);
    },
  };
}
