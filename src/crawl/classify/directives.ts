/**
 * Indexing directives for HootyBot: <meta name="robots|hootybot"> and X-Robots-Tag, including
 * agent-scoped values ("HootyBot: noindex", "googlebot: noindex" which does not concern us),
 * "none" (= noindex, nofollow) and `unavailable_after` (noindex once its date has passed).
 */
import { attr } from "./page.js";

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
  /** An `unavailable_after` date still to come (ms), the earliest: the page leaves the index then. */
  unavailableAfter?: number;
}

/** The token HootyBot answers to in meta names and X-Robots-Tag scopes. */
export const AGENT = "hootybot";

/** Directives whose own syntax has a colon; never mistaken for an agent scope. */
const VALUED = new Set([
  "unavailable_after",
  "max-snippet",
  "max-image-preview",
  "max-video-preview",
]);

const META_LIMIT = 256 * 1024;

export function emptyDirectives(): RobotsDirectives {
  return { noindex: false, nofollow: false };
}

/** Applies one directive list ("noindex, nofollow", "none") to `into`. */
function apply(into: RobotsDirectives, token: string): void {
  switch (token) {
    case "noindex":
      into.noindex = true;
      return;
    case "nofollow":
      into.nofollow = true;
      return;
    case "none":
      into.noindex = true;
      into.nofollow = true;
      return;
  }
}

/**
 * X-Robots-Tag. Repeated headers arrive one per line ("\n"). A token "agent: directive" opens a
 * scope for that agent; later tokens of its line without an agent stay in it (as in "googlebot:
 * noindex, nofollow"). `now` decides whether an `unavailable_after` date has passed.
 */
export function fromRobotsHeader(
  value: string,
  into: RobotsDirectives = emptyDirectives(),
  now = Date.now(),
): RobotsDirectives {
  for (const line of value.slice(0, 8192).toLowerCase().split("\n")) {
    fromRobotsLine(line, into, now);
  }
  return into;
}

function fromRobotsLine(line: string, into: RobotsDirectives, now: number): void {
  let scope: string | null = null;
  const tokens = line.split(",");
  for (let i = 0; i < tokens.length; i++) {
    let token = (tokens[i] as string).trim();
    const colon = token.indexOf(":");
    if (colon > 0) {
      const head = token.slice(0, colon).trim();
      if (!VALUED.has(head)) {
        scope = head;
        token = token.slice(colon + 1).trim();
      }
    }
    const applies = scope === null || scope === AGENT || scope === "*";
    const expiry = /^unavailable_after\s*:(.*)$/.exec(token);
    if (expiry) {
      const { at, tokensUsed } = dateAt([expiry[1] as string, ...tokens.slice(i + 1)]);
      i += tokensUsed - 1;
      if (applies && at !== null) {
        if (at <= now) into.noindex = true;
        else into.unavailableAfter = Math.min(into.unavailableAfter ?? at, at);
      }
      continue;
    }
    if (applies) for (const part of token.split(/\s+/)) apply(into, part);
  }
}

/**
 * The date that opens `parts` (a directive list split at commas, which RFC 822 and RFC 850 dates
 * hold: "wed, 25 aug 2027 15:00:00 gmt"): the longest run of parts that reads as a date, and how
 * many parts it took (1 when none reads as a date).
 */
function dateAt(parts: readonly string[]): { at: number | null; tokensUsed: number } {
  let found: { at: number | null; tokensUsed: number } = { at: null, tokensUsed: 1 };
  for (let n = 1; n <= Math.min(parts.length, 3); n++) {
    const text = parts.slice(0, n).join(",").trim();
    // Date.parse reads almost anything with a digit ("1" is the year 2001).
    if (text.length < 8 || !/\d/.test(text)) continue;
    const at = Date.parse(text);
    if (!Number.isNaN(at)) found = { at, tokensUsed: n };
  }
  return found;
}

/** <meta name="robots"> and <meta name="hootybot"> in lower-cased markup. */
export function fromMetaTags(
  markup: string,
  into: RobotsDirectives = emptyDirectives(),
  now = Date.now(),
): RobotsDirectives {
  let at = markup.indexOf("<meta");
  let seen = 0;
  while (at >= 0 && seen++ < 2000) {
    const end = markup.indexOf(">", at);
    const tag = markup.slice(at, end < 0 ? markup.length : end + 1);
    const name = attr(tag, "name");
    if (name === "robots" || name === AGENT) {
      const content = attr(tag, "content") ?? "";
      // A date of its own syntax ("unavailable_after: 2027-08-25"), read as the header's is.
      if (content.includes("unavailable_after")) fromRobotsLine(content, into, now);
      else for (const part of content.split(/[\s,;]+/)) apply(into, part);
    }
    if (end < 0) break;
    at = markup.indexOf("<meta", end);
  }
  return into;
}

export function robotsDirectives(
  headers: Record<string, string>,
  body: string,
  now = Date.now(),
): RobotsDirectives {
  const into = emptyDirectives();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === "x-robots-tag" && typeof value === "string")
      fromRobotsHeader(value, into, now);
  }
  if (typeof body === "string") fromMetaTags(body.slice(0, META_LIMIT).toLowerCase(), into, now);
  return into;
}
