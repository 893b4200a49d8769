/**
 * One spelling per page: the URL HootyBot stores, compares and requests. Scheme and host in lower
 * case, default port dropped, fragment dropped, percent-encoding made canonical (hex upper case,
 * unreserved characters decoded, `%2F` kept), query parameters sorted and tracking and session
 * parameters removed, an empty query dropped, an empty path made `/`.
 */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|yclid|igshid)$/i;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Parameters that carry a visitor's session, not a page's name (PHP, Java servlets, ASP,
 * ColdFusion, osCommerce, Zen Cart). A server that cannot keep its session in a cookie (HootyBot
 * keeps none) writes a new one into every link of every page it serves: each page would come back
 * under ever new URLs, each fetched and indexed again.
 */
const SESSION =
  /^(phpsessid|jsessionid|sessionid|session_id|sessid|oscsid|zenid|cfid|cftoken|aspsessionid[a-z]{8})$/i;
/**
 * Names other parameters use too: a session's only when their value is a long random token, of
 * letters and digits mixed (a slug, `getting-started-with-the-api`, is a page's name).
 */
const SESSION_IF_TOKEN = /^(sid|s)$/i;
const TOKEN = /^(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[0-9A-Za-z]{20,}$/;
/** A Java servlet's session in the path: `/page;jsessionid=1A2B…`. */
const PATH_SESSION = /;jsessionid=[^/;?#]*/gi;

export interface NormalizeOptions {
  /**
   * Keep session parameters: for a redirect that sends HootyBot to the very page it asked for with
   * a session added, the one way such a server serves the page.
   */
  keepSession?: boolean;
}

export function normalizeUrl(
  input: string | URL,
  base?: string | URL,
  options: NormalizeOptions = {},
): URL | null {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input.trim(), base) : new URL(input.href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  const path = canonicalEncoding(url.pathname);
  url.pathname = (options.keepSession ? path : path.replace(PATH_SESSION, "")) || "/";
  // The pairs keep their own spelling (`?a` stays `?a`, not `?a=`); only their order changes. An
  // empty query ("/p?") is no query: the server answers it as "/p".
  const pairs = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !TRACKING.test(pairName(pair)))
    .filter((pair) => options.keepSession || !isSession(pair))
    .map(canonicalEncoding)
    .sort();
  url.search = pairs.length ? `?${pairs.join("&")}` : "";
  return url;
}

export function normalizedHref(input: string | URL, base?: string | URL): string | null {
  return normalizeUrl(input, base)?.href ?? null;
}

function canonicalEncoding(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function isSession(pair: string): boolean {
  const name = pairName(pair);
  if (SESSION.test(name)) return true;
  return SESSION_IF_TOKEN.test(name) && TOKEN.test(pair.slice(pair.indexOf("=") + 1));
}

/**
 * Names of parameters that carry something made for one answer, not a page's name: a token, a
 * visit, a nonce, a time or a random number against caches.
 */
const VISIT_PARAMETER =
  /^(_?token|tok|visit|visitor|visit_?id|nonce|_?csrf|csrf_?token|ts|timestamp|time|_|cb|cache_?bust(er)?|nocache|no_cache|rnd|rand|random)$/i;
/** A value such a parameter carries: a random token, or a number of ten digits or more (a time). */
const VISIT_VALUE = /^(?:(?=[^\d]*\d)(?=[^A-Za-z]*[A-Za-z])[0-9A-Za-z_-]{16,}|\d{10,})$/;

/**
 * The URL with the values of its per-visit parameters masked (`/news?token=*`), or null when it
 * has none. A server that writes a new token into every link of every answer would have HootyBot
 * ask for one page again and again: the crawl asks for one URL of each mask. The URL itself is
 * requested as linked (such a server may answer nothing without its token).
 */
export function visitMask(url: URL): string | null {
  if (url.search === "") return null;
  let masked = false;
  const pairs = url.search
    .slice(1)
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0 || !VISIT_PARAMETER.test(pairName(pair))) return pair;
      if (!VISIT_VALUE.test(pair.slice(at + 1))) return pair;
      masked = true;
      return `${pair.slice(0, at)}=*`;
    });
  return masked ? `${url.origin}${url.pathname}?${pairs.join("&")}` : null;
}

function pairName(pair: string): string {
  const name = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/**
 * A site as people type it: "example.org" (or "example.org:8080/docs") means https, as in a
 * browser's address bar; an address with a scheme is taken as written.
 */
export function siteUrl(input: string): URL | null {
  const text = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return normalizeUrl(text);
  const url = normalizeUrl(`https://${text}`);
  // Without a scheme, a word is a typo or a stray argument ("crawl notaurl"), not an intranet
  // host: those are named with their scheme ("http://wiki/").
  if (url && !url.hostname.includes(".") && !url.hostname.includes(":")) {
    return url.hostname === "localhost" ? url : null;
  }
  return url;
}
