import { once } from "node:events";
import type { Command } from "commander";
import { badInput, oneLine, usageError } from "../../core/errors.js";
import { PRODUCT_TOKEN } from "../../core/identity.js";
import { DEFAULT_TIMEOUT_MS } from "../../crawl/fetch/defaults.js";
import {
  type AgentRules,
  type GetOnce,
  isValidProductToken,
  lintRobots,
  loadRobots,
  parseRobots,
  ROBOTS_MAX_BYTES,
  type Robots,
  type RobotsDecision,
  type RobotsOutcome,
  type RobotsResponse,
  robotsPath,
  robotsText,
} from "../../crawl/robots/index.js";
import { batchLines, LineError, MAX_LINE_CHARS, TOO_LONG, withoutBom } from "../batch-lines.js";
import { type CommonOptions, positiveSeconds, withData, withJson } from "../options.js";
import { createOutput, type Output } from "../output.js";
import { boundedLines, readFileStart } from "../read-capped.js";

interface RobotsOptions extends CommonOptions {
  robotsFile?: string;
  agent: string;
  batch?: boolean;
  timeout?: number;
}

/** What `hooty robots` prints for one URL. */
interface UrlVerdict {
  url: string;
  allowed: boolean;
  rule: string | null;
  line: number | null;
  reason: string;
}

const BATCH_HELP = `
--batch reads one JSON object a line on stdin, {"robots": "<file body>", "agent": "<token>",
"url": "<absolute URL>"}, and writes {"allowed": true|false} for each, in order. A line
without "robots" (or "agent") reuses the previous line's; the first line's agent defaults to
--agent. Blank lines are skipped. A line that cannot be read is answered in its place with
{"allowed": null, "error": "line N: why"} and the others are still answered; one line on
stderr then names the bad lines, and the exit status is 2.`;

export function registerRobots(program: Command): void {
  withData(
    withJson(
      program
        .command("robots")
        .argument("[urls...]", "the URLs to check")
        .description(
          "may HootyBot fetch each URL? Reads each site's live robots.txt (or --robots-file) and " +
            "says which rule on which line decided",
        )
        .option("--robots-file <file>", "check against this robots.txt instead of the live ones")
        .option("--agent <token>", "the crawler's product token", PRODUCT_TOKEN)
        .option(
          "--timeout <seconds>",
          `time limit for fetching a robots.txt (default ${DEFAULT_TIMEOUT_MS / 1000})`,
          positiveSeconds("--timeout"),
        )
        .option("--batch", "check JSON lines from stdin (see below); no network")
        .addHelpText("after", BATCH_HELP),
    ),
  ).action(async (urls: string[], options: RobotsOptions) => {
    if (!isValidProductToken(options.agent)) {
      throw usageError(
        `--agent must be a product token (letters, "_" and "-", RFC 9309 §2.2.1), not "${options.agent}"`,
      );
    }
    if (options.batch) {
      if (urls.length > 0 || options.robotsFile !== undefined) {
        throw usageError("--batch reads everything from stdin: give no URL and no --robots-file");
      }
      await answerBatch(process.stdin, process.stdout, options.agent);
      return;
    }
    if (urls.length === 0) throw usageError("give one or more URLs to check (or --batch)");
    const targets = urls.map(parseTarget);
    const out = createOutput(options.json === true);
    const verdicts =
      options.robotsFile !== undefined
        ? checkAgainstFile(out, targets, options.robotsFile, options.agent)
        : await checkLive(out, targets, options);
    for (const verdict of verdicts) print(out, verdict);
  });
}

function checkAgainstFile(out: Output, targets: URL[], file: string, agent: string): UrlVerdict[] {
  const text = readRobotsFile(file);
  if (!out.json) noteLines(out, file, text);
  const rules = parseRobots(text).forAgent(agent);
  return targets.map((url) => verdictFromRules(url, rules, agent));
}

/**
 * Each site's own robots.txt, fetched once per site, the sites at the same time. With a data
 * folder that holds data, each request goes through the site's gate, as a crawl's do: the pace
 * every process keeps, and nothing asked of a site another crawl is reading right now.
 */
