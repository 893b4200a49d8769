/**
 * Indexing directives for HootyBot: <meta name="robots|hootybot"> and X-Robots-Tag, including
 * agent-scoped values ("HootyBot: noindex", "googlebot: noindex" which does not concern us) and
 * "none" (= noindex, nofollow).
 */
import { attr } from "./page.js";

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
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
 * noindex, nofollow").
 */
export function fromRobotsHeader(
  value: string,
  into: RobotsDirectives = emptyDirectives(),
): RobotsDirectives {
  for (const line of value.slice(0, 8192).toLowerCase().split("\n")) fromRobotsLine(line, into);
  return into;
}

function fromRobotsLine(line: string, into: RobotsDirectives): void {
  let scope: string | null = null;
  for (const raw of line.split(",")) {
    let token = raw.trim();
    const colon = token.indexOf(":");
    if (colon > 0) {
      const head = token.slice(0, colon).trim();
      if (!VALUED.has(head)) {
        scope = head;
        token = token.slice(colon + 1).trim();
      }
    }
    if (scope === null || scope === AGENT || scope === "*") {
      for (const part of token.split(/\s+/)) apply(into, part);
    }
  }
}

/** <meta name="robots"> and <meta name="hootybot"> in lower-cased markup. */
export function fromMetaTags(
  markup: string,
  into: RobotsDirectives = emptyDirectives(),
): RobotsDirectives {
  let at = markup.indexOf("<meta");
  let seen = 0;
  while (at >= 0 && seen++ < 2000) {
    const end = markup.indexOf(">", at);
    const tag = markup.slice(at, end < 0 ? markup.length : end + 1);
    const name = attr(tag, "name");
    if (name === "robots" || name === AGENT) {
      for (const part of (attr(tag, "content") ?? "").split(/[\s,;]+/)) apply(into, part);
    }
    if (end < 0) break;
    at = markup.indexOf("<meta", end);
  }
  return into;
}

export function robotsDirectives(headers: Record<string, string>, body: string): RobotsDirectives {
  const into = emptyDirectives();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === "x-robots-tag" && typeof value === "string")
      fromRobotsHeader(value, into);
  }
  if (typeof body === "string") fromMetaTags(body.slice(0, META_LIMIT).toLowerCase(), into);
  return into;
}
