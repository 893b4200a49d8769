/**
 * Site-level boilerplate: text a site repeats on many of its pages (navigation bars, "Prev Up Home
 * Next" tables, footers, banners) that page-level rules cannot recognise because the markup does
 * not say what it is.
 *
 * ## How it works
 * Every block of an extracted page has a fingerprint: a hash of its DOM path (tag names and class
 * names of its ancestors, digits dropped) and its case-folded text. The detector counts, for each
 * fingerprint, the distinct pages it was seen on. A block is **repeated** when its fingerprint is
 * on at least `minPages` pages and on at least `minShare` of the pages learnt.
 *
 * Repeated blocks are dropped in two ways:
 * 1. **Template regions.** An element spanning several blocks (a navigation table, a footer
 *    `<div>`) is dropped whole when it holds no heading, at least half of its blocks are repeated,
 *    one of those is a link text ("Prev", "Next", "Zurück": navigation is links; a table row's one
 *    linked label beside its value is not), and what is not repeated is short (each block at most
 *    `maxFreshBlockWords` words, all together at most `maxFreshWords`): the page-specific bits of a
 *    template, such as the titles of the previous and next pages, go with it. A region spanning the
 *    whole page is never dropped.
 * 2. **Ubiquitous blocks.** A paragraph or list item on at least `aloneShare` of the pages (and
 *    `minPages`) is dropped wherever it stands (a copyright line, a site tagline). Table cells and
 *    `<pre>` are not: a table's header row repeated on every page is still part of the table; nor
 *    is a term (`<dt>`) whose description is the page's own (Javadoc's "Parameters:"). A cell of a
 *    layout table is (`layoutCell`: a menu column of links, a footer row, a long text).
 * Headings are never dropped, and a repeated paragraph that is neither is kept (chunks store
 * identical text once anyway), so content that a few pages share verbatim is not lost.
 *
 * Shares are taken of the learnt page count rounded down to a geometric step (`pageStep`), so the
 * thresholds move O(log n) times as a site grows.
 *
 * ## Incremental and final use
 * During a crawl pages arrive one by one: `learn(page)` then `apply(page)`. Early pages are
 * filtered with little evidence (nothing is repeated before `minPages` pages). `version` moves
 * exactly when a classification may change (a threshold moved, or a fingerprint crossed one), so a
 * caller keeps the version each page was applied under and re-applies the pages whose version is
 * older (`apply` needs only the page's blocks, not its HTML). After the crawl, one `apply` over
 * every page is the final pass; both ways give the same sections.
 * Learning a URL again replaces what was learnt from it; `forget(url)` removes a page; a document
 * learnt under several URLs (`/` and `/index.html`) counts once. `toJSON()` and the `state`
 * option carry what was learnt across processes.
 */

import { codeUnitAt } from "../../core/code-units.js";
import { buildSections } from "./sections.js";
import type { Block, DetectLanguage, ExtractedPage } from "./types.js";

export interface SiteBoilerplateOptions {
  /** Fewest distinct pages a block must be on to count as repeated (default 3). */
  minPages?: number;
  /** Smallest share of the learnt pages a block must be on to count as repeated (default 0.1). */
  minShare?: number;
  /** Share of the learnt pages from which a repeated block is dropped on its own (default 0.5). */
  aloneShare?: number;
  /** Most words of one non-repeated block inside a template region (default 15). */
  maxFreshBlockWords?: number;
  /** Most words of all non-repeated blocks inside a template region (default 40). */
  maxFreshWords?: number;
  /** What an earlier detector learnt (`toJSON()`), to continue from. */
  state?: SiteBoilerplateState;
}

/** A detector's learnt state, plain JSON. */
export interface SiteBoilerplateState {
  version: 1;
  /** Per URL, the page's distinct block fingerprints. */
  pages: [url: string, fingerprints: number[]][];
}

