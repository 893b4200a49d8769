/**
 * The text index as the index thread sees it. It reads, and writes a page's text of ordinary
 * size, through a connection of its own: such a write is one short transaction, which the store
 * thread's calls wait for no longer than they would for one of their own, and the text is not
 * copied to another thread (copying a page's passages and terms cost more CPU than writing
 * them). A large text goes to the store thread in parts (page-parts.ts), each a short
 * transaction of its own there, between which the crawl's calls are answered; so do removals,
 * which must come after any such draft of the same page.
 */
import type { TextIndex } from "../store/types.js";
import { needsParts, writeInParts } from "./page-parts.js";

/** A call of the text index run by the store thread. */
export type RemoteWrite = (method: keyof TextIndex, args: unknown[]) => Promise<unknown>;

export function remoteTexts(local: TextIndex, write: RemoteWrite): TextIndex {
  const remote =
    <M extends keyof TextIndex>(method: M) =>
    (...args: Parameters<TextIndex[M]>) =>
      write(method, args) as ReturnType<TextIndex[M]>;
  const texts: TextIndex = {
    replacePage: (page, text) =>
      needsParts(text)
        ? writeInParts(texts, page.siteId, page.url, page, text)
        : local.replacePage(page, text),
    updateText: (siteId, url, text) =>
      needsParts(text)
        ? writeInParts(texts, siteId, url, null, text)
        : local.updateText(siteId, url, text),
    startDraft: remote("startDraft"),
    writeDraft: remote("writeDraft"),
    commitDraft: remote("commitDraft"),
    dropDraft: remote("dropDraft"),
    removePage: remote("removePage"),
    setAnalysisVersion: remote("setAnalysisVersion"),
    sections: (...args) => local.sections(...args),
    boilerplate: (...args) => local.boilerplate(...args),
    blocks: (...args) => local.blocks(...args),
    analysisVersion: (...args) => local.analysisVersion(...args),
    stats: (...args) => local.stats(...args),
    postings: (...args) => local.postings(...args),
    documentFrequencies: (...args) => local.documentFrequencies(...args),
    chunkTerms: (...args) => local.chunkTerms(...args),
    chunks: (...args) => local.chunks(...args),
    vocabulary: (...args) => local.vocabulary(...args),
    anchors: (...args) => local.anchors(...args),
    leads: (...args) => local.leads(...args),
    headings: (...args) => local.headings(...args),
  };
  return texts;
}
