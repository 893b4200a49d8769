/** The crawl report of one site: the JSON `hooty crawl --json` prints (CONTRACT.md). */

export const PROBLEM_KINDS = [
  "bot-protection",
  "js-rendered",
  "robots-disallowed",
  "robots-unavailable",
  "unreachable",
  "rate-limited",
  "http-error",
  "page-limit",
  "private-address",
  "blocked",
  "noindex",
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const SKIP_REASONS = [
  "robots",
  "not-html",
  "noindex",
  "duplicate",
  "unsafe",
  "off-site",
  "limit",
  "error",
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

export interface Problem {
  kind: ProblemKind;
  url: string | null;
  status: number | null;
  /**
   * The product that blocked HootyBot, for `bot-protection` (null when not recognised, and for
   * every other kind; a report always has it).
   */
  product?: string | null;
  /** What happened, in plain language. */
  detail: string;
  /** What the site owner can do about it. */
  advice?: string;
  /** A page explaining the way out (allow-list guides for bot protection). */
  guide?: string;
  /** For `rate-limited`: the wait the server asked for, in seconds. */
  waitSeconds?: number;
}

export interface CrawlReport {
  site: string;
  outcome: "completed" | "stopped";
  pages: { fetched: number; indexed: number };
  skipped: Record<SkipReason, number>;
  problems: Problem[];
  requests: number;
  /** Where the crawl started, as given. */
  startUrl: string;
  startedAt: string;
  finishedAt: string | null;
  /** Pages still queued (non-zero only while running). */
  queued: number;
  /**
   * The site the start page redirected to when another crawl of the same run reads it (two names
   * of one site, such as example.org and www.example.org): that site's report has its pages.
   */
  sameSiteAs?: string;
}

export function emptySkipped(): Record<SkipReason, number> {
  return Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<
    SkipReason,
    number
  >;
}
