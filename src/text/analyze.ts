/**
 * Analysis: text → terms, the same for a page and for a question in the same language.
 *
 * For each word the tokenizer finds (`tokenize.ts`):
 * 1. lower case; soft hyphens dropped; apostrophes resolved: an elided article or preposition
 *    before one is dropped (Italian "l'installazione", French "qu'il"), a clitic after one is
 *    dropped (English "it's", "we'll", "don't" → "do"; Dutch and German "auto's"), other
 *    apostrophes are removed ("O'Reilly" → "oreilly");
 * 2. stopwords are skipped (`stopwords-data.ts`), also when typed without diacritics;
 * 3. words with digits, "_" or dots (`pg_dump`, `15.4`, `postgresql.conf`) are kept verbatim
 *    (folded, not stemmed), plus their alphabetic pieces as parts ("pg", "dump");
 * 4. hyphenated words become one term from the joined pieces ("E-Mail" → "email", "apt-get" →
 *    "aptget"), plus each piece as a part ("apt", "get");
 * 5. other words are stemmed (Snowball, German after `germanDigraphs`) and folded (`fold.ts`);
 *    German and Dutch words also yield their compound parts (`compound.ts`).
 *
 * Each term carries its word's position (stopwords count, so distances are the text's) and its
 * span in the input; extra terms (compound parts, pieces, diacritic-free stems) share the position
 * and span of their word and are flagged `extra`.
 * Results are cached per analyser by surface form (bounded, `span-cache.ts`), so a word costs
 * one look-up after its first time, without being cut out of the text.
 */

import { codeUnitAt } from "../core/code-units.js";
import { asciiWords, NOT_ASCII } from "./ascii-words.js";
import { type Lexicon, matchForm, seedLexicon, splitCompound, stemForm } from "./compound.js";
import { fold, germanDigraphs } from "./fold.js";
import { primaryTag, rulesFor } from "./languages.js";
import { createSpanCache } from "./span-cache.js";
import { TermCounter, type TermFrequency } from "./term-counter.js";
import {
  HAS_APOSTROPHE,
  HAS_DIGIT,
  HAS_DOT,
  HAS_HYPHEN,
  HAS_SOFT_HYPHEN,
  HAS_UNDERSCORE,
  IS_IDEOGRAPH,
  scanWords,
} from "./tokenize.js";

/** A version number written with a "v" before it. */
const VERSION = /^v(\d+(?:\.\d+)+)$/;

/** Hyphenated words ending in what would be a pronoun that are words of their own. */
const NOUNS_OF_THEIR_OWN = new Set(["rendez-vous", "qu-en-dira-t-on"]);

/** One term of an analysed text. */
export interface Token {
  /** The normalised term: lower case, folded, stemmed; what pages and questions meet on. */
  term: string;
  /** Index of the word in the text, counting every word (stopwords too). */
  position: number;
  /** Start of the word in the input (UTF-16 index): `text.slice(start, end)` is what to quote. */
  start: number;
  /** End of the word in the input, exclusive. */
  end: number;
  /**
   * Present and true for an additional term of the same word: a compound part ("paket" of
   * "Paketverwaltung"), a piece of a hyphenated word or identifier ("dump" of "pg_dump"), or the
   * stem of the word spelt without diacritics where that differs ("atualizaca" of "atualização",
   * what a visitor typing "atualizacao" gets). Ranking may weigh these less.
   */
  extra?: true;
}

/** Receives each term: the allocation-free form of `Analyzer.analyze`. */
export type TermVisitor = (
  term: string,
  position: number,
  start: number,
  end: number,
  extra: boolean,
) => void;

export interface Analyzer {
  /** The language analysed: an ISO 639-1 code, or "" when the language has no rules. */
  readonly lang: string;
  /** The terms of `text`, in order. */
  analyze(text: string): Token[];
  /** Calls `visit` for each term of `text`, in order; returns the number of words. */
  forEachTerm(text: string, visit: TermVisitor): number;
  /**
   * The distinct terms of `text` with their frequencies, in the order they first occur, then each
   * of `once` counted one more time (added in their order when the text lacks them); `length` is
   * the number of words that gave a term (extra terms count in `tf` only).
   */
  countTerms(text: string, once?: readonly string[]): { terms: TermFrequency[]; length: number };
  /** The term of one word, or null when it is a stopword or yields nothing. */
  term(word: string): string | null;
  /** Whether `word` is a stopword of the language (case and diacritics ignored). */
  isStopword(word: string): boolean;
  /** `isStopword(text.slice(start, end))`, without cutting the word out of the text. */
  isStopwordAt(text: string, start: number, end: number): boolean;
}

export interface AnalyzerOptions {
  /**
   * Known words for compound splitting (German, Dutch): `createLexicon` over the site's
   * vocabulary; the built-in seed when absent.
   */
  lexicon?: Lexicon;
  /** Most surface forms remembered; the cache is emptied when it is full. Default 50,000. */
  cacheSize?: number;
}