async function checkLive(
  out: Output,
  targets: URL[],
  options: RobotsOptions,
): Promise<UrlVerdict[]> {
  const timeoutMs = options.timeout !== undefined ? options.timeout * 1000 : DEFAULT_TIMEOUT_MS;
  const store = await existingStore(options.data);
  try {
    const blocked = await blockedDomains(targets, store);
    const origins = [...new Set(targets.map((url) => url.origin))].filter(
      (origin) => !blocked.has(new URL(origin).hostname),
    );
    // Loaded here: the other commands never load the HTTP client.
    const { fetchOnce } = await import("../../crawl/fetch/fetch.js");
    const { readRobotsThroughGates, robotsRequest } = await import(
      "../../crawl/gate/robots-get.js"
    );
    const { SiteBusy } = await import("../../crawl/gate/gate.js");
    const { SiteStopped } = await import("../../crawl/gate/site-stopped.js");
    const notRead = new Map<string, string>();
    const outcomes = new Map<string, RobotsOutcome>();
    await Promise.all(
      origins.map(async (origin) => {
        // The body of the last answer, for the notes on its lines.
        let body: Buffer | string = "";
        const seen = (response: RobotsResponse) => {
          body = response.body;
        };
        const get: GetOnce = async (url) => {
          const response = await fetchOnce(robotsRequest(url, timeoutMs));
          seen(response);
          return response;
        };
        let outcome: RobotsOutcome;
        try {
          outcome = store
            ? await readRobotsThroughGates(origin, {
                store,
                fetch: fetchOnce,
                timeoutMs,
                // A Retry-After still running is not waited out here: the verdict says so.
                gate: { maxWaitMs: timeoutMs },
                onResponse: seen,
              })
            : await loadRobots(origin, get);
        } catch (error) {
          if (!(error instanceof SiteBusy || error instanceof SiteStopped)) throw error;
          notRead.set(origin, error.message);
          if (!out.json) out.note(`${origin}/robots.txt was not read: ${error.message}`);
          return;
        }
        if (!out.json) {
          out.note(describe(outcome));
          if (outcome.kind === "rules") noteLines(out, outcome.url, robotsText(body));
        }
        outcomes.set(origin, outcome);
      }),
    );
    return targets.map((url) => {
      const block = blocked.get(url.hostname);
      if (block !== undefined) {
        return unchecked(
          url,
          `the operator blocked ${block}: HootyBot does not request it, robots.txt included`,
        );
      }
      const why = notRead.get(url.origin);
      if (why !== undefined) {
        return unchecked(
          url,
          `robots.txt was not read: ${why}; HootyBot asks nothing else of the site meanwhile (run this again later)`,
        );
      }
      return verdictFromOutcome(url, outcomes.get(url.origin) as RobotsOutcome, options.agent);
    });
  } finally {
    await store?.close();
  }
}

/** A URL HootyBot may not fetch now, for a reason that is not a rule of robots.txt. */
function unchecked(url: URL, reason: string): UrlVerdict {
  return { url: url.href, allowed: false, rule: null, line: null, reason };
}

type ExistingStore = Awaited<ReturnType<typeof import("../../app.js")["openStore"]>>;

/** The data folder's store when it holds data (`--data`, `$HOOTY_DATA`, `./.hooty`), else null. */
async function existingStore(data?: string): Promise<ExistingStore | null> {
  const { hasStore, openStore } = await import("../../app.js");
  // A folder with no data yet blocks nothing; one that cannot be read is said, not passed over.
  if (!hasStore({ data })) return null;
  return openStore({ data, existing: true });
}

/**
 * The hosts among the targets that the operator's block list covers, with the blocked domain:
 * HootyBot requests nothing of them, not even robots.txt. Without data (a folder never crawled
 * into), nothing is blocked.
 */
async function blockedDomains(
  targets: URL[],
  store: ExistingStore | null,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!store) return found;
  for (const host of new Set(targets.map((url) => url.hostname))) {
    const block = await store.blocks.covering(host);
    if (block) found.set(host, block.domain);
  }
  return found;
}

/** Notes on a robots.txt's lines shown at most; the count of the others follows. */
const MAX_LINE_NOTES = 20;

/** For people: the lines of a robots.txt that HootyBot reads differently or not at all. */
function noteLines(out: Output, source: string, text: string): void {
  const notes = lintRobots(text);
  for (const { line, message } of notes.slice(0, MAX_LINE_NOTES))
    out.note(`${source} line ${line}: ${message}`);
  const more = notes.length - MAX_LINE_NOTES;
  if (more > 0) {
    out.note(
      `${source}: ${more} more ${more === 1 ? "line" : "lines"} HootyBot reads differently or not at all`,
    );
  }
}