export interface SiteBoilerplate {
  /** Distinct documents learnt (URLs with identical blocks count once). */
  readonly pages: number;
  /**
   * Changes whenever a threshold moves or a fingerprint starts or stops counting as repeated (by
   * `learn` or `forget`); pages applied under an older version may filter differently now, pages
   * applied under the current one would not.
   */
  readonly version: number;
  /** Records the page's blocks; learning a URL again replaces its earlier blocks. */
  learn(page: ExtractedPage): void;
  /** Removes a page (it left the site or the index). */
  forget(url: string): void;
  /**
   * The page with its sections rebuilt without site boilerplate; `blocks` and `regions` are kept
   * whole, so the page can be applied again later. `boilerplateBlocks` says how many were dropped.
   */
  apply(
    page: ExtractedPage,
    options?: { detectLanguage?: DetectLanguage },
  ): ExtractedPage & { boilerplateBlocks: number };
  /** Which of the page's blocks are boilerplate now (1) or kept (0). */
  classify(page: ExtractedPage): Uint8Array;
  toJSON(): SiteBoilerplateState;
}

/**
 * A table cell that is a layout table's (the site's menu column, its banner or footer row), not a
 * data table's: some words, and mostly links or a row of its own; or a long text. A data table's
 * header cells, which repeat with the table on every page that has it, are a word or two.
 */
function layoutCell(blocks: readonly Block[], i: number): boolean {
  const b = blocks[i] as Block;
  const words = countWords(b.text, 15);
  if (words >= 15) return true;
  if (words < 6) return false;
  return b.linked || (blocks[i - 1]?.row !== b.row && blocks[i + 1]?.row !== b.row);
}

/** Largest scratch buffer a detector keeps (numbers): pages of up to ~10,000 blocks. */
const MAX_SCRATCH = 65_536;

/** A fingerprint's count; a page's blocks keep theirs (`cellsOf`) to skip the look-ups. */
interface Count {
  documents: number;
}

interface Document {
  refs: number;
  /** Sorted distinct fingerprints of the document's blocks. */
  fingerprints: readonly number[];
  /** `fingerprintsKey(fingerprints)`: the bucket the document is in. */
  key: number;
}

