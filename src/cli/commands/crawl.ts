import type { Command } from "commander";
import { crawl, openStore, storeFailure } from "../../app.js";
import { HootyError, oneLine, usageError } from "../../core/errors.js";
import type { CrawlReport } from "../../core/report.js";
import { siteUrl } from "../../crawl/links/normalize.js";
import {
  type CommonOptions,
  positiveInteger,
  positiveSeconds,
  withData,
  withJson,
} from "../options.js";
import { createOutput } from "../output.js";
import { createProgress } from "../progress.js";

interface CrawlOptions extends CommonOptions {
  maxPages: number;
  timeout: number;
  maxWait: number;
}

export function registerCrawl(program: Command): void {
  withData(
    withJson(
      program
        .command("crawl")
        .argument("<url...>", "start URL of each site")
        .description("crawl each site politely as HootyBot and index what it read")
        .option("--max-pages <n>", "page limit per site", positiveInteger("--max-pages"), 500)
        .option("--timeout <seconds>", "limit per request", positiveSeconds("--timeout"), 20)
        .option(
          "--max-wait <seconds>",
          "longest Retry-After wait accepted before the site is left for later",
          positiveSeconds("--max-wait"),
          300,
        ),
    ),
  ).action(async (urls: string[], options: CrawlOptions, command: Command) => {
    const starts = urls.map((raw) => {
      const url = siteUrl(raw);
      if (!url && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(raw.trim()))
        throw usageError(
          `a URL with a user name or password is not crawled (HootyBot never signs in): ${JSON.stringify(raw.trim().replace(/\/\/[^/?#]*@/, "//"))}`,
        );
      if (!url) throw usageError(`not an http(s) URL: ${JSON.stringify(raw)}`);
      return url.href;
    });
    const out = createOutput(options.json === true);
    const store = openStore({ data: options.data });
    const progress = createProgress(process.stderr, out.interactive);
    const interrupt = new AbortController();
    let stoppedBy: NodeJS.Signals | null = null;
    const onSignal = (signal: NodeJS.Signals) => {
      stoppedBy ??= signal;
      interrupt.abort(new HootyError("internal", "interrupted"));
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      const results = await crawl(store, [...new Set(starts)], {
        settings: {
          // Only a limit given on the command line changes the one of a crawl it resumes.
          ...(command.getOptionValueSource("maxPages") === "cli"
            ? { maxPages: options.maxPages }
            : {}),
          timeoutMs: options.timeout * 1000,
          gate: { maxWaitMs: options.maxWait * 1000 },
        },
        signal: interrupt.signal,
        onProgress: (p) => progress.update(p),
      });
      progress.stop();
      // The sites that finished have their reports, also those done before a signal stopped the
      // others (which resume when the command is run again).
      const failures: string[] = [];
      for (const result of results) {
        if (result.report) {
          const r = result.report;
          if (result.earlier) {
            out.note(
              `hooty: ${r.site}: crawled to the end before the interruption${r.finishedAt ? ` (${r.finishedAt})` : ""}: not crawled again`,
            );
          }
          out.result(r, summary(r));
        } else {
          const cause = storeFailure(result.error, { data: options.data }) ?? result.error;
          failures.push(`${result.startUrl}: ${oneLine(cause)}`);
        }
      }
      if (interrupt.signal.aborted) {
        throw new HootyError(
          stoppedBy === "SIGTERM" ? "terminated" : "interrupted",
          "interrupted: run the same command again to resume",
        );
      }
      // One site asked for and not crawled: its reason is the one line. Several sites: each
      // reason on a line, then the count.
      if (failures.length === 1 && results.length === 1) {
        throw new HootyError("internal", failures[0] as string);
      }
      for (const failure of failures) out.note(`hooty: ${failure}`);
      if (failures.length > 0) {
        throw new HootyError(
          "internal",
          `${failures.length} of ${results.length} sites could not be crawled (see above)`,
        );
      }
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      progress.stop();
      await store.close();
    }
  });
}

/** The report for people: the totals, then each problem with what to do about it. */
function summary(r: CrawlReport): string {
  if (r.sameSiteAs)
    return `${r.site}: its start page leads to ${r.sameSiteAs}, crawled in this run (see its report); ${count(r.requests, "request")}`;
  const lines = [
    `${r.site}: ${r.outcome}, ${count(r.pages.fetched, "page")} fetched, ${r.pages.indexed} indexed, ${count(r.requests, "request")}`,
  ];
  // Why pages found were not indexed, by reason: the report's "skipped" counts.
  const skipped = Object.entries(r.skipped)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${n} ${reason}`);
  if (skipped.length > 0) lines.push(`  skipped: ${skipped.join(", ")}`);
  for (const p of r.problems) {
    lines.push(
      `  ${p.kind}${p.url ? ` ${p.url}` : ""}${p.status ? ` (${p.status})` : ""}: ${p.detail}`,
    );
    if (p.advice) lines.push(`    what to do: ${p.advice}`);
    if (p.guide) lines.push(`    guide: ${p.guide}`);
  }
  return lines.join("\n");
}

/** "1 page", "3 pages". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
