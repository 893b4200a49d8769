/**
 * The question, analysed like the pages (DESIGN.md flow: "visitor question ─► analyse"): its
 * language among the site's, and its terms, each weighted once however often it is typed.
 */
import { analyzerFor, createAnalyzer, detectLanguage, SUPPORTED_LANGUAGES } from "../text/index.js";
import { hasNotCoveredMessage } from "./not-covered.js";

export interface QueryTerm {
  term: string;
  /** The word as typed, for messages and highlighting. */
  word: string;
  /** A compound part or identifier piece: supporting evidence, weighed less. */
  extra: boolean;
  /**
   * A word related to the question's term `for` (a thesaurus synonym), not in the question itself:
   * searched with `weight` (0…1) of a question word's weight, and counted in part for `for`.
   */
  related?: { for: string; weight: number };
  /**
   * Written as a name is ("Chrome", "Teams", "PGConf", "QWERTZ"): a word the site does not know
   * is then not taken for a typo of one it does ("cdrom", "team").
   */
  name?: true;
  /** The term searched instead when the site does not know this one (the word as typed). */
  otherwise?: string;
  /**
   * An identifier that names the visitor's own column or table ("an updated_at column"): an
   * example, which the site need not know to answer.
   */
  ownName?: true;
}

export interface AnalysedQuestion {
  text: string;
  /** The language the question is analysed in: its own, or the site's when detection is unsure. */
  lang: string;
  /**
   * The language to reply in when Hooty itself speaks ("not covered", a written answer): the
   * question's own, also where it is matched in the site's language.
   */
  replyLang: string;
  terms: QueryTerm[];
}

export const MAX_QUESTION_CHARS = 2_000;
/**
 * Distinct terms kept from a question, in order: far more than any visitor's question has, and a
 * bound on the work (thesaurus lookups, postings) a hostile one can cause.
 */
export const MAX_QUESTION_TERMS = 40;

/** The question's own words: not compound parts or identifier pieces, not related words. */
export function isMain(term: QueryTerm): boolean {
  return !term.extra && term.related === undefined;
}

export function analyseQuestion(
  question: string,
  siteLanguages: readonly string[],
): AnalysedQuestion {
  const text = question.replace(/\s+/g, " ").trim().slice(0, MAX_QUESTION_CHARS);
  const guess = detectLanguage(text, { candidates: siteLanguages });
  // A question in a language the site does not have is still matched with the site's analysis
  // when detection is unsure: visitors mix in the site's own words.
  const unsure =
    siteLanguages.length > 0 && !siteLanguages.includes(guess.lang) && guess.confidence < 0.1;
  const lang = unsure ? (siteLanguages[0] as string) : guess.lang;
  // A question mostly in another script than the site's languages' is not in one of them, however
  // sure the hinted detection is of the site's name in it ("Как установить Debian?").
  const replyLang =
    guess.confidence < REPLY_CONFIDENCE || mostlyNonLatin(text) ? replyLanguage(text, lang) : lang;
  // Matched in the site's language, a question in its own keeps only its own content words:
  // "Was ist MVCC?" on an English site asks about MVCC, and "ist" is no word the site lacks.
  const ownStopword =
    replyLang !== lang && SUPPORTED_LANGUAGES.includes(replyLang)
      ? (word: string) => analyzerFor(replyLang).isStopword(word)
      : () => false;
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  // Written In Title Case, a question's capitals say nothing of names (as in German).
  const titleCase = isTitleCase(text);
  for (const token of createAnalyzer(lang).analyze(text)) {
    if (seen.has(token.term)) continue;
    if (seen.size >= MAX_QUESTION_TERMS) break;
    const word = text.slice(token.start, token.end);
    if (ownStopword(word)) continue;
    seen.add(token.term);
    const name = writtenAsName(text, token.start, word, titleCase ? "de" : lang);
    const own = !token.extra && namesOwnSchema(text, token.start, token.end, word);
    terms.push({
      term: token.term,
      word,
      extra: token.extra === true,
      ...(name ? { name } : {}),
      ...(own ? { ownName: own } : {}),
    });
  }
  return { text, lang, replyLang, terms };
}

/** Nouns that say the identifier beside them is a column or table of the visitor's own. */
const SCHEMA_NOUNS =
  /^(?:columns?|tables?|fields?|spalten?|tabellen?|feld(?:er)?|colonn[ae]|tabell[ae]|camp[oi]|champs?|columnas?|tablas?)$/i;

/**
 * An identifier (`_` inside) with a schema noun right before or after it: "an updated_at column",
 * "the column created_at", "Spalte last_login".
 */
function namesOwnSchema(text: string, start: number, end: number, word: string): true | undefined {
  if (!/\p{L}_\p{L}/u.test(word)) return undefined;
  const after = /^\s+(\p{L}+)/u.exec(text.slice(end))?.[1] ?? "";
  const before = /(\p{L}+)\s+$/u.exec(text.slice(0, start))?.[1] ?? "";
  return SCHEMA_NOUNS.test(after) || SCHEMA_NOUNS.test(before) ? true : undefined;
}

