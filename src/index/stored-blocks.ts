/**
 * A page's extraction as the index keeps it (`PageText.blocks`): enough to learn it again and to
 * re-apply site boilerplate later without its HTML. Blocks are written as arrays, not objects, to
 * keep the stored JSON about the size of the page's text.
 */
import {
  type Block,
  type BlockKind,
  CELL_SEP,
  type ExtractedPage,
  type Region,
} from "./extract/index.js";

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
  /**
   * 2: text as the page shows it. Absent: stored by a Hooty that began a list item's text with
   * "- " and joined a row's cells with " | " (read as 2 by `fromMarked`).
   */
  format?: 2;
}

const FORMAT = 2;

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
    format: FORMAT,
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
  if (stored.format !== FORMAT) for (const block of blocks) fromMarked(block);
  const regions: Region[] = stored.regions.map(([start, end]) => ({ start, end }));
  return { url, title: stored.title, lang: stored.lang, sections: [], blocks, regions };
}

/**
 * A block stored with the marks the page does not show, as extraction now leaves it: an item's
 * "- " becomes the two spaces of its indent, " | " between cells CELL_SEP. (A `<pre>` opening a
 * list item keeps its "- ": there it cannot be told apart from code that begins so.)
 */
function fromMarked(block: Block): void {
  if (block.kind === "item") block.text = block.text.replace(/^( *)- /, "$1  ");
  if (block.sep === " | ") block.sep = CELL_SEP;
}