function parseTarget(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw badInput(`not an absolute URL: ${input}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw badInput(`not an http or https URL: ${input}`);
  }
  return url;
}

function readRobotsFile(file: string): string {
  try {
    // As the crawler reads a live file: its first 500 KiB.
    return robotsText(readFileStart(file, ROBOTS_MAX_BYTES).bytes);
  } catch (error) {
    throw badInput(`cannot read ${file}: ${oneLine(error)}`);
  }
}

function verdictFromRules(url: URL, rules: AgentRules, agent: string): UrlVerdict {
  const decision = rules.decide(robotsPath(url));
  return { url: url.href, ...decision, reason: explain(decision, rules, agent) };
}

function verdictFromOutcome(url: URL, outcome: RobotsOutcome, agent: string): UrlVerdict {
  switch (outcome.kind) {
    case "rules":
      return verdictFromRules(url, outcome.robots.forAgent(agent), agent);
    case "allow-all":
      return {
        url: url.href,
        allowed: true,
        rule: null,
        line: null,
        reason: `robots.txt answered ${outcome.status}: no restrictions`,
      };
    case "unavailable":
      return {
        url: url.href,
        allowed: false,
        rule: null,
        line: null,
        reason: `robots.txt is unreachable (${outcome.detail}): the whole site is off limits until it can be read`,
      };
  }
}

function explain(decision: RobotsDecision, rules: AgentRules, agent: string): string {
  const group = rules.group === "agent" ? `the group for ${agent}` : "the * group";
  switch (decision.reason) {
    case "rule":
      return `the longest matching rule in ${group}`;
    case "no-rule":
      return `no rule in ${group} matches`;
    case "no-group":
      return `no group names ${agent} and there is no * group`;
    case "robots-txt":
      return "/robots.txt itself is always allowed";
  }
}

function describe(outcome: RobotsOutcome): string {
  switch (outcome.kind) {
    case "rules":
      return `${outcome.url}: ${outcome.status}, rules read`;
    case "allow-all":
      return `${outcome.url}: ${outcome.status}, no restrictions`;
    case "unavailable":
      return `${outcome.url}: unreachable, ${outcome.detail}`;
  }
}

function print(out: Output, verdict: UrlVerdict): void {
  const decided =
    verdict.rule === null ? `(${verdict.reason})` : `${verdict.rule}  (line ${verdict.line})`;
  const word = verdict.allowed ? "allowed   " : "disallowed";
  out.result(verdict, `${word}  ${verdict.url}  ${decided}`);
}

const FLUSH_AT = 64 * 1024;
const CACHED_BODIES = 32;

/**
 * `--batch`: streams stdin line by line, keeps the parsed robots.txt of recent bodies (a
 * repeated body is parsed once), and writes the answers in large chunks.
 */
async function answerBatch(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  defaultAgent: string,
): Promise<void> {
  const parsed = new Map<string, Robots>();
  let body: string | null = null;
  let robots: Robots | null = null;
  let agent = defaultAgent;
  let rules: AgentRules | null = null;
  let number = 0;
  let answers = "";
  const bad = batchLines("robots --batch", { allowed: null });

  const flush = async () => {
    if (answers === "") return;
    const ready = output.write(answers);
    answers = "";
    if (!ready) await once(output, "drain");
  };

  const answer = (read: string | null) => {
    number++;
    if (read === null) {
      answers += `${JSON.stringify(bad.failed(number, TOO_LONG))}\n`;
      return;
    }
    const text = withoutBom(read, number);
    if (text.trim() === "") return;
    try {
      answers += answerLine(text) ? '{"allowed":true}\n' : '{"allowed":false}\n';
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      answers += `${JSON.stringify(bad.failed(number, error.message))}\n`;
    }
  };

  /** Whether the line's URL is allowed; a LineError says why the line cannot be read. */
  const answerLine = (text: string): boolean => {
    const fail = (why: string) => new LineError(why);
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      throw fail(`not JSON (${oneLine(error)})`);
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      throw fail("not a JSON object");
    }
    const fields = entry as Record<string, unknown>;
    if (fields.robots != null) {
      if (typeof fields.robots !== "string") throw fail('"robots" must be a string');
      if (fields.robots !== body) {
        body = fields.robots;
        robots = parsed.get(body) ?? null;
        if (robots === null) {
          robots = parseRobots(body);
          if (parsed.size >= CACHED_BODIES) parsed.delete(parsed.keys().next().value as string);
          parsed.set(body, robots);
        }
        rules = null;
      }
    }
    if (fields.agent != null) {
      if (typeof fields.agent !== "string") throw fail('"agent" must be a string');
      if (fields.agent !== agent) {
        agent = fields.agent;
        rules = null;
      }
    }
    if (robots === null) throw fail('no "robots", and no earlier line to take it from');
    if (typeof fields.url !== "string") throw fail('"url" is missing or not a string');
    let path: string;
    try {
      path = robotsPath(fields.url);
    } catch {
      throw fail(`"url" is not an absolute URL: ${fields.url.slice(0, 200)}`);
    }
    rules ??= robots.forAgent(agent);
    return rules.allows(path);
  };

  try {
    for await (const lines of boundedLines(input, MAX_LINE_CHARS)) {
      for (const line of lines) answer(line);
      if (answers.length >= FLUSH_AT) await flush();
    }
  } finally {
    await flush();
  }
  bad.finish();
}
