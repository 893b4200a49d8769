import type { PageRecord } from "../../src/store/types.js";

/** A fetched page's record as the store keeps it, for store tests: HTML, 200, nothing else known. */
export const pageRecord = (siteId: number, url: string): PageRecord => ({
  siteId,
  url,
  title: `Title of ${url}`,
  lang: "en",
  fetchedAt: "2026-01-01T00:00:00Z",
  status: 200,
  contentHash: url,
  etag: null,
  lastModified: null,
  links: [],
});

/**
 * SQL for a site (id 7) at `origin` and one page of it at `path` (text id 1), written straight into
 * a database of an older schema (sites, pages and page_texts are the same in every one so far).
 */
export const sitePageRows = (origin: string, path: string) => `
  INSERT INTO sites (id, origin, host, start_url, created_at)
    VALUES (7, '${origin}', '${new URL(origin).hostname}', '${origin}/', 'now');
  INSERT INTO pages (site_id, url, fetched_at, status, content_hash)
    VALUES (7, '${origin}${path}', 'now', 200, 'x');
  INSERT INTO page_texts (id, site_id, url, fingerprints, blocks, mask)
    VALUES (1, 7, '${origin}${path}', '[]', '{}', '');
`;
