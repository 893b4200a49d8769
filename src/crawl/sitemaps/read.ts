import { createGunzip } from "node:zlib";
import { FetchFailure, type FetchResponse } from "../fetch/types.js";
import { isUnsafe } from "../links/policy.js";
import { parseSitemap } from "./parse.js";

export interface SitemapSource {
  origin: string;
  /** A URL written with an origin that stands for the site's, on the site's origin. */
  onOrigin?: (url: URL) => URL;
  /** `Sitemap:` lines of robots.txt. */
  listed: readonly string[];
  /** robots.txt's verdict for a URL. */
  allowed: (url: string) => boolean;
  /** Whether a page URL is one HootyBot may ask for (robots.txt, file type, never-follow rules). */
  usable?: (url: string) => boolean;
  /** Most page URLs to take that are usable, and most of those that are not. */
  limit: number;
  /** Most sitemap files to read. */
  maxFiles: number;
  /** One request through the site gate. */
  fetch: (url: string) => Promise<FetchResponse>;
}

/** A `Sitemap` line's URL, a path read against the robots.txt it stands in; "" when unreadable. */
function inRobots(url: string, origin: string): string {
  try {
    return new URL(url, `${origin}/robots.txt`).href;
  } catch {
    return "";
  }
}

/**
 * Pages named by the site's sitemaps: those listed in robots.txt and `/sitemap.xml`, following
 * sitemap indexes, on the site's own origin only. A sitemap that is missing or unreadable is
 * simply no source of pages.
 */
export async function readSitemaps(source: SitemapSource) {
  /** The URL on the site's origin, or null for another site's (or no URL). */
  const own = (url: string): string | null => {
    try {
      const read = source.onOrigin?.(new URL(url)) ?? new URL(url);
      return read.origin === source.origin ? read.href : null;
    } catch {
      return null;
    }
  };
  // robots.txt should name a sitemap by its full URL; one named by its path ("/sitemap_index.xml")
  // can only mean the site's own, and is read as that.
  const listed = source.listed
    .map((url) => own(inRobots(url, source.origin)))
    .filter((url) => url !== null);
  const queue = [...new Set([...listed, `${source.origin}/sitemap.xml`])];
  const seen = new Set<string>();
  const pages: string[] = [];
  // Entries HootyBot will not ask for (images, files robots.txt keeps out) are kept apart, and
  // counted as skipped by the caller: a first sitemap of 12,000 images must not use up the room
  // the pages of the sitemaps after it need.
  const unusable: string[] = [];
  const usable = source.usable ?? (() => true);
  while (queue.length > 0 && seen.size < source.maxFiles && pages.length < source.limit) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    // Never a sign-in, account or cart URL, also as where a sitemap redirects (a site that sends
    // every request to its login page).
    if (!source.allowed(url) || isUnsafe(new URL(url))) continue;
    let response: FetchResponse;
    try {
      response = await source.fetch(url);
    } catch (error) {
      if (error instanceof FetchFailure && error.kind !== "aborted") continue;
      throw error;
    }
    if (response.status >= 300 && response.status < 400) {
      // A sitemap that moved ("/sitemap.xml" → "/sitemap_index.xml", as WordPress's SEO plugins
      // answer) is read where it moved to, on the site's origin; each hop counts as a file.
      const moved = redirectedTo(response, url);
      const mine = moved === null ? null : own(moved);
      if (mine !== null && !seen.has(mine)) queue.unshift(mine);
      continue;
    }
    if (response.status < 200 || response.status >= 300 || response.truncated) continue;
    // Only as much of a file as the URLs still wanted take, read off the event loop: a 50 MB
    // sitemap unpacked and scanned at once held up every other site's crawl for seconds.
    const wanted = source.limit - pages.length + source.maxFiles;
    const text = await sitemapText(
      response.body,
      Math.min(MAX_SITEMAP_BYTES, wanted * BYTES_PER_URL),
    );
    const sitemap = parseSitemap(text, wanted);
    for (const location of sitemap.locations) {
      const mine = own(location);
      if (mine === null) continue;
      if (sitemap.kind === "index") queue.push(mine);
      else if (!usable(mine)) {
        if (unusable.length < source.limit) unusable.push(mine);
      } else if (pages.length < source.limit) pages.push(mine);
    }
  }
  return { pages: [...pages, ...unusable], sitemaps: [...seen] };
}

/** Where a redirect's Location leads, read against the URL asked for; null when nowhere. */
function redirectedTo(response: FetchResponse, url: string): string | null {
  const location = response.headers.location;
  if (!location) return null;
  try {
    return new URL(location, url).href;
  } catch {
    return null;
  }
}

/** The largest sitemap the protocol allows, unpacked. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** Bytes of sitemap XML read per URL still wanted: an entry with its dates and priority, and more. */
const BYTES_PER_URL = 2048;

/** The file's text, unpacked when gzipped, up to `maxBytes` (a cut entry is no entry). */
async function sitemapText(body: Buffer, maxBytes: number): Promise<string> {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body.subarray(0, maxBytes).toString("utf8");
  return (await gunzipUpTo(body, maxBytes)).toString("utf8");
}

/**
 * The first `maxBytes` of a gzipped body, unpacked in zlib's thread pool; what a broken stream
 * gave before it broke.
 */
function gunzipUpTo(body: Buffer, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const gunzip = createGunzip();
    const done = () => resolve(Buffer.concat(chunks).subarray(0, maxBytes));
    gunzip.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        gunzip.destroy();
        done();
      }
    });
    gunzip.on("end", done);
    gunzip.on("error", done);
    gunzip.end(body);
  });
}
