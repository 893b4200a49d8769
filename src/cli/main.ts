#!/usr/bin/env node
import { type Command, CommanderError } from "commander";
import { HootyError, oneLine } from "../core/errors.js";
import { buildProgram } from "./program.js";

/**
 * The options every command takes (`--json`, `--data DIR`) given before the command's name
 * (`hooty --json ask …`, `hooty --data d pages …`), moved after it, where the command reads them.
 */
export function commandFirst(argv: readonly string[]): string[] {
  const leading: string[] = [];
  let at = 0;
  for (; at < argv.length; at++) {
    const arg = argv[at] as string;
    if (arg === "--json" || arg.startsWith("--data=")) leading.push(arg);
    else if (arg === "--data" && at + 1 < argv.length) leading.push(arg, argv[++at] as string);
    else break;
  }
  const command = argv[at];
  if (leading.length === 0 || command === undefined || command.startsWith("-")) return [...argv];
  return [command, ...leading, ...argv.slice(at + 1)];
}

/** Runs the CLI and resolves to the exit status: 0 ok, 1 failure, 2 bad usage, 130/143 a signal. */
export async function run(argv: string[]): Promise<number> {
  const args = commandFirst(argv);
  const program = await buildProgram(args);
  try {
    await program.parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its one-line message (or the help / version text).
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
      if (error.code === "commander.help") return 0;
      return error.exitCode === 0 ? 0 : 2;
    }
    const failure =
      error instanceof HootyError ? error : await storeFailureOf(error, program, args);
    if (failure) {
      process.stderr.write(`hooty: ${oneLine(failure)}\n`);
      return failure.exitCode;
    }
    // The reader of stdout went away (`hooty robots --batch < big | head -1`): nothing is wrong.
    if (isBrokenPipe(error)) return 0;
    process.stderr.write(`hooty: internal error: ${oneLine(error)}\n`);
    if (process.env.HOOTY_DEBUG) console.error(error);
    return 1;
  }
}

/**
 * The failure as one of the data store's (the disk full, the data folder read-only …), when it is
 * one, for the data folder the command was given.
 */
async function storeFailureOf(
  error: unknown,
  program: Command,
  args: readonly string[],
): Promise<HootyError | null> {
  const command = program.commands.find((c) => c.name() === args[0]);
  const data = command?.opts().data as string | undefined;
  try {
    const { storeFailure } = await import("../app.js");
    return storeFailure(error, { data });
  } catch {
    return null;
  }
}

function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "EPIPE";
}

// A write to a closed pipe fails asynchronously too: the command stops there, quietly, as a
// command killed by SIGPIPE does in a shell pipeline.
process.stdout.on("error", (error) => {
  if (!isBrokenPipe(error)) throw error;
  process.exit(0);
});

process.exitCode = await run(process.argv.slice(2));
