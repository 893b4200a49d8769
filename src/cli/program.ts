import { createRequire } from "node:module";
import { Command } from "commander";

const pkg = createRequire(import.meta.url)("../../../package.json") as { version: string };

export const VERSION = pkg.version;

type Register = (program: Command) => void;

/**
 * The commands in the order help lists them, each loaded when needed: a command's module brings
 * what it runs on (the crawler, the store, the text analysis), and a quick command such as
 * `hooty robots --robots-file` should not wait for every other command's.
 */
const COMMANDS: readonly (readonly [name: string, load: () => Promise<Register>])[] = [
  ["crawl", async () => (await import("./commands/crawl.js")).registerCrawl],
  ["pages", async () => (await import("./commands/pages.js")).registerPages],
  ["ask", async () => (await import("./commands/ask.js")).registerAsk],
  ["eval", async () => (await import("./commands/eval.js")).registerEval],
  ["refresh", async () => (await import("./commands/refresh.js")).registerRefresh],
  ["block", async () => (await import("./commands/block.js")).registerBlock],
  ["classify", async () => (await import("./commands/classify.js")).registerClassify],
  ["robots", async () => (await import("./commands/robots.js")).registerRobots],
];

/** Names of commands whose module registers more than the one it is named after. */
const ALSO_REGISTERED: Readonly<Record<string, string>> = { unblock: "block" };

/**
 * The command line for `argv` (options every command takes already after the command's name, as
 * `commandFirst` puts them). A command is registered here only once it works end to end. Only the
 * command `argv` names is loaded; anything else (help, the version, a mistyped name, which gets a
 * suggestion) loads them all.
 */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command("hooty")
    .description(
      "Hooty: HootyBot reads a site politely, Hooty indexes its pages, and answers cite them.",
    )
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      outputError: (text, write) => write(`hooty: ${errorLine(text)}\n`),
    });
  const named = argv[0] === undefined ? undefined : (ALSO_REGISTERED[argv[0]] ?? argv[0]);
  const only = COMMANDS.find(([name]) => name === named);
  for (const [, load] of only ? [only] : COMMANDS) (await load())(program);
  for (const command of program.commands) {
    command.exitOverride().configureOutput({
      outputError: (text, write) => write(`hooty ${command.name()}: ${errorLine(text)}\n`),
    });
  }
  return program;
}

/**
 * Commander's error as one line: without its "error: " and with its suggestion on the same line
 * ("unknown option '--jsn' (Did you mean --json?)").
 */
function errorLine(text: string): string {
  return text
    .replace(/^error: /, "")
    .trim()
    .replace(/\s*\n\s*/g, " ");
}
