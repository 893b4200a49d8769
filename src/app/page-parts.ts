/**
 * A page text as it crosses to the store thread. Reading a message costs the receiving thread
 * about what writing it costs (the structured clone is read in one go), so what one message
 * carries, and one transaction writes, is bounded: a text larger than `PART_CHARS` goes as a
 * draft (`TextIndex.startDraft`) in parts of at most that size, and is shown whole by the draft's
 * commit. A 5 MB page makes some 80 parts, each written in 20 ms at most.
 */
import type { DraftPart, PageRecord, PageText, TextIndex } from "../store/types.js";

/** Characters of text one message carries at most (blocks, sections or passages). */
export const PART_CHARS = 128 * 1024;
/** Passages one message carries at most (each with its terms). */
const PART_CHUNKS = 256;

/**
 * The text as plain data, for a structured clone: each passage's terms (analysed when first read)
 * are analysed here, in this thread, rather than left to a getter the clone would drop.
 */
function plainText(text: PageText): PageText {
  return {
    ...text,
    chunks: text.chunks.map((c) => ({
      section: c.section,
      anchor: c.anchor,
      ...(c.laterAnchors ? { laterAnchors: c.laterAnchors } : {}),
      lang: c.lang,
      text: c.text,
      start: c.start,
      end: c.end,
      hash: c.hash,
      sentences: c.sentences,
      terms: c.terms,
      length: c.length,
    })),
  };
}

/** Whether the text is too large for one message (and one transaction). */
export function needsParts(text: PageText): boolean {
  let chars = text.blocks.length;
  for (const s of text.sections) chars += s.text.length;
  for (const c of text.chunks) chars += c.text.length;
  return chars > PART_CHARS || text.chunks.length > PART_CHUNKS;
}

/** The text's blocks, sections and passages in parts of at most `PART_CHARS` (a longer section alone). */
export function* draftParts(text: PageText): Generator<DraftPart> {
  const { blocks } = text;
  for (let start = 0, part = 0; start < blocks.length; part++) {
    let end = Math.min(start + PART_CHARS, blocks.length);
    // Never between the two halves of a surrogate pair: each part is stored as UTF-8.
    if (end < blocks.length && isHighSurrogate(blocks.charCodeAt(end - 1))) end--;
    yield { blocks: blocks.slice(start, end), part };
    start = end;
  }
  for (const [from, sections] of runs(text.sections, (s) => s.text.length, Infinity)) {
    yield { sections, from };
  }
  const plain = plainText(text).chunks;
  for (const [from, chunks] of runs(plain, (c) => c.text.length, PART_CHUNKS)) {
    yield { chunks, from };
  }
}

/**
 * Writes the page's text through `texts` as a draft in parts, then shows it: as `replacePage`
 * (`page` given) or `updateText` (null) would. A draft that fails half-way is dropped.
 */
export async function writeInParts(
  texts: TextIndex,
  siteId: number,
  url: string,
  page: PageRecord | null,
  text: PageText,
): Promise<boolean> {
  const draft = await texts.startDraft(siteId, url);
  try {
    for (const part of draftParts(text)) await texts.writeDraft(draft, part);
    return await texts.commitDraft(draft, {
      page,
      boilerplate: text.boilerplate,
      ...(text.anchors ? { anchors: text.anchors } : {}),
    });
  } catch (error) {
    await texts.dropDraft(draft).catch(() => {});
    throw error;
  }
}

/** Consecutive items in runs of at most `PART_CHARS` by `size` and `most` items, with each run's first index. */
function* runs<T>(items: readonly T[], size: (item: T) => number, most: number) {
  let from = 0;
  let run: T[] = [];
  let chars = 0;
  for (const [i, item] of items.entries()) {
    const n = size(item);
    if (run.length > 0 && (chars + n > PART_CHARS || run.length >= most)) {
      yield [from, run] as const;
      from = i;
      run = [];
      chars = 0;
    }
    run.push(item);
    chars += n;
  }
  if (run.length > 0) yield [from, run] as const;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
