import { PRODUCT_TOKEN } from "../../core/identity.js";
import { robotsText } from "./body.js";
import { canonicalPath } from "./encoding.js";
import { parseRobotsTxt, type RobotsTxtHandler } from "./parse.js";
import { PathPattern } from "./pattern.js";

/** An Allow or Disallow line, compiled. */
export class RobotsRule {
  constructor(
    readonly allow: boolean,
    /** The value as the file writes it. */
    readonly value: string,
    readonly line: number,
    readonly pattern: PathPattern,
  ) {}

  /** The rule with the directive's proper name: `Disallow: /x`. */
  get text(): string {
    return `${this.allow ? "Allow" : "Disallow"}: ${this.value}`;
  }
}

/**
 * Why a URL is allowed or not: `rule` — the longest matching rule decided; `no-rule` — a group
 * applies but none of its rules match; `no-group` — no group names the crawler and there is no
 * `*` group; `robots-txt` — /robots.txt itself is always allowed (RFC 9309 §2.2.2).
 */
export type DecisionReason = "rule" | "no-rule" | "no-group" | "robots-txt";

export interface RobotsDecision {
  allowed: boolean;
  /** The deciding rule (`Disallow: /x`), or null when no rule decided. */
  rule: string | null;
  line: number | null;
  reason: DecisionReason;
}

interface Group {
  /** Lower-case product tokens, `*` for the global group. */
  agents: string[];
  lines: { allow: boolean; line: number; value: string }[];
  compiled?: RobotsRule[];
}

/**
 * The `User-agent` lines that come one after another and the Crawl-delay lines after them. A
 * group's rules run on past a Crawl-delay line (it is no rule of RFC 9309: "User-agent: *",
 * "Crawl-delay: 3", "User-agent: HootyBot", "Disallow: /x" give both agents the Disallow, as
 * Google reads it), but a Crawl-delay asks its pace of the agents named right above it: there the
 * webmaster gave HootyBot no delay of 3 s.
 */
interface DelayRun {
  agents: string[];
  crawlDelays: number[];
}

const ROBOTS_TXT = "/robots.txt";

/**
 * The product token a `User-agent` value names, as Google reads it: `*` (also `* anything`), or
 * the leading run of letters, `_` and `-` (`FooBot/2.1` and `FooBot Images` name `foobot`).
 */
export function productTokenOf(value: string): string | null {
  if (value.charCodeAt(0) === 0x2a && (value.length === 1 || /\s/.test(value[1] as string))) {
    return "*";
  }
  const token = /^[A-Za-z_-]+/.exec(value);
  return token ? token[0].toLowerCase() : null;
}

/** A Crawl-delay value: a non-negative decimal number of seconds, else null. */
export function crawlDelaySeconds(value: string): number | null {
  return /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : null;
}

/** RFC 9309 §2.2.1: a product token is letters, `_` and `-` only. */
export function isValidProductToken(token: string): boolean {
  return /^[A-Za-z_-]+$/.test(token);
}

/** The part of a URL that rules match, in canonical spelling: path and query, no fragment. */
export function robotsPath(url: string | URL): string {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return canonicalPath(parsed.pathname + parsed.search);
}

/** The rules one crawler obeys in one robots.txt: its merged groups, or the merged `*` groups. */
export class AgentRules {
  /** Sorted so that the first match decides: longest first, Allow before Disallow on a tie. */
  readonly rules: readonly RobotsRule[];
  /** Which groups apply: the crawler's own, the `*` ones, or none. */
  readonly group: "agent" | "*" | null;
  /**
   * Seconds between requests asked of the crawler (the largest), or null: by the Crawl-delay
   * lines under the `User-agent` lines that name it, else under those that name `*`.
   */
  readonly crawlDelay: number | null;

  /**
   * The rules to try for each character after the leading `/` (canonical paths are ASCII):
   * those whose pattern fixes that character, and those that fix none, in precedence order.
   * Built on first use of each character.
   */
  private readonly bySecondChar: (readonly RobotsRule[] | undefined)[];
  private readonly unfixed: readonly RobotsRule[];

  constructor(groups: Group[], kind: "agent" | "*" | null, crawlDelay: number | null) {
    this.group = kind;
    this.rules = groups.flatMap(compiledRules).sort(byPrecedence);
    this.crawlDelay = crawlDelay;
    this.unfixed = this.rules.filter((rule) => rule.pattern.secondChar < 0);
    this.bySecondChar = new Array(128);
  }

  /** The rule that decides a canonical path (see `robotsPath`), or null when none matches. */
  ruleFor(path: string): RobotsRule | null {
    const code = path.charCodeAt(1);
    const rules = code < 128 ? (this.bySecondChar[code] ?? this.rulesFor(code)) : this.unfixed;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as RobotsRule;
      if (rule.pattern.matches(path)) return rule;
    }
    return null;
  }

  private rulesFor(code: number): readonly RobotsRule[] {
    const rules = this.rules.filter((rule) => {
      const second = rule.pattern.secondChar;
      return second < 0 || second === code;
    });
    this.bySecondChar[code] = rules;
    return rules;
  }

  /** May the crawler fetch this canonical path? */
  allows(path: string): boolean {
    if (path === ROBOTS_TXT) return true;
    const rule = this.ruleFor(path);
    return rule === null || rule.allow;
  }

  decide(path: string): RobotsDecision {
    if (path === ROBOTS_TXT) return { allowed: true, rule: null, line: null, reason: "robots-txt" };
    const rule = this.ruleFor(path);
    if (rule) return { allowed: rule.allow, rule: rule.text, line: rule.line, reason: "rule" };
    return {
      allowed: true,
      rule: null,
      line: null,
      reason: this.group === null ? "no-group" : "no-rule",
    };
  }
}

