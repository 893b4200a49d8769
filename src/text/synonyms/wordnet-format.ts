/**
 * Parsers for the WordNet database files, as wndb(5WN) and senseidx(5WN) describe them. Every
 * parser returns null for a line it cannot read instead of throwing.
 */

/** The four parts of speech, named as the files are: index.noun, data.verb, noun.exc … */
export type PosFile = "noun" | "verb" | "adj" | "adv";

export const POS_FILES: readonly PosFile[] = ["noun", "verb", "adj", "adv"];

/** `ss_type` letters and sense-key digits to their file: satellites (s, 5) live in data.adj. */
const POS_OF: Readonly<Record<string, PosFile>> = {
  n: "noun",
  v: "verb",
  a: "adj",
  s: "adj",
  r: "adv",
  "1": "noun",
  "2": "verb",
  "3": "adj",
  "4": "adv",
  "5": "adj",
};

export function posFileOf(code: string): PosFile | null {
  return POS_OF[code] ?? null;
}

/** index.sense: `lemma%ss_type:lex_filenum:lex_id:head_word:head_id offset sense_number tag_cnt` */
export interface SenseEntry {
  lemma: string;
  pos: PosFile;
  offset: number;
  /** 1 for the lemma's most frequent sense in this part of speech. */
  senseNumber: number;
  tagCount: number;
}

export function parseSenseLine(line: string): SenseEntry | null {
  const [key, offset, senseNumber, tagCount] = line.trim().split(" ");
  const percent = key?.lastIndexOf("%") ?? -1;
  if (key === undefined || percent < 0) return null;
  const pos = posFileOf(key.charAt(percent + 1));
  const entry = {
    lemma: key.slice(0, percent),
    offset: Number(offset),
    senseNumber: Number(senseNumber),
    tagCount: Number(tagCount),
  };
  const numbers = [entry.offset, entry.senseNumber, entry.tagCount];
  if (pos === null || !numbers.every(Number.isInteger) || entry.senseNumber < 1) return null;
  return { ...entry, pos };
}

/** data.pos: `offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr)… [frames] | gloss` */
export interface Synset {
  pos: PosFile;
  offset: number;
  /** Lemmas as written (case kept, adjective markers such as "(a)" removed), `_` for spaces. */
  words: string[];
  pointers: Pointer[];
}

/** `pointer_symbol offset pos source/target`: source and target are 1-based word numbers, 0 = all. */
export interface Pointer {
  symbol: string;
  pos: PosFile;
  offset: number;
  source: number;
  target: number;
}

const ADJECTIVE_MARKER = /\((?:a|p|ip)\)$/;

/**
 * `wanted`: the pointer symbols to keep (the others, mostly hyponyms and meronyms, can number in
 * the hundreds per synset and are skipped without building objects).
 */
export function parseDataLine(line: string, wanted?: ReadonlySet<string>): Synset | null {
  const bar = line.indexOf(" | ");
  const f = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  const pos = posFileOf(f[2] ?? "");
  const wordCount = Number.parseInt(f[3] ?? "", 16);
  if (pos === null || !(wordCount > 0)) return null;
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2) {
    const word = f[i];
    if (word === undefined) return null;
    words.push(word.replace(ADJECTIVE_MARKER, ""));
  }
  const pointerCount = Number(f[i]);
  if (!Number.isInteger(pointerCount)) return null;
  const pointers: Pointer[] = [];
  for (let p = 0, j = i + 1; p < pointerCount; p++, j += 4) {
    if (wanted !== undefined && !wanted.has(f[j] ?? "")) continue;
    const pointer = parsePointer(f[j], f[j + 1], f[j + 2], f[j + 3]);
    if (pointer !== null) pointers.push(pointer);
  }
  return { pos, offset: Number(f[0]), words, pointers };
}

function parsePointer(
  symbol: string | undefined,
  offset: string | undefined,
  posCode: string | undefined,
  sourceTarget: string | undefined,
): Pointer | null {
  const pos = posFileOf(posCode ?? "");
  if (symbol === undefined || pos === null || sourceTarget?.length !== 4) return null;
  const source = Number.parseInt(sourceTarget.slice(0, 2), 16);
  const target = Number.parseInt(sourceTarget.slice(2), 16);
  const at = Number(offset);
  if (!Number.isInteger(at) || Number.isNaN(source) || Number.isNaN(target)) return null;
  return { symbol, pos, offset: at, source, target };
}

/** *.exc: `inflected base…`, e.g. "geese goose", "left leave". */
export function parseExceptionLine(line: string): [string, string[]] | null {
  const [inflected, ...bases] = line.trim().split(" ");
  if (inflected === undefined || inflected === "" || bases.length === 0) return null;
  return [inflected, bases];
}