/** Creates a site's boilerplate detector (one per site). */
export function createSiteBoilerplate(options: SiteBoilerplateOptions = {}): SiteBoilerplate {
  const minPages = options.minPages ?? 3;
  const minShare = options.minShare ?? 0.1;
  const aloneShare = options.aloneShare ?? 0.5;
  const maxFreshBlockWords = options.maxFreshBlockWords ?? 15;
  const maxFreshWords = options.maxFreshWords ?? 40;

  /** Distinct documents each fingerprint is on. */
  const counts = new Map<number, Count>();
  /** Moves whenever a fingerprint leaves `counts`: the cells a page kept may be stale then. */
  let removals = 0;
  /** Per page's blocks, each block's count, so a page classified again looks nothing up. */
  const blockCounts = new WeakMap<readonly Block[], { removals: number; cells: Count[] }>();
  /** Prefix sums over a page's blocks, reused from page to page. */
  let scratch = new Int32Array(0);
  /** URL → its document; documents bucketed by a hash of their fingerprints. */
  const urls = new Map<string, Document>();
  const documents = new Map<number, Document[]>();
  let documentCount = 0;
  let version = 0;
  /** Words of each block (up to the limit that matters), counted once per page's blocks. */
  const blockWords = new WeakMap<readonly Block[], Int32Array>();

  /** Counts from which a block is repeated, and dropped on its own; they follow `documents`. */
  let repeatAt = Number.POSITIVE_INFINITY;
  let aloneAt = Number.POSITIVE_INFINITY;

  function thresholds(): void {
    const pages = documentCount;
    let nextRepeat = Number.POSITIVE_INFINITY;
    let nextAlone = Number.POSITIVE_INFINITY;
    if (pages >= minPages) {
      const step = pageStep(pages);
      nextRepeat = Math.max(minPages, Math.ceil(minShare * step));
      nextAlone = Math.max(minPages, Math.ceil(aloneShare * step));
    }
    if (nextRepeat !== repeatAt || nextAlone !== aloneAt) version++;
    repeatAt = nextRepeat;
    aloneAt = nextAlone;
  }

  function add(fingerprints: readonly number[], delta: 1 | -1): void {
    for (const fp of fingerprints) {
      let cell = counts.get(fp);
      if (!cell) {
        cell = { documents: 0 };
        counts.set(fp, cell);
      }
      const before = cell.documents;
      const after = before + delta;
      cell.documents = after;
      if (after <= 0) {
        counts.delete(fp);
        removals++;
      }
      if (before < repeatAt !== after < repeatAt || before < aloneAt !== after < aloneAt) {
        version++;
      }
    }
  }

  function learnFingerprints(url: string, fingerprints: readonly number[]): void {
    forget(url);
    const key = fingerprintsKey(fingerprints);
    let bucket = documents.get(key);
    const known = bucket?.find((d) => sameNumbers(d.fingerprints, fingerprints));
    if (known) {
      known.refs++;
      urls.set(url, known);
      return;
    }
    const doc: Document = { refs: 1, fingerprints, key };
    if (bucket) bucket.push(doc);
    else {
      bucket = [doc];
      documents.set(key, bucket);
    }
    urls.set(url, doc);
    documentCount++;
    thresholds();
    add(fingerprints, 1);
  }

  function forget(url: string): void {
    const doc = urls.get(url);
    if (doc === undefined) return;
    urls.delete(url);
    doc.refs--;
    if (doc.refs > 0) return;
    const bucket = documents.get(doc.key) ?? [];
    bucket.splice(bucket.indexOf(doc), 1);
    if (bucket.length === 0) documents.delete(doc.key);
    documentCount--;
    thresholds();
    add(doc.fingerprints, -1);
  }

  function classify(page: ExtractedPage): Uint8Array {
    const blocks = page.blocks;
    const n = blocks.length;
    const drop = new Uint8Array(n);
    if (documentCount < minPages) return drop;
    const cells = cellsOf(blocks);
    const repeated = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const b = blocks[i] as Block;
      if (b.kind === "heading") continue;
      const count = cells
        ? (cells[i] as Count).documents
        : (counts.get(b.fingerprint)?.documents ?? 0);
      if (count >= repeatAt) repeated[i] = 1;
      if (
        count >= aloneAt &&
        (b.kind === "text" || b.kind === "item" || (b.kind === "cell" && layoutCell(blocks, i)))
      ) {
        drop[i] = 1;
      }
    }
    for (let i = 0; i + 1 < n; i++) {
      const next = blocks[i + 1] as Block;
      if ((blocks[i] as Block).term && next.kind !== "heading" && repeated[i + 1] === 0)
        drop[i] = 0;
    }
    // Prefix sums over blocks, so each region is judged in O(1).
    const buffer = scratchFor(6 * (n + 1));
    const headings = buffer.subarray(0, n + 1);
    const reps = buffer.subarray(n + 1, 2 * (n + 1));
    const linkReps = buffer.subarray(2 * (n + 1), 3 * (n + 1));
    const freshWords = buffer.subarray(3 * (n + 1), 4 * (n + 1));
    const longFresh = buffer.subarray(4 * (n + 1), 5 * (n + 1));
    headings[0] = 0;
    reps[0] = 0;
    linkReps[0] = 0;
    freshWords[0] = 0;
    longFresh[0] = 0;
    const labels = labelCells(blocks);
    let counted = blockWords.get(blocks);
    if (!counted) {
      counted = new Int32Array(n).fill(-1);
      blockWords.set(blocks, counted);
    }
    for (let i = 0; i < n; i++) {
      const b = blocks[i] as Block;
      const rep = repeated[i] === 1;
      let words = 0;
      if (!rep && b.kind !== "heading") {
        words = counted[i] as number;
        if (words < 0) {
          words = countWords(b.text, maxFreshBlockWords + 1);
          counted[i] = words;
        }
      }
      headings[i + 1] = (headings[i] as number) + (b.kind === "heading" ? 1 : 0);
      reps[i + 1] = (reps[i] as number) + (rep ? 1 : 0);
      const navigates = rep && b.linked && labels[i] === 0;
      linkReps[i + 1] = (linkReps[i] as number) + (navigates ? 1 : 0);
      freshWords[i + 1] = (freshWords[i] as number) + words;
      longFresh[i + 1] = (longFresh[i] as number) + (words > maxFreshBlockWords ? 1 : 0);
    }
    const marks = buffer.subarray(5 * (n + 1), 6 * (n + 1)).fill(0);
    for (const { start, end } of page.regions) {
      if (start < 0 || end > n || end - start < 2 || (start === 0 && end === n)) continue;
      const size = end - start;
      const r = (reps[end] as number) - (reps[start] as number);
      if ((headings[end] as number) - (headings[start] as number) > 0) continue;
      if ((linkReps[end] as number) - (linkReps[start] as number) < 1) continue;
      if (r * 2 < size) continue;
      if ((longFresh[end] as number) - (longFresh[start] as number) > 0) continue;
      if ((freshWords[end] as number) - (freshWords[start] as number) > maxFreshWords) continue;
      marks[start] = (marks[start] as number) + 1;
      marks[end] = (marks[end] as number) - 1;
    }
    let open = 0;
    for (let i = 0; i < n; i++) {
      open += marks[i] as number;
      if (open > 0 && (blocks[i] as Block).kind !== "heading") drop[i] = 1;
    }
    return drop;
  }

  /** Room for `size` numbers: the kept scratch buffer, grown up to `MAX_SCRATCH`. */
  function scratchFor(size: number): Int32Array {
    if (size <= scratch.length) return scratch;
    const buffer = new Int32Array(size);
    if (size <= MAX_SCRATCH) scratch = buffer;
    return buffer;
  }

  /**
   * The count cells of the page's blocks, kept with the blocks; null while one of its fingerprints
   * is not counted (a page classified before it is learnt).
   */
  function cellsOf(blocks: readonly Block[]): Count[] | null {
    const known = blockCounts.get(blocks);
    if (known && known.removals === removals) return known.cells;
    const cells: Count[] = [];
    for (const b of blocks) {
      const cell = counts.get(b.fingerprint);
      if (!cell) return null;
      cells.push(cell);
    }
    blockCounts.set(blocks, { removals, cells });
    return cells;
  }

  for (const [url, fingerprints] of options.state?.pages ?? []) {
    learnFingerprints(
      url,
      [...fingerprints].sort((a, b) => a - b),
    );
  }

  return {
    get pages() {
      return documentCount;
    },
    get version() {
      return version;
    },
    learn(page) {
      learnFingerprints(page.url, learntFingerprints(page));
    },
    forget,
    classify,
    apply(page, applyOptions = {}) {
      const drop = classify(page);
      const keep = new Uint8Array(drop.length);
      let dropped = 0;
      for (let i = 0; i < drop.length; i++) {
        if (drop[i] === 1) dropped++;
        else keep[i] = 1;
      }
      return {
        ...page,
        sections: buildSections(page.blocks, keep, page.lang, applyOptions.detectLanguage),
        boilerplateBlocks: dropped,
      };
    },
    toJSON() {
      const pages: [string, number[]][] = [];
      for (const [url, doc] of urls) pages.push([url, [...doc.fingerprints]]);
      return { version: 1, pages };
    },
  };
}

