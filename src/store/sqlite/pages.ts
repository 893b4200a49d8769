import type { PageRecord, Pages } from "../types.js";
import type { SqliteDatabase } from "./database.js";

interface PageRow {
  site_id: number;
  url: string;
  title: string | null;
  lang: string | null;
  fetched_at: string;
  status: number;
  content_hash: string;
  etag: string | null;
  last_modified: string | null;
  links: string;
  unavailable_after: string | null;
}

const toPage = (row: PageRow): PageRecord => ({
  siteId: row.site_id,
  url: row.url,
  title: row.title,
  lang: row.lang,
  fetchedAt: row.fetched_at,
  status: row.status,
  contentHash: row.content_hash,
  etag: row.etag,
  lastModified: row.last_modified,
  links: JSON.parse(row.links) as string[],
  unavailableAfter: row.unavailable_after,
});

/** The page upsert, shared with the text index (which writes a page and its text at once). */
export function preparePagePut(db: SqliteDatabase): (page: PageRecord) => void {
  const put = db.prepare(
    `INSERT INTO pages (site_id, url, title, lang, fetched_at, status, content_hash, etag,
       last_modified, links, unavailable_after)
     VALUES (@siteId, @url, @title, @lang, @fetchedAt, @status, @contentHash, @etag, @lastModified,
       @links, @unavailableAfter)
     ON CONFLICT (site_id, url) DO UPDATE SET title = excluded.title, lang = excluded.lang,
       fetched_at = excluded.fetched_at, status = excluded.status,
       content_hash = excluded.content_hash, etag = excluded.etag,
       last_modified = excluded.last_modified, links = excluded.links,
       unavailable_after = excluded.unavailable_after`,
  );
  return (page) => {
    put.run({
      ...page,
      links: JSON.stringify(page.links),
      unavailableAfter: page.unavailableAfter ?? null,
    });
  };
}

export function sqlitePages(db: SqliteDatabase): Pages {
  const put = preparePagePut(db);
  const get = db.prepare("SELECT * FROM pages WHERE site_id = ? AND url = ?");
  const withContent = db.prepare(
    "SELECT * FROM pages WHERE site_id = ? AND content_hash = ? AND url != ? LIMIT 1",
  );
  const list = db.prepare("SELECT * FROM pages WHERE site_id = ? ORDER BY url");
  // Deleting the page cascades to its text, sections and chunk places (migration 3).
  const remove = db.prepare("DELETE FROM pages WHERE site_id = ? AND url = ?");
  const one = (row: unknown) => (row ? toPage(row as PageRow) : null);
  return {
    put: async (page) => put(page),
    get: async (siteId, url) => one(get.get(siteId, url)),
    withContent: async (siteId, hash, exceptUrl) => one(withContent.get(siteId, hash, exceptUrl)),
    list: async (siteId) => (list.all(siteId) as PageRow[]).map(toPage),
    remove: async (siteId, url) => remove.run(siteId, url).changes > 0,
  };
}