/** Share of a question's words written with a capital from which it is written in Title Case. */
const TITLE_CASE_SHARE = 0.8;

export function isTitleCase(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length < 3) return false;
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitalised >= words.length * TITLE_CASE_SHARE;
}

/** Languages that capitalise every noun: a capital there says nothing of a name. */
const CAPITALISED_NOUNS = new Set(["de", "lb"]);

export function capitalisesNouns(lang: string): boolean {
  return CAPITALISED_NOUNS.has(lang);
}

/**
 * Whether the word at `start` is written as a name: with a capital right after another letter
 * ("PGConf", "QWERTZ", "iPhone"; not "Home-Verzeichnis"), or, in a language that writes common
 * nouns in lower case, with a capital where no sentence begins ("install Chrome"). A question
 * written all in capitals says neither.
 */
function writtenAsName(text: string, start: number, word: string, lang: string): true | undefined {
  if (!/\p{Ll}/u.test(text)) return undefined;
  if (/\p{L}\p{Lu}/u.test(word)) return true;
  if (capitalisesNouns(lang) || !/^\p{Lu}/u.test(word)) return undefined;
  const before = text.slice(0, start).replace(/[\s"'“”‘’«»([¿¡-]+$/u, "");
  return before === "" || /[.!?:;]$/.test(before) ? undefined : true;
}

/** Whether a word of `text` is a stopword of `lang` and not of `other`. */
function hasOwnStopword(text: string, lang: string, other: string): boolean {
  const own = analyzerFor(lang);
  const theirs = SUPPORTED_LANGUAGES.includes(other) ? analyzerFor(other) : null;
  return (text.match(/\p{L}+/gu) ?? []).some(
    (word) => own.isStopword(word) && !theirs?.isStopword(word),
  );
}

/** The language a script is most often written in, for a reply when detection cannot tell. */
const SCRIPTS: readonly [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Han}/u, "zh"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Arabic}/u, "ar"],
  [/\p{Script=Hebrew}/u, "he"],
  [/\p{Script=Greek}/u, "el"],
];

/**
 * Whether most of the text's letters are of another script than Latin, the one every language
 * Hooty analyses is written in (a name of the site's in it aside: "Как установить Debian?").
 */
function mostlyNonLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return letters > 0 && latin * 2 < letters;
}

function wordsIn(text: string): number {
  return text.match(/\p{L}+/gu)?.length ?? 0;
}

/** Letters that, of the languages Hooty analyses, only this one writes. */
const OWN_LETTERS: Readonly<Record<string, RegExp>> = { es: /[¿¡ñ]/, de: /[ßäöü]/i };

/**
 * Below this, a detection does not settle the reply's language; nor does an open one (no hint
 * of the site's languages) below it, or for a language Hooty does not analyse.
 */
const REPLY_CONFIDENCE = 0.1;

/**
 * The question's own language, for replies, where its words were matched in the site's
 * language (`fallback`): a plainly French question on an Italian site is told "not covered" in
 * French. A question in no Latin letter at all (Cyrillic, Japanese: every language Hooty
 * analyses is written in Latin letters) gets English, the one Hooty falls back to, rather than a
 * language the visitor plainly does not write.
 */
function replyLanguage(text: string, fallback: string): string {
  const open = detectLanguage(text);
  if (SUPPORTED_LANGUAGES.includes(open.lang)) {
    // Too short to be sure ("Que vendez-vous ?"), but written with a function word of that
    // language that the site's language does not have: a reply in the site's language would
    // plainly be in the wrong one.
    if (open.lang !== fallback && hasOwnStopword(text, open.lang, fallback)) return open.lang;
    // …or in letters only that language writes ("¿Precio?", "Öffnungszeiten?").
    if (open.lang !== fallback && OWN_LETTERS[open.lang]?.test(text)) return open.lang;
  }
  // A language Hooty does not analyse still gets its own message: by detection where it leans to
  // one it has a message in, else by its script ("Какие часы работы у пекарни?"; English where
  // neither tells).
  if (mostlyNonLatin(text)) {
    if (open.confidence > 0 && hasNotCoveredMessage(open.lang)) return open.lang;
    return SCRIPTS.find(([script]) => script.test(text))?.[1] ?? "en";
  }
  // In Latin letters, only a sure detection of more than one word: one word is too little to
  // tell a language by (eld is as sure of "Oracle?" being French as of "Fahrrad?" being German),
  // and a name or keyword of the site is the likelier reading.
  if (open.confidence >= REPLY_CONFIDENCE && wordsIn(text) > 1 && hasNotCoveredMessage(open.lang))
    return open.lang;
  return fallback;
}
