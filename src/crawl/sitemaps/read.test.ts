import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { FetchResponse } from "../fetch/types.js";
import { readSitemaps } from "./read.js";

const ORIGIN = "http://127.0.0.1";

function urlset(count: number): string {
  const entries = Array.from(
    { length: count },
    (_, i) => `<url><loc>${ORIGIN}/page-${i}</loc><lastmod>2026-01-01</lastmod></url>`,
  );
  return `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</urlset>`;
}

/** Sitemap files as a site serves them: each URL's body, 404 for any other. */
function served(files: Record<string, Buffer>) {
  return async (url: string): Promise<FetchResponse> => {
    const body = files[new URL(url).pathname];
    return {
      url,
      status: body ? 200 : 404,
      headers: {},
      body: body ?? Buffer.alloc(0),
      truncated: false,
      startedAt: 0,
      endedAt: 0,
    };
  };
}

const source = (files: Record<string, Buffer>, limit: number) => ({
  origin: ORIGIN,
  listed: [],
  allowed: () => true,
  limit,
  maxFiles: 10,
  fetch: served(files),
});

describe("readSitemaps", () => {
  it("reads a sitemap robots.txt names by its path as the site's own, and none of another origin", async () => {
    const asked: string[] = [];
    const files = served({ "/maps/index.xml": Buffer.from(urlset(3)) });
    const { pages } = await readSitemaps({
      ...source({}, 100),
      listed: ["/maps/index.xml", "//elsewhere.example/sitemap.xml", "http://[bad"],
      fetch: (url: string) => {
        asked.push(url);
        return files(url);
      },
    });
    expect(pages).toEqual([`${ORIGIN}/page-0`, `${ORIGIN}/page-1`, `${ORIGIN}/page-2`]);
    expect(asked).toEqual([`${ORIGIN}/maps/index.xml`, `${ORIGIN}/sitemap.xml`]);
  });

  it("reads of a huge gzipped sitemap only the URLs it wants", async () => {
    // 200,000 entries, about 14 MB unpacked.
    const huge = gzipSync(urlset(200_000));
    const { pages } = await readSitemaps(source({ "/sitemap.xml": huge }, 1000));
    expect(pages).toHaveLength(1000);
    expect(pages[0]).toBe(`${ORIGIN}/page-0`);
    expect(pages[999]).toBe(`${ORIGIN}/page-999`);
  });

  it("keeps the entries a broken gzip stream gave before it broke", async () => {
    const whole = gzipSync(urlset(5000));
    const broken = whole.subarray(0, Math.floor(whole.length / 2));
    const { pages } = await readSitemaps(source({ "/sitemap.xml": broken }, 10_000));
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.length).toBeLessThan(5000);
    expect(pages.every((url, i) => url === `${ORIGIN}/page-${i}`)).toBe(true);
  });
});
