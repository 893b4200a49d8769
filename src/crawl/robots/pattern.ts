import { canonicalPath } from "./encoding.js";

const PREFIX = 0;
const EXACT = 1;
const WILDCARD = 2;

/**
 * An Allow or Disallow path pattern, compiled once: `*` matches any run of characters, a final
 * `$` anchors the end, anything else is literal (RFC 9309 §2.2.3). Patterns without `*` are a
 * `startsWith` (or an equality with `$`); patterns with `*` are matched part by part, each
 * literal part at its leftmost place, which is exact for this pattern language and linear in
 * the path, whatever a webmaster writes.
 */
export class PathPattern {
  /** The match priority: octets of the canonical pattern, `*` and the final `$` counting one each. */
  readonly length: number;
  private readonly kind: number;
  private readonly first: string;
  private readonly parts: readonly string[];
  private readonly anchored: boolean;

  private constructor(kind: number, parts: string[], anchored: boolean, length: number) {
    this.kind = kind;
    this.parts = parts;
    this.first = parts[0] ?? "";
    this.anchored = anchored;
    this.length = length;
  }

  /** Null for an empty pattern: it matches with priority 0 and so never decides (RFC: allows). */
  static compile(value: string): PathPattern | null {
    if (value === "") return null;
    let anchored = value.endsWith("$");
    const body = anchored ? value.slice(0, -1) : value;
    if (!body.includes("*")) {
      const literal = canonicalPath(body);
      return new PathPattern(
        anchored ? EXACT : PREFIX,
        [literal],
        anchored,
        literal.length + +anchored,
      );
    }
    // Literal parts between the `*`s; empty ones (from `**`) are dropped but for the first,
    // which anchors the start. The priority counts every `*` written.
    const parts: string[] = [];
    let length = +anchored;
    for (let from = 0; ; ) {
      const star = body.indexOf("*", from);
      const part = canonicalPath(star < 0 ? body.slice(from) : body.slice(from, star));
      length += part.length;
      if (from === 0 || part !== "") parts.push(part);
      if (star < 0) {
        // "/fish*" is "/fish", and so is "/fish*$": after a trailing `*` the end is free.
        if (part === "") anchored = false;
        break;
      }
      length++;
      from = star + 1;
    }
    if (parts.length === 1)
      return new PathPattern(anchored ? EXACT : PREFIX, parts, anchored, length);
    return new PathPattern(WILDCARD, parts, anchored, length);
  }

  /**
   * The character every matching path has right after its leading `/`, or -1 when the pattern
   * does not fix one (`/`, `/*.pdf`, `*x`). Lets a rule list skip rules that cannot match.
   */
  get secondChar(): number {
    return this.first.length >= 2 && this.first.charCodeAt(0) === 0x2f
      ? this.first.charCodeAt(1)
      : -1;
  }

  /** `path` must be canonical (see encoding.ts): path and query, starting with `/`. */
  matches(path: string): boolean {
    if (this.kind === PREFIX) return path.startsWith(this.first);
    if (this.kind === EXACT) return path === this.first;
    const parts = this.parts;
    if (!path.startsWith(this.first)) return false;
    let at = this.first.length;
    const last = parts.length - 1;
    for (let i = 1; i < last; i++) {
      const part = parts[i] as string;
      const found = path.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    const tail = parts[last] as string;
    if (this.anchored) return path.length - tail.length >= at && path.endsWith(tail);
    return path.indexOf(tail, at) >= 0;
  }
}
