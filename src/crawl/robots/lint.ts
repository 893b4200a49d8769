import { parseRobotsTxt, type RobotsTxtHandler } from "./parse.js";
import { crawlDelaySeconds, productTokenOf } from "./robots.js";

/** Something a webmaster may want to know about one line of their robots.txt. */
export interface RobotsNote {
  line: number;
  message: string;
}

const PROPER_NAMES = {
  "user-agent": "User-agent",
  allow: "Allow",
  disallow: "Disallow",
  "crawl-delay": "Crawl-delay",
  sitemap: "Sitemap",
} as const;

/**
 * The lines HootyBot reads differently from what they say, or not at all: a second listener to
 * the same tokenizer the matcher uses, so its notes cannot drift from the matcher's reading.
 * Expects the text as `robotsText` returns it.
 */
export function lintRobots(text: string): RobotsNote[] {
  const notes: RobotsNote[] = [];
  let inGroup = false;
  const note = (line: number, message: string) => notes.push({ line, message });
  const spelling = (line: number, key: string, directive: keyof typeof PROPER_NAMES) => {
    const proper = PROPER_NAMES[directive];
    if (key.toLowerCase() !== proper.toLowerCase()) note(line, `"${key}" is read as ${proper}`);
  };
  const rule = (directive: "allow" | "disallow") => (line: number, value: string, key: string) => {
    spelling(line, key, directive);
    if (!inGroup)
      note(line, "a rule before the first User-agent line belongs to no group: ignored");
    else if (value !== "" && !value.startsWith("/") && !value.startsWith("*")) {
      note(line, `"${value}" does not start with "/" or "*": it matches no URL`);
    }
  };
  const handler: RobotsTxtHandler = {
    userAgent(line, value, key) {
      spelling(line, key, "user-agent");
      inGroup = true;
      if (productTokenOf(value) === null) note(line, `"${value}" names no crawler`);
    },
    allow: rule("allow"),
    disallow: rule("disallow"),
    crawlDelay(line, value, key) {
      spelling(line, key, "crawl-delay");
      if (crawlDelaySeconds(value) === null)
        note(line, `"${value}" is not a number of seconds: ignored`);
      else if (!inGroup) note(line, "a Crawl-delay before the first User-agent line: ignored");
    },
    sitemap(line, value, key) {
      spelling(line, key, "sitemap");
      // A path (no scheme, no host): read against the robots.txt (sitemaps/read.ts).
      if (value !== "" && !/^[a-z][a-z\d+.-]*:/i.test(value) && !value.startsWith("//")) {
        note(
          line,
          `"${value}" is not a full URL: HootyBot reads it on the site itself, other crawlers may not`,
        );
      }
    },
    unknown(line, key) {
      note(line, `"${key}" is not a directive HootyBot reads: ignored`);
    },
    invalid(line) {
      note(line, 'not a "key: value" line: ignored');
    },
  };
  parseRobotsTxt(text, handler);
  return notes;
}
