/**
 * Extraction, the first step of DESIGN.md's "pages (text by section) ─► index": HTML → title,
 * language and main text by section.
 *
 * - `extractPage` (extract.ts) applies the page-level rules (rules.ts): drops scripts, forms,
 *   navigation, the page header and footer, asides, hidden elements, cookie banners, skip links
 *   and tables of contents; keeps `<main>` or `<article>` when marked; lays text out as paragraphs,
 *   indented list lines, table rows of tab-separated cells and verbatim `<pre>`.
 * - `createSiteBoilerplate` (boilerplate.ts) learns what a site repeats on its pages and removes it
 *   (DocBook's "Prev Up Home Next" tables, plain-`<div>` menus and footers), during a crawl and in a
 *   final pass.
 *
 * @example
 * const site = createSiteBoilerplate();          // one per site; toJSON() to keep it
 * const page = extractPage({ url, html, headers });
 * site.learn(page);
 * const clean = site.apply(page);                // clean.sections: what the index stores
 * const appliedUnder = site.version;             // re-apply this page when site.version moves
 */
export {
  createSiteBoilerplate,
  distinctFingerprints,
  learntFingerprints,
  pageStep,
  type SiteBoilerplate,
  type SiteBoilerplateOptions,
  type SiteBoilerplateState,
} from "./boilerplate.js";
export { extractPage } from "./extract.js";
export { declaredLanguage, primaryLanguage } from "./language.js";
export { buildSections } from "./sections.js";
export type {
  Block,
  BlockKind,
  DetectLanguage,
  ExtractedPage,
  ExtractOptions,
  PageInput,
  Region,
  Section,
} from "./types.js";
export { CELL_SEP } from "./types.js";
