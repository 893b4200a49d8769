/**
 * The robots.txt tokenizer: reads the text line by line and reports each directive it
 * recognises to a handler, with its 1-based line number. It decides nothing about groups or
 * matching; `robots.ts` is one handler, a linter or a debugger can be another.
 *
 * Lenient where RFC 9309 leaves room, as Google's reference parser is (google/robotstxt):
 * keys are case-insensitive prefixes with common misspellings (`disalow`, `useragent`, …), a
 * missing colon is accepted when the line is exactly two words (`disallow /`), a UTF-8 BOM is
 * skipped, CR, LF and CRLF all end a line, and a line is read up to 16,663 bytes.
 */
import { codeUnitAt } from "../../core/code-units.js";

export type Directive = "user-agent" | "allow" | "disallow" | "crawl-delay" | "sitemap";

/** Each directive comes with its line number, its value, and its key as the file spells it. */
export interface RobotsTxtHandler {
  userAgent(line: number, value: string, key: string): void;
  allow(line: number, value: string, key: string): void;
  disallow(line: number, value: string, key: string): void;
  crawlDelay(line: number, value: string, key: string): void;
  sitemap(line: number, value: string, key: string): void;
  /** A `key: value` line whose key is not a directive HootyBot reads. */
  unknown?(line: number, key: string, value: string): void;
  /** A line that is neither empty, a comment, nor `key: value`. */
  invalid?(line: number, text: string): void;
}

/** Google's line buffer: 8 × 2083 bytes (the longest URL browsers accept), less its final NUL. */
export const MAX_LINE_BYTES = 2083 * 8 - 1;

const USER_AGENT_KEYS = ["user-agent", "useragent", "user agent"];
const DISALLOW_KEYS = ["disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"];
const CRAWL_DELAY_KEYS = ["crawl-delay", "crawldelay", "crawl delay"];
const SITEMAP_KEYS = ["sitemap", "site-map"];

/** The directive a key names, matched as Google does: case-insensitive, by prefix. */
export function directiveOf(key: string): Directive | null {
  const lower = key.toLowerCase();
  if (startsWithAny(lower, USER_AGENT_KEYS)) return "user-agent";
  if (lower.startsWith("allow")) return "allow";
  if (startsWithAny(lower, DISALLOW_KEYS)) return "disallow";
  if (startsWithAny(lower, CRAWL_DELAY_KEYS)) return "crawl-delay";
  if (startsWithAny(lower, SITEMAP_KEYS)) return "sitemap";
  return null;
}

function startsWithAny(text: string, prefixes: readonly string[]): boolean {
  for (const prefix of prefixes) if (text.startsWith(prefix)) return true;
  return false;
}

const LINE_END = /\r\n|\r|\n/g;

export function parseRobotsTxt(text: string, handler: RobotsTxtHandler): void {
  const body = codeUnitAt(text, 0) === 0xfeff ? text.slice(1) : text;
  let number = 0;
  let start = 0;
  LINE_END.lastIndex = 0;
  for (let end = LINE_END.exec(body); end !== null; end = LINE_END.exec(body)) {
    parseLine(body.slice(start, end.index), ++number, handler);
    start = LINE_END.lastIndex;
  }
  parseLine(body.slice(start), ++number, handler);
}

function parseLine(raw: string, number: number, handler: RobotsTxtHandler): void {
  let line = raw.length * 3 > MAX_LINE_BYTES ? capBytes(raw, MAX_LINE_BYTES) : raw;
  const hash = line.indexOf("#");
  if (hash >= 0) line = line.slice(0, hash);
  line = trimAscii(line);
  if (line === "") return;
  let key: string;
  let value: string;
  const colon = line.indexOf(":");
  if (colon >= 0) {
    key = trimAscii(line.slice(0, colon));
    value = trimAscii(line.slice(colon + 1));
  } else {
    // Google: "disallow /" means "disallow: /", but only when the line is exactly two words.
    const gap = line.search(/[ \t]/);
    const rest = gap < 0 ? "" : line.slice(gap).replace(/^[ \t]+/, "");
    if (gap < 0 || /[ \t]/.test(rest)) {
      handler.invalid?.(number, line);
      return;
    }
    key = line.slice(0, gap);
    value = rest;
  }
  if (key === "") {
    handler.invalid?.(number, line);
    return;
  }
  switch (directiveOf(key)) {
    case "user-agent":
      handler.userAgent(number, value, key);
      break;
    case "allow":
      handler.allow(number, value, key);
      break;
    case "disallow":
      handler.disallow(number, value, key);
      break;
    case "crawl-delay":
      handler.crawlDelay(number, value, key);
      break;
    case "sitemap":
      handler.sitemap(number, value, key);
      break;
    default:
      handler.unknown?.(number, key, value);
  }
}

/** Space, tab, LF, VT, FF, CR: the whitespace Google strips (a stray U+FEFF is not whitespace). */
function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function trimAscii(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && isAsciiSpace(codeUnitAt(text, from))) from++;
  while (to > from && isAsciiSpace(codeUnitAt(text, to - 1))) to--;
  return from === 0 && to === text.length ? text : text.slice(from, to);
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `max` bytes. */
function capBytes(text: string, max: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = codeUnitAt(text, i);
    const next = codeUnitAt(text, i + 1);
    const pair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > max) return text.slice(0, i);
    bytes += size;
    if (pair) i++;
  }
  return text;
}
