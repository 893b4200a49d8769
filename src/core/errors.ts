/**
 * The error catalogue. Every failure the user can see has a code here; the CLI prints
 * `hooty: <message>` on one line and exits with the code's exit status.
 */
export const ERRORS = {
  usage: { exit: 2, summary: "the command line is not valid" },
  "bad-input": { exit: 2, summary: "an argument or input line is not valid" },
  "bad-config": { exit: 2, summary: "a setting (flag or environment variable) is not valid" },
  store: { exit: 1, summary: "the data store could not be opened or written" },
  network: { exit: 1, summary: "a request could not be completed" },
  internal: { exit: 1, summary: "an unexpected failure inside Hooty" },
  // As a shell reports a command a signal ended: 128 + the signal's number.
  interrupted: { exit: 130, summary: "stopped by Ctrl-C (SIGINT); what was done is kept" },
  terminated: { exit: 143, summary: "stopped by SIGTERM; what was done is kept" },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export class HootyError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HootyError";
    this.code = code;
  }

  get exitCode(): number {
    return ERRORS[this.code].exit;
  }
}

export function usageError(message: string): HootyError {
  return new HootyError("usage", message);
}

export function badInput(message: string): HootyError {
  return new HootyError("bad-input", message);
}

/** One line, whatever was thrown: newlines would break the CLI's one-line error promise. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Messages quote what they failed on (a stdin line, a header): its control characters (a
  // terminal's escape sequences among them) are never written out as they are.
  return printable(text.replace(/\s*[\r\n]+\s*/g, " ")).trim() || "unknown error";
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it replaces
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text for a terminal: each control character (an escape sequence's among them) as "\ufffd",
 * tabs and line breaks kept. Whatever a page or an input line said may be in it.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, "\ufffd");
}