const distinctOf = new WeakMap<readonly Block[], readonly number[]>();

/**
 * Blocks of a page learnt from: its first and last half of this many. What a site repeats (bars,
 * menus, footers) stands at the edges of its pages, and real pages hold a few thousand blocks at
 * most; a hostile page of tens of thousands would otherwise cost the site's memory megabytes each.
 */
export const MAX_LEARNT_BLOCKS = 8_000;

/**
 * The distinct fingerprints of a page's blocks (of its edges, beyond `MAX_LEARNT_BLOCKS`), in
 * ascending order: what the detector learns of the page, and what the index stores to learn it
 * again. Computed once per blocks array.
 */
export function distinctFingerprints(blocks: readonly Block[]): readonly number[] {
  let known = distinctOf.get(blocks);
  if (!known) {
    const n = blocks.length;
    const half = MAX_LEARNT_BLOCKS / 2;
    const sorted = new Float64Array(Math.min(n, MAX_LEARNT_BLOCKS));
    if (n <= MAX_LEARNT_BLOCKS) {
      for (let i = 0; i < n; i++) sorted[i] = (blocks[i] as Block).fingerprint;
    } else {
      for (let i = 0; i < half; i++) sorted[i] = (blocks[i] as Block).fingerprint;
      for (let i = 0; i < half; i++) sorted[half + i] = (blocks[n - half + i] as Block).fingerprint;
    }
    sorted.sort();
    const out: number[] = [];
    for (let i = 0; i < sorted.length; i++) {
      const fp = sorted[i] as number;
      if (i === 0 || fp !== sorted[i - 1]) out.push(fp);
    }
    known = out;
    distinctOf.set(blocks, known);
  }
  return known;
}

