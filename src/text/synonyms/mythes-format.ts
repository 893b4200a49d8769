import type { Relation } from "./types.js";

/**
 * Parsers for MyThes thesaurus entries (.dat): a header `word|meanings` followed by one line per
 * meaning, `(pos)|term|term…`, terms carrying notes in parentheses: register ("ugs.", "veraltet"),
 * relation ("Oberbegriff", "generic term", "antonym"), optional words ("(sich) vergewissern").
 */
export interface MeaningTerm {
  term: string;
  relation: Exclude<Relation, "base">;
  /** Marked colloquial, dated, regional, figurative…: less likely on a site's pages. */
  marked: boolean;
}

export function parseHeader(line: string): { word: string; meanings: number } | null {
  const bar = line.lastIndexOf("|");
  const meanings = Number(line.slice(bar + 1));
  if (bar <= 0 || !Number.isInteger(meanings) || meanings < 0) return null;
  return { word: line.slice(0, bar), meanings };
}

const NOTE = /\(([^()]*)\)/g;
const BROADER = /^(?:oberbegriff|generic term)$/;
const SIMILAR = /^similar term$/;
const DERIVED = /^related term$/;
const LEFT_OUT = /^(?:antonym|gegenteil|unterbegriff|contr\.?|contrario)$/;
const MARKED =
  /^(?:ugs|derb|vulg|vulgär|veraltet|veraltend|geh|fig|scherzh|scherzhaft|abwertend|salopp|ironisch|regional|schweiz|österr|spruch|lit|poet|disus|raro|fam|volg|region|antiq)\.?$/;

export function parseMeaning(line: string): MeaningTerm[] {
  const out: MeaningTerm[] = [];
  const fields = line.split("|");
  for (let i = 1; i < fields.length; i++) {
    const parsed = parseTerm(fields[i] as string);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}

function parseTerm(field: string): MeaningTerm | null {
  let relation: MeaningTerm["relation"] = "synonym";
  let marked = false;
  for (const [, inner] of field.matchAll(NOTE)) {
    for (const note of (inner ?? "").split(",")) {
      const n = note.trim().toLowerCase();
      if (LEFT_OUT.test(n)) return null;
      if (BROADER.test(n)) relation = "broader";
      else if (SIMILAR.test(n)) relation = "similar";
      else if (DERIVED.test(n)) relation = "derived";
      else if (MARKED.test(n)) marked = true;
    }
  }
  const term = field.replace(NOTE, " ").replace(/\s+/g, " ").trim();
  if (term === "" || term.includes("...") || term.includes("…")) return null;
  return { term, relation, marked };
}
