/**
 * Compound splitting for German and Dutch, without a dictionary: "Paketverwaltung" is also found
 * as "paket" + "verwaltung", so a visitor's "wie verwalte ich Pakete" meets it, and the other way
 * round.
 *
 * The method is Koehn and Knight's (2003, "Empirical methods for compound splitting"): a word is
 * split where every part is a known word, and only when the parts are, by the geometric mean of
 * their frequencies, more frequent than the whole word; among splits, the one with the fewest
 * parts, then the most frequent, wins. Known words come from a `Lexicon`: a small
 * built-in seed of common simple words (`compound-seed.ts`) plus, when the caller has it, the
 * site's own vocabulary with frequencies (`createLexicon`). Between parts a linking element is
 * allowed ("Verwaltung|s|system", "Bund|es|land", "Sonne|n|schein"; Dutch "boek|en|kast"), and a
 * German first part may have lost its final "e" ("Schul|buch"). Parts are at least three letters.
 * Splitting recurses into the tail ("Datenbank|verwaltungs|system"), three levels deep.
 */
import { COMPOUND_SEED } from "./compound-seed.js";
import { fold, germanDigraphs } from "./fold.js";
import { type LanguageRules, rulesFor } from "./languages.js";

/** Known words with how often they occur; keys are folded lower-case forms and folded stems. */
export interface Lexicon {
  /** How often the key was seen; 0 when unknown. */
  frequency(key: string): number;
  /**
   * Whether some key starts with `prefix` (up to `PREFIX_DEPTH` characters; longer prefixes may
   * answer true). Lets the splitter stop early; a lexicon that cannot tell returns true.
   */
  hasPrefix(prefix: string): boolean;
}

/** Key prefixes up to this length are remembered for `hasPrefix`. */
export const PREFIX_DEPTH = 12;

const MIN_PART = 3;
const MIN_COMPOUND = 7;
/** Longer words are not split: real compounds are shorter, and the search is quadratic. */
const MAX_COMPOUND = 48;
/** Longest linking element ("ens"). */
const MAX_LINKER = 3;
const MAX_DEPTH = 3;
/** A German first part ending in a derivational suffix plus the linking "s" is stemmed to be found. */
const DERIVED_HEAD = /(ung|heit|keit|schaft|ion|tat|itat)$/;

class MapLexicon implements Lexicon {
  readonly counts = new Map<string, number>();
  readonly prefixes = new Set<string>();