/** A parsed robots.txt: its groups (rules compiled on first use, per crawler) and sitemaps. */
export class Robots {
  /** `Sitemap` lines, in file order: they belong to no group (RFC 9309 §2.2.4). */
  readonly sitemaps: readonly string[];
  private readonly groups: readonly Group[];
  private readonly delayRuns: readonly DelayRun[];
  private readonly byAgent = new Map<string, AgentRules>();
  /** The crawler asks for one agent, URL after URL: that answer skips the lookup. */
  private lastAgent: string | null = null;
  private lastRules: AgentRules | null = null;

  constructor(groups: Group[], sitemaps: string[], delayRuns: DelayRun[] = []) {
    this.groups = groups;
    this.sitemaps = sitemaps;
    this.delayRuns = delayRuns;
  }

  /**
   * The rules for `agent` (matched case-insensitively): all groups naming it, merged; else all
   * `*` groups, merged; else none. A group naming the agent applies even without rules.
   */
  forAgent(agent: string = PRODUCT_TOKEN): AgentRules {
    if (agent === this.lastAgent && this.lastRules) return this.lastRules;
    const key = agent.toLowerCase();
    let rules = this.byAgent.get(key);
    if (rules === undefined) {
      const own = this.groups.filter((group) => group.agents.includes(key));
      const global = own.length > 0 ? [] : this.groups.filter((g) => g.agents.includes("*"));
      const ownRuns = this.delayRuns.filter((run) => run.agents.includes(key));
      const runs =
        ownRuns.length > 0 ? ownRuns : this.delayRuns.filter((run) => run.agents.includes("*"));
      const delays = runs.flatMap((run) => run.crawlDelays);
      rules = new AgentRules(
        own.length > 0 ? own : global,
        own.length > 0 ? "agent" : global.length > 0 ? "*" : null,
        delays.length > 0 ? Math.max(...delays) : null,
      );
      this.byAgent.set(key, rules);
    }
    this.lastAgent = agent;
    this.lastRules = rules;
    return rules;
  }

  /** May `agent` fetch `url`? Throws a TypeError when `url` is not an absolute URL. */
  allows(url: string | URL, agent?: string): boolean {
    return this.forAgent(agent).allows(robotsPath(url));
  }

  decide(url: string | URL, agent?: string): RobotsDecision {
    return this.forAgent(agent).decide(robotsPath(url));
  }

  crawlDelay(agent?: string): number | null {
    return this.forAgent(agent).crawlDelay;
  }
}

/** Parses a robots.txt body (bytes or text): the first 500 KiB, decoded as UTF-8. */
export function parseRobots(body: string | Uint8Array): Robots {
  const collector = new GroupCollector();
  parseRobotsTxt(robotsText(body), collector);
  return new Robots(collector.groups, collector.sitemaps, collector.delayRuns);
}

/**
 * Builds groups from the directives (RFC 9309 §2.1): consecutive User-agent lines open one
 * group; its rules follow until the next User-agent line after a rule. Only Allow and Disallow
 * end the run of User-agent lines — a Crawl-delay, Sitemap or unknown line between two
 * User-agent lines does not (§2.2.4; Google's parser differs here). Rules before the first
 * User-agent line belong to no group and are ignored.
 */
class GroupCollector implements RobotsTxtHandler {
  readonly groups: Group[] = [];
  readonly sitemaps: string[] = [];
  readonly delayRuns: DelayRun[] = [];
  private current: Group | null = null;
  private afterRule = false;
  private run: DelayRun | null = null;
  private afterDelay = false;

  userAgent(_line: number, value: string): void {
    if (this.current === null || this.afterRule) {
      this.current = { agents: [], lines: [] };
      this.groups.push(this.current);
      this.afterRule = false;
    }
    if (this.run === null || this.afterDelay) {
      this.run = { agents: [], crawlDelays: [] };
      this.delayRuns.push(this.run);
      this.afterDelay = false;
    }
    const token = productTokenOf(value);
    if (token !== null && !this.current.agents.includes(token)) this.current.agents.push(token);
    if (token !== null && !this.run.agents.includes(token)) this.run.agents.push(token);
  }

  allow(line: number, value: string): void {
    this.rule(true, line, value);
  }

  disallow(line: number, value: string): void {
    this.rule(false, line, value);
  }

  crawlDelay(_line: number, value: string): void {
    if (this.run === null) return;
    this.afterDelay = true;
    const seconds = crawlDelaySeconds(value);
    if (seconds !== null) this.run.crawlDelays.push(seconds);
  }

  sitemap(_line: number, value: string): void {
    if (value !== "") this.sitemaps.push(value);
  }

  private rule(allow: boolean, line: number, value: string): void {
    if (this.current === null) return;
    this.afterRule = true;
    this.afterDelay = true;
    this.current.lines.push({ allow, line, value });
  }
}

function compiledRules(group: Group): RobotsRule[] {
  if (group.compiled) return group.compiled;
  const rules: RobotsRule[] = [];
  for (const { allow, line, value } of group.lines) {
    const pattern = PathPattern.compile(value);
    if (pattern === null) continue;
    rules.push(new RobotsRule(allow, value, line, pattern));
    // Google: allowing /dir/index.html (or .htm) also allows /dir/ itself.
    const slash = value.lastIndexOf("/");
    if (allow && slash >= 0 && value.startsWith("/index.htm", slash)) {
      const directory = PathPattern.compile(`${value.slice(0, slash + 1)}$`);
      if (directory) rules.push(new RobotsRule(allow, value, line, directory));
    }
  }
  group.compiled = rules;
  return rules;
}

function byPrecedence(a: RobotsRule, b: RobotsRule): number {
  return b.pattern.length - a.pattern.length || +b.allow - +a.allow || a.line - b.line;
}
