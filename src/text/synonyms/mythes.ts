import { closeSync, openSync } from "node:fs";
import { codeUnitAt } from "../../core/code-units.js";
import { RELATION_FACTOR, RelatedCollector, select } from "./collect.js";
import { Memo } from "./memo.js";
import { type MeaningTerm, parseHeader, parseMeaning } from "./mythes-format.js";
import { baseFormCandidates } from "./mythes-forms.js";
import { normalizeQuery } from "./normalize.js";
import { readLinesAt } from "./read-lines.js";
import { openSortedLines, type SortedLines } from "./sorted-lines.js";
import type { LookupOptions, Related, Thesaurus } from "./types.js";

/**
 * A LibreOffice MyThes thesaurus (Debian's mythes-* packages): the .idx (`word|offset`, sorted) is
 * searched in place (SortedLines), entries are read from the .dat by offset on demand.
 *
 * MyThes carries no frequencies: a word's meanings count equally (or, with `rankedMeanings`, by
 * their order, as in the English one built from WordNet), and a term's weight is
 * P(meaning | word) × 1 / (meanings of the term), halved for colloquial, dated or regional terms.
 */
export interface MyThesOptions {
  lang: string;
  idx: string;
  dat: string;
  rankedMeanings: boolean;
}

interface Files {
  idx: SortedLines;
  dat: number;
  encoding: BufferEncoding;
}

const BAR = 0x7c;
/** Entries claiming more meanings than this are damaged. */
const MAX_MEANINGS = 500;
const MAX_BASE_FORMS = 2;
const MARKED_FACTOR = 0.5;

export function createMyThes(options: MyThesOptions): Thesaurus {
  let files: Files | undefined;
  let problem: string | undefined;
  const results = new Memo<Related[]>(5_000);
  const meaningMemo = new Memo<MeaningTerm[][]>(20_000);

  function load(): boolean {
    if (files !== undefined) return true;
    if (problem !== undefined) return false;
    try {
      files = openFiles(options);
      return true;
    } catch (error) {
      problem = `thesaurus ${options.idx} cannot be read: ${(error as Error).message}`;
      return false;
    }
  }

  /** The meanings of a headword (lower case), duplicates across repeated entries removed. */
  function meanings(f: Files, key: string): MeaningTerm[][] {
    return meaningMemo.get(key, () => {
      if (f.encoding === "latin1" && !fitsLatin1(key)) return [];
      const seen = new Set<string>();
      const out: MeaningTerm[][] = [];
      for (const line of f.idx.find(Buffer.from(key, f.encoding))) {
        const text = line.toString(f.encoding);
        const offset = Number(text.slice(text.lastIndexOf("|") + 1));
        if (!Number.isInteger(offset) || offset < 0) continue;
        const header = readLinesAt(f.dat, offset, 1)[0];
        const count = parseHeader(header?.toString(f.encoding) ?? "")?.meanings ?? 0;
        const lines = readLinesAt(f.dat, offset, Math.min(count, MAX_MEANINGS) + 1).slice(1);
        for (const raw of lines) {
          const text = raw.toString(f.encoding);
          if (seen.has(text)) continue;
          seen.add(text);
          out.push(parseMeaning(text));
        }
      }
      return out;
    });
  }

  function compute(f: Files, q: string): Related[] {
    const collector = new RelatedCollector(q);
    let heads = [q];
    if (meanings(f, q).length === 0) {
      heads = baseFormCandidates(options.lang, q)
        .filter((c) => meanings(f, c).length > 0)
        .slice(0, MAX_BASE_FORMS);
    }
    const all: { head: string; terms: MeaningTerm[] }[] = [];
    for (const head of heads) {
      for (const terms of meanings(f, head)) all.push({ head, terms });
    }
    let total = 0;
    const prior = all.map((_, i) => (options.rankedMeanings ? 1 / (i + 1) : 1));
    for (const p of prior) total += p;
    all.forEach(({ head, terms }, i) => {
      const p = (prior[i] as number) / total;
      if (head !== q) collector.add(displayOf(head, terms), "base", RELATION_FACTOR.base);
      for (const t of terms) {
        const key = t.term.toLowerCase();
        if (key === head) continue;
        const theirs = Math.max(1, meanings(f, key).length);
        const marked = t.marked ? MARKED_FACTOR : 1;
        collector.add(t.term, t.relation, (p / theirs) * RELATION_FACTOR[t.relation] * marked);
      }
    });
    return collector.result();
  }

  return {
    lang: options.lang,
    source: "mythes",
    get problem() {
      return problem;
    },
    load,
    lookup(word: string, lookupOptions?: LookupOptions): Related[] {
      try {
        const q = normalizeQuery(word);
        if (q === null || !load() || files === undefined) return [];
        const f = files;
        return select(
          results.get(q, () => compute(f, q)),
          lookupOptions,
        );
      } catch {
        return [];
      }
    },
  };
}

/** A query an ISO 8859-1 file can hold: encoding it otherwise would mangle it into another key. */
function fitsLatin1(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (codeUnitAt(s, i) > 0xff) return false;
  return true;
}

/** A base form as the thesaurus spells it in the meaning ("datei" → "Datei"). */
function displayOf(head: string, terms: readonly MeaningTerm[]): string {
  return terms.find((t) => t.term.toLowerCase() === head)?.term ?? head;
}

function openFiles(options: MyThesOptions): Files {
  const fd = openSync(options.idx, "r");
  let encoding: BufferEncoding;
  try {
    encoding = encodingOf(readLinesAt(fd, 0, 1)[0]?.toString("latin1") ?? "");
  } finally {
    closeSync(fd);
  }
  const idx = openSortedLines(options.idx, { separator: BAR, skipLines: 2 });
  try {
    return { idx, dat: openSync(options.dat, "r"), encoding };
  } catch (error) {
    idx.close();
    throw error;
  }
}

/** The .idx's first line names the encoding; UTF-8 and ISO 8859-1/-15 are what Debian ships. */
function encodingOf(declared: string): BufferEncoding {
  const name = declared
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  if (name === "UTF8") return "utf8";
  if (name === "ISO88591" || name === "ISO885915" || name === "LATIN1") return "latin1";
  throw new Error(`encoding "${declared.trim()}" is not supported`);
}
