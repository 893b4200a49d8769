/**
 * Response headers as the classifier reads them: names in lower case, values trimmed, and the
 * names of the cookies the response sets. The crawler already lower-cases names; `classify
 * --batch` input may not, and repeated names differing only in case are joined.
 */
export interface HeaderView {
  /** The value of a header (lower-cased name), "" when absent. */
  get(name: string): string;
  has(name: string): boolean;
  /** True when some header name starts with `prefix` (lower case). */
  hasPrefix(prefix: string): boolean;
  /** Lower-cased names of the cookies set by `set-cookie`. */
  readonly cookies: readonly string[];
}

const MAX_HEADERS = 500;
const MAX_VALUE = 16 * 1024;

export function viewHeaders(headers: Record<string, unknown> | null | undefined): HeaderView {
  const map = new Map<string, string>();
  if (headers && typeof headers === "object") {
    let count = 0;
    for (const [rawName, rawValue] of Object.entries(headers)) {
      if (++count > MAX_HEADERS) break;
      const name = rawName.trim().toLowerCase();
      const value = headerValue(rawValue, name === "set-cookie" ? "\n" : ", ");
      if (name === "" || value === null) continue;
      const before = map.get(name);
      map.set(
        name,
        before === undefined ? value : `${before}${name === "set-cookie" ? "\n" : ", "}${value}`,
      );
    }
  }
  const cookies = cookieNames(map.get("set-cookie") ?? "");
  return {
    get: (name) => map.get(name) ?? "",
    has: (name) => map.has(name),
    hasPrefix: (prefix) => {
      for (const name of map.keys()) if (name.startsWith(prefix)) return true;
      return false;
    },
    cookies,
  };
}

function headerValue(value: unknown, joiner: string): string | null {
  if (typeof value === "string") return value.slice(0, MAX_VALUE).trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === "string");
    return parts.join(joiner).slice(0, MAX_VALUE).trim();
  }
  return null;
}

/**
 * Cookie names from one or more Set-Cookie values. The fetch layer joins repeated Set-Cookie
 * headers with "\n"; a ", " join is tolerated too (a comma followed by `name=` starts a cookie,
 * while the comma inside an Expires date is followed by a day number).
 */
export function cookieNames(setCookie: string): string[] {
  if (setCookie === "") return [];
  const names: string[] = [];
  for (const line of setCookie.split(/\n|,(?=\s*[^\s=;,]+=)/)) {
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const name = line.slice(0, eq).trim().toLowerCase();
    if (name !== "" && !name.includes(";") && names.length < 100) names.push(name);
  }
  return names;
}
