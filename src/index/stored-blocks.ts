/**
 * A page's extraction as the index keeps it (`PageText.blocks`): enough to learn it again and to
 * re-apply site boilerplate later without its HTML. Blocks are written as arrays, not objects, to
 * keep the stored JSON about the size of the page's text.
 */
import type { Block, BlockKind, ExtractedPage, Region } from "./extract/index.js";

type StoredBlock = [
  kind: BlockKind,
  level: number,
  scopeEnd: number,
  text: string,
  sep: string,
  anchor: string | null,
  lang: string | null,
  group: number,
  row: number,
  linked: 0 | 1,
  fingerprint: number,
  // Absent in pages stored before terms were told apart.
  term?: 0 | 1,
];

interface Stored {
  title: string;
  lang: string;
  blocks: StoredBlock[];
  regions: [start: number, end: number][];
}

export function encodeBlocks(page: ExtractedPage): string {
  const stored: Stored = {
    title: page.title,
    lang: page.lang,
    blocks: page.blocks.map((b) => [
      b.kind,
      b.level,
      b.scopeEnd,
      b.text,
      b.sep,
      b.anchor,
      b.lang,
      b.group,
      b.row,
      b.linked ? 1 : 0,
      b.fingerprint,
      b.term ? 1 : 0,
    ]),
    regions: page.regions.map((r) => [r.start, r.end]),
  };
  return JSON.stringify(stored);
}

/** The page as extraction left it, sections not built (the caller builds them). */
export function decodeBlocks(url: string, json: string): ExtractedPage {
  const stored = JSON.parse(json) as Stored;
  const blocks: Block[] = stored.blocks.map((b) => ({
    kind: b[0],
    level: b[1],
    scopeEnd: b[2],
    text: b[3],
    sep: b[4],
    anchor: b[5],
    lang: b[6],
    group: b[7],
    row: b[8],
    linked: b[9] === 1,
    fingerprint: b[10],
    term: b[11] === 1,
  }));
  const regions: Region[] = stored.regions.map(([start, end]) => ({ start, end }));
  return { url, title: stored.title, lang: stored.lang, sections: [], blocks, regions };
}
