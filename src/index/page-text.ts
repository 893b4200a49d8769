/**
 * One page's index entry: its sections without site boilerplate, its passages with their terms,
 * and what boilerplate detection needs to learn from it and re-apply it later.
 */
import type { PageText, SectionRecord } from "../store/types.js";
import { chunkPage } from "./chunk/index.js";
import { chunkInputs } from "./chunk-terms.js";
import { fnv1a } from "./extract/hash.js";
import {
  buildSections,
  type DetectLanguage,
  type ExtractedPage,
  learntFingerprints,
} from "./extract/index.js";
import { sectionDetector } from "./language.js";
import { encodeBlocks } from "./stored-blocks.js";

/** A key of a drop mask: equal keys, equal sections (for the same blocks). */
export function maskKey(drop: Uint8Array): string {
  let dropped = 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < drop.length; i++) {
    if (drop[i] === 1) {
      dropped++;
      hash = fnv1a(`${i},`, hash);
    }
  }
  return `${dropped}:${hash.toString(36)}`;
}

/** Sorted distinct block fingerprints: the page's entry of the boilerplate detector's state. */
export function fingerprintsOf(page: ExtractedPage): number[] {
  // The detector learnt the same list; the store only reads it.
  return learntFingerprints(page) as number[];
}

/**
 * Builds the page's entry from its extraction (language already settled) and the blocks the site
 * detector drops (`drop[i] === 1`); `detectorFor` gives the sections' language detector.
 */
export function buildPageText(
  page: ExtractedPage,
  drop: Uint8Array,
  detectorFor: (pageLang: string) => DetectLanguage = sectionDetector,
): PageText {
  const keep = new Uint8Array(page.blocks.length);
  for (let i = 0; i < keep.length; i++) keep[i] = drop[i] === 1 ? 0 : 1;
  const sections = buildSections(page.blocks, keep, page.lang, detectorFor(page.lang));
  const clean: ExtractedPage = { ...page, sections };
  const records: SectionRecord[] = sections.map((s) => ({
    headingPath: s.headingPath,
    anchor: s.anchor,
    lang: s.lang ?? page.lang,
    text: s.text,
  }));
  return {
    sections: records,
    chunks: chunkInputs(chunkPage(clean), page.title),
    boilerplate: { fingerprints: fingerprintsOf(page), mask: maskKey(drop) },
    blocks: encodeBlocks(page),
  };
}
