/**
 * One spelling per page: the URL HootyBot stores, compares and requests. Scheme and host in lower
 * case, default port dropped, fragment dropped, percent-encoding made canonical (hex upper case,
 * unreserved characters decoded, `%2F` kept), query parameters sorted and tracking parameters
 * removed, an empty query dropped, an empty path made `/`.
 */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|yclid|igshid)$/i;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

export function normalizeUrl(input: string | URL, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input.trim(), base) : new URL(input.href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  url.pathname = canonicalEncoding(url.pathname) || "/";
  // The pairs keep their own spelling (`?a` stays `?a`, not `?a=`); only their order changes. An
  // empty query ("/p?") is no query: the server answers it as "/p".
  const pairs = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !TRACKING.test(pairName(pair)))
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
