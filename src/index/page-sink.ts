/**
 * The index side of the crawl (DESIGN.md flow: "pages (text by section) ─► index ─► store"):
 * implements the crawler's PageSink. Only pages the crawler read whole, allowed, HTML and content
 * arrive here; pages that turned gone, noindex or disallowed are removed.
 *
 * A page: extract (page rules) → language (declared, else detected) → site boilerplate (learnt
 * across the site's pages) → sections (each section's language where it differs) → passages →
 * terms (src/text, per language) → one store transaction replacing the page's entry.
 */
import type { FetchedPage, PageSink } from "../core/page-sink.js";
import type { TextIndex } from "../store/types.js";
import { ANALYSIS_VERSION } from "../text/analysis-version.js";
import { collectAnchors } from "./anchors.js";
import { extractPage } from "./extract/index.js";
import { pageLanguage, rememberingSectionDetectors } from "./language.js";
import { RecentPages } from "./recent-pages.js";
import { loadSiteBoilerplate, type SiteBoilerplateIndex } from "./site-boilerplate.js";
import { SizeBudget } from "./size-budget.js";

/** The part of the store the index reads and writes (`replacePage` puts the page record too). */
export interface IndexStore {
  texts: TextIndex;
}

/**
 * A site whose index was written under an older analysis (a Hooty before this one) has its
 * stored pages indexed again, from their stored blocks, before its next page: answers then meet
 * every page on the same terms as the question.
 */
async function analysedAsNow(texts: TextIndex, siteId: number, site: SiteBoilerplateIndex) {
  if ((await texts.analysisVersion(siteId)) === ANALYSIS_VERSION) return;
  await site.reindexAll();
  await texts.setAnalysisVersion(siteId, ANALYSIS_VERSION);
}

/**
 * HTML (characters) of the pages the sink works on at once: a hundred sites' ordinary pages
 * together, but one page of the largest size the crawler reads (5 MB) at a time.
 */
export const PAGES_IN_PROGRESS_CHARS = 8 * 1024 * 1024;

export function createIndexSink(store: IndexStore): PageSink {
  const sites = new Map<number, Promise<SiteBoilerplateIndex>>();
  const inProgress = new SizeBudget(PAGES_IN_PROGRESS_CHARS);
  const recent = new RecentPages();
  const sectionDetectors = rememberingSectionDetectors();
  const siteOf = (siteId: number) => {
    let site = sites.get(siteId);
    if (!site) {
      site = loadSiteBoilerplate({ siteId, texts: store.texts, recent, sectionDetectors }).then(
        async (loaded) => {
          await analysedAsNow(store.texts, siteId, loaded);
          return loaded;
        },
      );
      site.catch(() => sites.delete(siteId));
      sites.set(siteId, site);
    }
    return site;
  };

  /** Extracts the page, builds its entry (site boilerplate left out) and writes it. */
  const indexPage = async (page: FetchedPage) => {
    const anchors = collectAnchors(page.url);
    const extracted = extractPage(
      { url: page.url, html: page.html, headers: page.headers },
      { sections: false, observer: anchors },
    );
    extracted.lang = pageLanguage(extracted.lang, extracted.blocks);
    const site = await siteOf(page.siteId);
    const text = { ...site.prepare(extracted), anchors: anchors.anchors() };
    const written = await store.texts.replacePage(
      {
        siteId: page.siteId,
        url: page.url,
        title: extracted.title || null,
        lang: extracted.lang === "und" ? null : extracted.lang,
        fetchedAt: page.fetchedAt,
        status: page.status,
        contentHash: page.contentHash,
        etag: page.headers.etag ?? null,
        lastModified: page.headers["last-modified"] ?? null,
        links: page.links,
        unavailableAfter: page.unavailableAfter ?? null,
      },
      text,
    );
    if (!written) {
      // The site's domain was blocked meanwhile: nothing of it may stay.
      site.forget(page.url);
      return;
    }
    site.stored(page.url, text);
    await site.catchUp();
  };

  return {
    accept(page) {
      return inProgress.run(page.html.length, () => indexPage(page));
    },
    async prepareSite(siteId) {
      // A site indexed as now is loaded when its first page comes, if one does.
      if (!sites.has(siteId) && (await store.texts.analysisVersion(siteId)) === ANALYSIS_VERSION)
        return;
      await siteOf(siteId);
    },
    async remove(siteId, url) {
      const site = sites.get(siteId);
      if (site) (await site).forget(url);
      await store.texts.removePage(siteId, url);
    },
  };
}