/**
 * What the detector learns of a page, in ascending order: its blocks' distinct fingerprints and
 * those of the blocks its main-text selection left out (`outside`).
 */
export function learntFingerprints(page: ExtractedPage): readonly number[] {
  const own = distinctFingerprints(page.blocks);
  const outside = page.outside;
  if (!outside || outside.length === 0) return own;
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < own.length || j < outside.length) {
    const a = i < own.length ? (own[i] as number) : Number.POSITIVE_INFINITY;
    const b = j < outside.length ? (outside[j] as number) : Number.POSITIVE_INFINITY;
    const next = Math.min(a, b);
    if (a === next) i++;
    if (b === next) j++;
    merged.push(next);
  }
  return merged;
}

/** A hash of a fingerprint list, to find a document learnt under another URL. */
function fingerprintsKey(fingerprints: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const fp of fingerprints) {
    h = Math.imul(h ^ (fp >>> 0), 0x01000193);
    h = Math.imul(h ^ Math.floor(fp / 0x100000000), 0x01000193);
  }
  return h >>> 0;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The page count shares are taken of: `pages` rounded down to a step of the series 1, 2, 3, 4, 5,
 * 6, 7, 8, 10, 12, 15, 18, 22, … (each step 1.25 times the one before), so that thresholds move
 * only a logarithmic number of times while a site grows page by page, and re-applying the pages
 * learnt so far (whenever `version` moves) costs O(n log n) over a crawl, not O(n²).
 */
export function pageStep(pages: number): number {
  let step = 1;
  for (;;) {
    const next = Math.max(step + 1, Math.floor(step * 1.25));
    if (next > pages) return step;
    step = next;
  }
}

const labelsOf = new WeakMap<readonly Block[], Uint8Array>();

/**
 * Per block, 1 for a table row's one linked cell beside cells that are not links: a label linked
 * to its definition ("Syntax:" of the Apache manual's directive tables, each row a directive's
 * own value), not navigation, however often it repeats. Computed once per blocks array.
 */
function labelCells(blocks: readonly Block[]): Uint8Array {
  let known = labelsOf.get(blocks);
  if (known) return known;
  const n = blocks.length;
  known = new Uint8Array(n);
  /** Per row: its linked cells, and its other cells. */
  const rows = new Map<number, [linked: number, plain: number]>();
  for (const b of blocks) {
    if (b.row === 0) continue;
    let row = rows.get(b.row);
    if (!row) {
      row = [0, 0];
      rows.set(b.row, row);
    }
    if (b.linked) row[0]++;
    else row[1]++;
  }
  for (let i = 0; i < n; i++) {
    const b = blocks[i] as Block;
    if (b.row === 0 || !b.linked) continue;
    const row = rows.get(b.row) as [number, number];
    if (row[0] === 1 && row[1] > 0) known[i] = 1;
  }
  labelsOf.set(blocks, known);
  return known;
}

/** Words in `text`, counting no further than `limit`. */
function countWords(text: string, limit: number): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length && words < limit; i++) {
    const c = codeUnitAt(text, i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