  frequency(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  hasPrefix(prefix: string): boolean {
    return prefix.length > PREFIX_DEPTH || this.prefixes.has(prefix);
  }

  add(key: string, count: number, minLength = MIN_PART): void {
    if (key.length < minLength) return;
    const before = this.counts.get(key);
    this.counts.set(key, (before ?? 0) + count);
    if (before !== undefined) return;
    for (let length = MIN_PART; length <= Math.min(key.length, PREFIX_DEPTH); length++) {
      this.prefixes.add(key.slice(0, length));
    }
  }
}

/** Folded form of a lower-case word in `rules`' language ("Schlüssel" and "Schluessel" alike). */
export function matchForm(lower: string, rules: LanguageRules | undefined): string {
  return fold(rules?.code === "de" ? germanDigraphs(lower) : lower);
}

/** Folded stem of a lower-case word: the term a simple word is indexed under. */
export function stemForm(lower: string, rules: LanguageRules): string {
  return fold(rules.stem(rules.code === "de" ? germanDigraphs(lower) : lower));
}

/** Stems a lower-case word (or compound part) into its term. */
export type StemFunction = (lower: string) => string;

const seeds = new Map<string, MapLexicon>();

/** The built-in seed lexicon of `rules`' language (empty for languages without compounds). */
export function seedLexicon(rules: LanguageRules): Lexicon {
  return seedOf(rules);
}

function seedOf(rules: LanguageRules): MapLexicon {
  let lexicon = seeds.get(rules.code);
  if (!lexicon) {
    lexicon = new MapLexicon();
    for (const word of (COMPOUND_SEED[rules.code] ?? "").split(/\s+/)) {
      if (word === "") continue;
      lexicon.add(matchForm(word, rules), 1);
      // a stem of three letters ("elt" of "Eltern") would match inside too many words
      lexicon.add(stemForm(word, rules), 1, 4);
    }
    seeds.set(rules.code, lexicon);
  }
  return lexicon;
}

/**
 * A lexicon of a site's words in `lang` (a code, a BCP 47 tag or the language's rules) for
 * `createAnalyzer(lang, { lexicon })`: each entry is a surface word as found on the pages
 * (preferred: both its form and its stem become known) or an analysed term, alone or with its
 * frequency. The seed words are included (frequency 1) unless `seed` is false. Keys shorter than
 * four letters are left out unless they are seed words, since short fragments split words wrongly.
 * Empty for a language without rules.
 */
export function createLexicon(
  lang: string | LanguageRules,
  entries: Iterable<string | readonly [string, number]>,
  options: { seed?: boolean } = {},
): Lexicon {
  const lexicon = new MapLexicon();
  const rules = typeof lang === "string" ? rulesFor(lang) : lang;
  if (!rules) return lexicon;
  if (options.seed !== false) {
    for (const [key, count] of seedOf(rules).counts) lexicon.add(key, count);
  }
  for (const entry of entries) {
    const [word, count] = typeof entry === "string" ? [entry, 1] : entry;
    const lower = word.toLowerCase();
    if (lower.length < 4 || count <= 0) continue;
    const form = matchForm(lower, rules);
    lexicon.add(form, count, 4);
    const stem = stemForm(lower, rules);
    if (stem !== form) lexicon.add(stem, count, 4);
  }
  return lexicon;
}

interface Split {
  parts: string[];
  score: number;
}

interface SplitContext {
  rules: LanguageRules;
  lexicon: Lexicon;
  isStop: (form: string) => boolean;
  stem: StemFunction;
  /** Answers for tails already tried in this word. */
  memo: Map<string, Split | null>;
}

/**
 * The parts of a compound, as terms (folded stems), or null when `form` (a folded lower-case word,
 * German digraphs already turned into umlauts and folded) is not a compound of known words.
 * `isStop` tells stopwords, which never count as parts.
 */
export function splitCompound(
  form: string,
  rules: LanguageRules,
  lexicon: Lexicon,
  isStop: (form: string) => boolean,
  stem: StemFunction = (lower) => stemForm(lower, rules),
): string[] | null {
  if (form.length < MIN_COMPOUND || form.length > MAX_COMPOUND) return null;
  const context: SplitContext = { rules, lexicon, isStop, stem, memo: new Map() };
  const best = bestSplit(form, context, 0);
  if (!best) return null;
  const whole = Math.max(lexicon.frequency(form), lexicon.frequency(stem(form)));
  return whole >= best.score ? null : best.parts;
}

function known(key: string, lexicon: Lexicon, isStop: (form: string) => boolean): number {
  if (key.length < MIN_PART || isStop(key)) return 0;
  return lexicon.frequency(key);
}

/** The first part's term and frequency when `head` is a known word, linking element allowed. */
function knownHead(head: string, context: SplitContext): [string, number] | null {
  const { rules, lexicon, isStop } = context;
  let count = known(head, lexicon, isStop);
  if (count > 0) return [head, count];
  for (const linker of rules.linkers) {
    if (!head.endsWith(linker)) continue;
    const bare = head.slice(0, head.length - linker.length);
    count = known(bare, lexicon, isStop);
    if (count > 0) return [bare, count];
    if (rules.code === "de" && linker === "s" && DERIVED_HEAD.test(bare)) {
      count = known(context.stem(bare), lexicon, isStop);
      if (count > 0) return [bare, count];
    }
  }
  if (rules.code === "de") {
    count = known(`${head}e`, lexicon, isStop);
    if (count > 0) return [`${head}e`, count];
  }
  return null;
}

/** The best split of `form`, `depth` levels into a word. */
function bestSplit(form: string, context: SplitContext, depth: number): Split | null {
  const { lexicon, isStop, stem, memo } = context;
  const key = `${depth}:${form}`;
  const remembered = memo.get(key);
  if (remembered !== undefined) return remembered;
  let best: Split | null = null;
  // No known word starts with form[0, reach): heads end before it (linking elements aside).
  let reach = MIN_PART;
  while (reach <= form.length && lexicon.hasPrefix(form.slice(0, reach))) reach++;
  const last = Math.min(form.length - MIN_PART, reach - 1 + MAX_LINKER);
  for (let i = MIN_PART; i <= last; i++) {
    const head = knownHead(form.slice(0, i), context);
    if (!head) continue;
    const tail = form.slice(i);
    const tailStem = stem(tail);
    const tailCount = Math.max(known(tail, lexicon, isStop), known(tailStem, lexicon, isStop));
    let candidate: Split | null = null;
    const headTerm = stem(head[0]);
    if (tailCount > 0) {
      candidate = { parts: [headTerm, tailStem], score: Math.sqrt(head[1] * tailCount) };
    } else if (depth + 1 < MAX_DEPTH && tail.length >= 2 * MIN_PART) {
      const rest = bestSplit(tail, context, depth + 1);
      if (rest) {
        const n = rest.parts.length + 1;
        const score = (head[1] * rest.score ** rest.parts.length) ** (1 / n);
        candidate = { parts: [headTerm, ...rest.parts], score };
      }
    }
    if (!candidate) continue;
    if (
      !best ||
      candidate.parts.length < best.parts.length ||
      (candidate.parts.length === best.parts.length && candidate.score > best.score)
    ) {
      best = candidate;
    }
  }
  memo.set(key, best);
  return best;
}
