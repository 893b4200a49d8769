/**
 * The text index as the index thread sees it: it reads through a connection of its own (a
 * reader waits for no writer in WAL mode) and writes through the store thread, the one
 * connection that writes, a large page in parts (page-parts.ts).
 */
import type { TextIndex } from "../store/types.js";
import { needsParts, plainText, writeInParts } from "./page-parts.js";

/** A write of the text index, run by the store thread. */
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
        : remote("replacePage")(page, plainText(text)),
    updateText: (siteId, url, text) =>
      needsParts(text)
        ? writeInParts(texts, siteId, url, null, text)
        : remote("updateText")(siteId, url, plainText(text)),
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