interface Entry {
  term: string;
  extras: readonly string[] | null;
}

/** English "n't" leaves a stem that is not the verb in three cases. */
const NOT_BASES: Readonly<Record<string, string>> = { ca: "can", wo: "will", sha: "shall" };
const APOSTROPHES = /[’ʼ]/g;
const MAX_STEM_LENGTH = 48;

/** Creates an analyser for `lang` (ISO 639-1 or a BCP 47 tag; other values analyse generically). */
export function createAnalyzer(lang: string, options: AnalyzerOptions = {}): Analyzer {
  const rules = rulesFor(lang);
  const lexicon = rules?.compounds ? (options.lexicon ?? seedLexicon(rules)) : undefined;
  const cacheSize = Math.max(1, options.cacheSize ?? 50_000);
  const stop = new Set<string>();
  const writtenWithDiacritics = new Set<string>();
  for (const word of rules?.stopwords ?? []) {
    const form = matchForm(word, rules);
    stop.add(form);
    if (form !== word) writtenWithDiacritics.add(form);
  }
  const isStopForm = (form: string) => stop.has(form);
  /**
   * A stopword typed without its diacritics ("fur") is still one. A German word typed with an
   * umlaut the list's word lacks is another word: "ändern" (to change) is not "andern" (others).
   * Elsewhere an accent on a stopword's letters makes another function word ("sì", "là", "qual'è"
   * in Italian), or a misspelt one, and it is still dropped.
   */
  const umlautsMatter = rules?.code === "de";
  const isStopSpelling = (spelt: string, form: string) =>
    stop.has(form) && (!umlautsMatter || spelt === form || writtenWithDiacritics.has(form));
  const cache = createSpanCache<Entry | null>(cacheSize);
  const asciiStop = asciiWords([...stop].map((form) => [form, 1] as const));
  /** German digraphs ("fuer") change a word's form: such words take the long way. */
  const digraphs = rules?.code === "de";
  /** Stems of compound parts: parts recur across words ("…verwaltung", "…system"). */
  const partStems = new Map<string, string>();
  const stemPart = (lower: string): string => {
    let stem = partStems.get(lower);
    if (stem === undefined && rules) {
      stem = stemForm(lower, rules);
      if (partStems.size >= cacheSize) partStems.clear();
      partStems.set(lower, stem);
    }
    return stem ?? lower;
  };

  /**
   * The entry of a plain word; `mayBeParticiple`: it begins in lower case, so a weak participle's
   * verb stem joins its extras ("geliefert": "lief", participles.ts).
   */
  function simple(lower: string, mayBeParticiple = false): Entry | null {
    const spelt = rules?.code === "de" ? germanDigraphs(lower) : lower;
    const form = fold(spelt);
    if (form === "" || isStopSpelling(spelt, form)) return null;
    if (!rules || lower.length > MAX_STEM_LENGTH) return { term: form, extras: null };
    const term = fold(rules.stem(spelt));
    if (term === "") return null;
    let extras = lexicon ? splitCompound(form, rules, lexicon, isStopForm, stemPart) : null;
    if (form !== spelt) {
      const plain = rules.stem(form);
      if (plain !== term && plain !== "") extras = extras ? [...extras, plain] : [plain];
    }
    const verb = mayBeParticiple ? rules.participle?.(spelt) : null;
    if (verb) {
      const stem = fold(rules.stem(verb));
      if (stem !== "" && stem !== term && !extras?.includes(stem)) {
        extras = extras ? [...extras, stem] : [stem];
      }
    }
    return { term, extras };
  }

  function resolveApostrophes(lower: string): string {
    const pieces = lower.replace(APOSTROPHES, "'").split("'");
    if (pieces.length > 1 && rules?.elisions.has(pieces[0] ?? "")) pieces.shift();
    if (pieces.length > 1 && rules?.clitics.has(pieces[pieces.length - 1] ?? "")) {
      const clitic = pieces.pop();
      const last = pieces.length - 1;
      const before = pieces[last] ?? "";
      if (clitic === "t" && rules?.code === "en" && before.endsWith("n")) {
        const base = before.slice(0, -1);
        pieces[last] = NOT_BASES[base] ?? base;
      }
    }
    return pieces.join("");
  }

  function withPieces(term: string, pieces: string[]): Entry | null {
    const extras: string[] = [];
    for (const piece of pieces) {
      if (piece.length < 2 || /^\d+$/.test(piece)) continue;
      const entry = simple(piece);
      if (entry && entry.term !== term && !extras.includes(entry.term)) extras.push(entry.term);
    }
    return { term, extras: extras.length > 0 ? extras : null };
  }

  function compute(raw: string, flags: number): Entry | null {
    let lower = raw.toLowerCase();
    if (flags & IS_IDEOGRAPH) return { term: lower, extras: null };
    if (flags & HAS_SOFT_HYPHEN) lower = lower.replaceAll("\u00ad", "");
    if (flags & HAS_APOSTROPHE) lower = resolveApostrophes(lower);
    if (lower === "") return null;
    if (flags & (HAS_DIGIT | HAS_UNDERSCORE | HAS_DOT)) {
      // "v2.3" is version 2.3, found where a page writes "Version 2.3" (and "v2.3" still).
      const version = VERSION.exec(lower)?.[1];
      if (version !== undefined) return { term: version, extras: [lower] };
      return withPieces(fold(lower), lower.split(/[-_.‐‑]+/));
    }
    if (flags & HAS_HYPHEN) {
      const pieces = lower.split(/[-‐‑]+/);
      const pronouns = rules?.hyphenPronouns;
      if (pronouns && pronouns.size > 0 && !NOUNS_OF_THEIR_OWN.has(lower)) {
        // "Puis-je", "a-t-il", "pode-se": the verb before the pronouns is the word.
        while (pieces.length > 1 && pronouns.has(pieces[pieces.length - 1] ?? "")) pieces.pop();
        if (pieces.length === 1) return simple(pieces[0] ?? "");
      }
      const whole = simple(pieces.join(""));
      if (!whole || pieces.every((piece) => simple(piece) === null)) return null;
      const entry = withPieces(whole.term, pieces);
      return entry;
    }
    return simple(lower, startsLower(raw));
  }

  /** The entry of the word `text.slice(start, end)`, whose span hash is `hash`. */
  function lookup(
    text: string,
    start: number,
    end: number,
    flags: number,
    hash: number,
  ): Entry | null {
    let entry = cache.getHashed(text, start, end, hash);
    if (entry === undefined) {
      const raw = text.slice(start, end);
      entry = compute(raw, flags);
      cache.add(raw, entry);
    }
    return entry;
  }

  function isStopwordAt(text: string, start: number, end: number): boolean {
    const found = asciiStop.find(text, start, end);
    if (found !== NOT_ASCII && !(digraphs && hasDigraph(text, start, end))) return found === 1;
    const lower = text.slice(start, end).toLowerCase();
    const spelt = digraphs ? germanDigraphs(lower) : lower;
    return isStopSpelling(spelt, fold(spelt));
  }

  function forEachTerm(text: string, visit: TermVisitor): number {
    let position = 0;
    scanWords(text, (start, end, flags, hash) => {
      const entry = lookup(text, start, end, flags, hash);
      if (entry) {
        visit(entry.term, position, start, end, false);
        if (entry.extras)
          for (const extra of entry.extras) visit(extra, position, start, end, true);
      }
      position++;
    });
    return position;
  }

  const counter = new TermCounter(cacheSize, lookup);

  return {
    lang: rules?.code ?? "",
    forEachTerm,
    countTerms: (text, once = []) => counter.countTerms(text, once),
    analyze(text) {
      const tokens: Token[] = [];
      forEachTerm(text, (term, position, start, end, extra) => {
        tokens.push(extra ? { term, position, start, end, extra } : { term, position, start, end });
      });
      return tokens;
    },
    term(word) {
      let found: string | null = null;
      scanWords(word, (start, end, flags, hash) => {
        if (found === null) found = lookup(word, start, end, flags, hash)?.term ?? null;
      });
      return found;
    },
    isStopword(word) {
      return isStopwordAt(word, 0, word.length);
    },
    isStopwordAt,
  };
}

/** Whether the word holds "ae", "oe" or "ue" (any case), which German may read as an umlaut. */
function hasDigraph(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    const c = codeUnitAt(text, i) | 0x20;
    if (c !== 0x65) continue;
    const before = codeUnitAt(text, i - 1) | 0x20;
    if (before === 0x61 || before === 0x6f || before === 0x75) return true;
  }
  return false;
}

const shared = new Map<string, Analyzer>();

/** The shared analyser of `lang` with default options (cached per language). */
export function analyzerFor(lang: string): Analyzer {
  const key = primaryTag(lang);
  let analyzer = shared.get(key);
  if (!analyzer) {
    analyzer = createAnalyzer(key);
    shared.set(key, analyzer);
  }
  return analyzer;
}

/**
 * The terms of `text` analysed as `lang` (ISO 639-1 code or BCP 47 tag). Pages and questions go
 * through this same function; pass the language `detectLanguage` found.
 */
export function analyze(text: string, lang: string): Token[] {
  return analyzerFor(lang).analyze(text);
}

/** Whether the word begins with a lower-case letter (German writes its nouns with a capital). */
function startsLower(word: string): boolean {
  const first = word.charAt(0);
  return first !== first.toUpperCase();
}
