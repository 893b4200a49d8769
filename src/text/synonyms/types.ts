/**
 * How a returned term relates to the word looked up. `base` is the word's dictionary form
 * ("rows" → "row"); `synonym` shares a sense with it; the others are weaker: `similar` (WordNet's
 * similar-to adjectives, MyThes "similar term"), `derived` (same root, another part of speech:
 * "concatenate" → "concatenation", "quickly" → "quick"), `broader` (a hypernym: "car" → "motor
 * vehicle", OpenThesaurus "Oberbegriff").
 */
export type Relation = "base" | "synonym" | "similar" | "derived" | "broader";

export const RELATIONS: readonly Relation[] = ["base", "synonym", "similar", "derived", "broader"];

export interface Related {
  /** As the resource spells it, phrases with spaces ("motor vehicle", "row level security"). */
  term: string;
  /**
   * In (0, 1]: roughly the chance that a page using `term` means what the word means. For a
   * synonym, P(sense | word) × P(sense | term) summed over the senses they share, times the
   * relation's factor (RELATION_FACTOR); `base` is 1.
   */
  weight: number;
  relation: Relation;
}

export interface LookupOptions {
  /** At most this many terms, the heaviest first (default 40). */
  limit?: number;
  /** Only these relations (default: all). */
  relations?: readonly Relation[];
}

export interface Thesaurus {
  readonly lang: string;
  readonly source: ThesaurusSource;
  /** Related terms of a word or phrase, heaviest first; [] for anything unknown. Never throws. */
  lookup(word: string, options?: LookupOptions): Related[];
  /**
   * Loads the indexes now instead of at the first lookup; false (with `problem` set) when the
   * files cannot be read, after which every lookup returns [].
   */
  load(): boolean;
  readonly problem: string | undefined;
}

export type ThesaurusSource = "wordnet" | "mythes";
