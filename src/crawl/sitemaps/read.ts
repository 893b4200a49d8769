import { gunzipSync } from "node:zlib";
import { FetchFailure, type FetchResponse } from "../fetch/types.js";
import { parseSitemap } from "./parse.js";

export interface SitemapSource {
  origin: string;
  /** `Sitemap:` lines of robots.txt. */
  listed: readonly string[];
  /** robots.txt's verdict for a URL. */
  allowed: (url: string) => boolean;
  /** Most page URLs to take. */
  limit: number;
  /** Most sitemap files to read. */
  maxFiles: number;
  /** One request through the site gate. */
  fetch: (url: string) => Promise<FetchResponse>;
}

/**
 * Pages named by the site's sitemaps: those listed in robots.txt and `/sitemap.xml`, following
 * sitemap indexes, on the site's own origin only. A sitemap that is missing or unreadable is
 * simply no source of pages.
 */
export async function readSitemaps(source: SitemapSource) {
  const own = (url: string) => {
    try {
      return new URL(url).origin === source.origin;
    } catch {
      return false;
    }
  };
  const queue = [...new Set([...source.listed.filter(own), `${source.origin}/sitemap.xml`])];
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < source.maxFiles && pages.length < source.limit) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    if (!source.allowed(url)) continue;
    let response: FetchResponse;
    try {
      response = await source.fetch(url);
    } catch (error) {
      if (error instanceof FetchFailure && error.kind !== "aborted") continue;
      throw error;
    }
    if (response.status < 200 || response.status >= 300 || response.truncated) continue;
    const sitemap = parseSitemap(sitemapText(response.body));
    for (const location of sitemap.locations) {
      if (!own(location)) continue;
      if (sitemap.kind === "index") queue.push(location);
      else if (pages.length < source.limit) pages.push(location);
    }
  }
  return { pages, sitemaps: [...seen] };
}

function sitemapText(body: Buffer): string {
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      return gunzipSync(body, { maxOutputLength: 50 * 1024 * 1024 }).toString("utf8");
    } catch {
      return "";
    }
  }
  return body.toString("utf8");
}
