import { createRequire } from "node:module";
import { Command } from "commander";
import { registerAsk } from "./commands/ask.js";
import { registerBlock } from "./commands/block.js";
import { registerClassify } from "./commands/classify.js";
import { registerCrawl } from "./commands/crawl.js";
import { registerEval } from "./commands/eval.js";
import { registerPages } from "./commands/pages.js";
import { registerRefresh } from "./commands/refresh.js";
import { registerRobots } from "./commands/robots.js";

const pkg = createRequire(import.meta.url)("../../../package.json") as { version: string };

export const VERSION = pkg.version;

/** The command line. A command is registered here only once it works end to end. */
export function buildProgram(): Command {
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
  registerCrawl(program);
  registerPages(program);
  registerAsk(program);
  registerEval(program);
  registerRefresh(program);
  registerBlock(program);
  registerClassify(program);
  registerRobots(program);
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
