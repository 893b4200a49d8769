/**
 * Language detection for pages, sections and questions.
 *
 * Two kinds of evidence are combined:
 * - stopwords: the share of a text's words that are stopwords of each analysed language
 *   (`languages.ts`). On a page this alone is decisive (hundreds of words, and real text is a
 *   third or more function words): when the leading language has a dozen stopwords that belong to
 *   no other language, four times as many as the next, the text is settled in one cheap pass;
 * - character n-grams from `eld` (Efficient Language Detector, 60 languages, Apache-2.0; its
 *   smallest database, which with the stopword evidence is as accurate here as its medium one and
 *   loads in half the time), scored on up to three windows of the text; this carries short
 *   questions, where a handful of words holds one or two stopwords at most — unless two or more
 *   of them belong to one of the site's languages and no other, which settles the question
 *   without loading the model (three questions in four of the evaluation sets).
 * Hints bias the result without forcing it: a page's declared language (`lang`,
 * `Content-Language`) and the site's known languages get a bonus, so an ambiguous short text
 * goes their way while clear evidence for another language still wins.
 */
import { asciiWords, NOT_ASCII } from "./ascii-words.js";
import { matchForm } from "./compound.js";
import { type EldDetector, loadEld } from "./eld-model.js";
import { fold } from "./fold.js";
import { LANGUAGES, primaryTag, SUPPORTED_LANGUAGES } from "./languages.js";
import { HAS_DIGIT, HAS_UNDERSCORE, IS_IDEOGRAPH, scanWords } from "./tokenize.js";

export interface LanguageGuess {
  /** ISO 639-1 code; "und" when the text holds no words and no hint names a language. */
  lang: string;
  /**
   * 0…1: how far the best language is ahead of the next; 0 when nothing in the text decided
   * (the language then comes from the hints). On the first 1–5 words of Debian documentation
   * sentences: below 0.05 right 57% of the time, 0.05–0.1 92%, from 0.1 up 97–99%.
   */
  confidence: number;
}

export interface DetectHints {
  /** The language the page declares (`<html lang>`, `Content-Language`), any BCP 47 tag. */
  declared?: string | null;
  /** The site's known languages, most used first. */
  candidates?: readonly string[];
}

/** Words (and characters) read for stopword evidence. */
const MAX_WORDS = 600;
const MAX_CHARS = 8000;
const FIRST_CHARS = 1500;
/**
 * A text settles without n-grams when its leading language has this many stopwords of its own
 * (stopwords of no other language), and this many times those of the runner-up.
 */
const DECISIVE_OWN = 12;
/** Stopwords of one of the site's languages, and of no other, that settle a short text. */
const HINTED_OWN = 2;
const DECISIVE_RATIO = 4;
/** eld reads at most 1000 characters; this many windows of a long text are scored. */
const WINDOWS = 3;
const WINDOW_CHARS = 600;
/** Weight of the stopword share against eld's 0…1 score. */
const STOPWORD_WEIGHT = 0.3;
/**
 * Letters a language does not write (loanwords aside), per language: a short text holding one is
 * hardly in it. "Cos'è Debian?" is not Spanish, whatever its n-grams say: Spanish writes é, never è.
 * Only texts of a question's length are judged so; a page may quote any name.
 */
const FOREIGN_LETTERS: Record<string, RegExp> = {
  en: /[äöüßñãõòìùåø]/i,
  de: /[ñãõàèìòùâêîôûåçœæ]/i,
  it: /[äöüßñãõçâêôûåœæë]/i,
  fr: /[äößñãõáíóìòúå]/i,
  es: /[àèìòùâêîôûäëïöãõçßœæå]/i,
  pt: /[äößñèìòùëïåœæ]/i,
  nl: /[ßñãõìòùâîôûåçœæ]/i,
};
/** What a foreign letter leaves of a language's score. */
const FOREIGN_FACTOR = 0.05;
/**
 * Letters few languages write, and which: each found adds `MARKER_WEIGHT` to its languages'
 * scores, shared among them as weighed here (n-grams of a few words often miss "ì" or "ã").
 */
const MARKER_LETTERS: Record<string, Record<string, number>> = {
  // Italian's "è" (is) is far more common than French's.
  è: { it: 2, fr: 1 },
  à: { it: 1, fr: 1, pt: 1 },
  ì: { it: 1 },
  ò: { it: 1 },
  ù: { it: 1, fr: 1 },
  ñ: { es: 1 },
  "¿": { es: 1 },
  "¡": { es: 1 },
  ã: { pt: 1 },
  õ: { pt: 1 },
  ß: { de: 1 },
  ä: { de: 1 },
  ö: { de: 1, nl: 1 },
  ü: { de: 1 },
  ç: { fr: 1, pt: 1 },
  œ: { fr: 1 },
  ê: { fr: 1, pt: 1 },
  â: { fr: 1, pt: 1 },
  ô: { fr: 1, pt: 1 },
  î: { fr: 1 },
  û: { fr: 1 },
  ë: { fr: 1, nl: 1 },
  ï: { fr: 1, nl: 1 },
};
const MARKER_WEIGHT = 0.15;
const MARKERS = new RegExp(`[${Object.keys(MARKER_LETTERS).join("")}]`, "giu");

/** A short text's letters: languages that write its rarer ones gain, those that never do lose. */
function weighLetters(text: string, scores: Map<string, number>): void {
  const found = new Set(text.toLowerCase().match(MARKERS) ?? []);
  for (const letter of found) {
    const shares = Object.entries(MARKER_LETTERS[letter] ?? {});
    const total = shares.reduce((sum, [, share]) => sum + share, 0);
    for (const [code, share] of shares) {
      scores.set(code, (scores.get(code) ?? 0) + (MARKER_WEIGHT * share) / total);
    }
  }
  for (const [code, foreign] of Object.entries(FOREIGN_LETTERS)) {
    const value = scores.get(code);
    if (value !== undefined && foreign.test(text)) scores.set(code, value * FOREIGN_FACTOR);
  }
}
/** Characters up to which a text is judged by its letters too (a question, a heading). */
const SHORT_TEXT = 120;
/** A known language of the site wins unless another scores this much higher. */
const CANDIDATE_BONUS = 1.3;
/** The declared language wins unless another scores this much higher. */
const DECLARED_BONUS = 1.08;

/** Below this confidence, a language outside the hints without stopwords gives way to them. */
const WEAK = 0.1;
/** A guess (no stopword, under three words or one language scored) keeps this share of its confidence. */
const GUESS_FACTOR = 0.25;

/** Bit per supported language, for every stopword form. */
const STOPWORD_LANGS = new Map<string, number>();
SUPPORTED_LANGUAGES.forEach((code, bit) => {
  const rules = LANGUAGES[code];
  if (!rules) return;
  for (const word of rules.stopwords) {
    const form = matchForm(word, rules);
    STOPWORD_LANGS.set(form, (STOPWORD_LANGS.get(form) ?? 0) | (1 << bit));
  }
});

/** The same for ASCII words, looked up without cutting them out of the text. */
const ASCII_STOPWORD_LANGS = asciiWords(STOPWORD_LANGS);

/** Languages a lower-case word is a stopword of (bits as in `STOPWORD_LANGS`), 0 for none. */
function stopwordLanguages(lower: string): number {
  let mask = STOPWORD_LANGS.get(lower);
  if (mask === undefined) {
    const folded = fold(lower);
    if (folded !== lower) mask = STOPWORD_LANGS.get(folded);
  }
  return mask ?? 0;
}

interface StopwordCounts {
  /** Words read. */
  words: number;
  /** Per supported language (table order): words that are its stopwords. */
  hits: number[];
  /** Per supported language: words that are its stopwords and no other language's. */
  own: number[];
}

function countStopwords(text: string, maxChars: number): StopwordCounts {
  const hits = SUPPORTED_LANGUAGES.map(() => 0);
  const own = SUPPORTED_LANGUAGES.map(() => 0);
  let words = 0;
  const sample = text.length > maxChars ? text.slice(0, maxChars) : text;
  scanWords(sample, (start, end, flags) => {
    if (words >= MAX_WORDS || flags & (HAS_DIGIT | HAS_UNDERSCORE | IS_IDEOGRAPH)) return;
    words++;
    // no stopword is longer
    if (end - start > 12) return;
    let mask = ASCII_STOPWORD_LANGS.find(sample, start, end);
    if (mask === NOT_ASCII) mask = stopwordLanguages(sample.slice(start, end).toLowerCase());
    if (!mask) return;
    const single = (mask & (mask - 1)) === 0;
    for (let bit = 0; bit < hits.length; bit++) {
      if (!(mask & (1 << bit))) continue;
      hits[bit] = (hits[bit] ?? 0) + 1;
      if (single) own[bit] = (own[bit] ?? 0) + 1;
    }
  });
  return { words, hits, own };
}

let model: EldDetector | undefined;

/** Whether this process has loaded the n-gram model (it loads when a text first needs it). */
export function languageModelLoaded(): boolean {
  return model !== undefined;
}

/** Loads the n-gram model now, for a process about to time what follows (`hooty eval`). */
export function loadLanguageModel(): void {
  ngrams();
}

/**
 * eld, loaded when a text first needs its n-grams (eld-model.ts): many processes never need it
 * (pages that declare their language and read as it, stopwords that settle the text).
 */
function ngrams(): EldDetector {
  model ??= loadEld();
  return model;
}

/** eld's scores per language (mean over the windows), and whether any window was reliable. */
function eldScores(text: string): { scores: Map<string, number>; reliable: boolean } {
  const scores = new Map<string, number>();
  let reliable = false;
  const windows: string[] = [];
  if (text.length <= 1000) windows.push(text);
  else {
    const span = Math.min(text.length, 60_000);
    for (let w = 0; w < WINDOWS; w++) {
      let from = Math.floor((span * w) / WINDOWS);
      // start at a word boundary
      while (from > 0 && from < span && /\S/.test(text.charAt(from - 1))) from++;
      windows.push(text.slice(from, from + WINDOW_CHARS));
    }
  }
  for (const window of windows) {
    const result = ngrams().detect(window);
    if (!result.language) continue;
    if (result.isReliable()) reliable = true;
    for (const [lang, score] of Object.entries(result.getScores())) {
      scores.set(lang, (scores.get(lang) ?? 0) + score / windows.length);
    }
  }
  return { scores, reliable };
}

/**
 * A short text's language when it is one of the site's and its stopwords say so alone: at least
 * `HINTED_OWN` stopwords of that language and of no other, and none that only another language
 * has ("Wie installiere ich Debian?" on a German site). Else null, and the n-grams decide.
 */
function hintedByStopwords(
  counts: StopwordCounts,
  candidates: readonly string[],
): LanguageGuess | null {
  let found = -1;
  for (const [bit, own] of counts.own.entries()) {
    if (own === 0) continue;
    if (found >= 0) return null;
    found = bit;
  }
  const own = counts.own[found] ?? 0;
  const lang = SUPPORTED_LANGUAGES[found];
  if (own < HINTED_OWN || lang === undefined || !candidates.includes(lang)) return null;
  return { lang, confidence: round(1 - 1 / (own + 1)) };
}

/** The language when stopwords alone settle it, else null. */
function decisive(counts: StopwordCounts): LanguageGuess | null {
  let top = -1;
  let second = -1;
  counts.own.forEach((value, bit) => {
    if (top < 0 || value > (counts.own[top] ?? 0)) {
      second = top;
      top = bit;
    } else if (second < 0 || value > (counts.own[second] ?? 0)) second = bit;
  });
  const topOwn = counts.own[top] ?? 0;
  const secondOwn = counts.own[second] ?? 0;
  if (topOwn < DECISIVE_OWN || topOwn < DECISIVE_RATIO * secondOwn) return null;
  return { lang: SUPPORTED_LANGUAGES[top] ?? "und", confidence: round(1 - secondOwn / topOwn) };
}

function fallback(declared: string, candidates: readonly string[]): LanguageGuess {
  return { lang: declared || candidates[0] || "und", confidence: 0 };
}

/**
 * The language of `text`: an ISO 639-1 code and a confidence. Robust on questions of a few words
 * and on whole pages; never throws. A text costs one pass over its first 600 words, plus, when
 * stopwords do not settle it, n-gram scoring of up to three windows of 600 characters (about
 * 0.2 ms each).
 */
export function detectLanguage(text: string, hints: DetectHints = {}): LanguageGuess {
  const declared = primaryTag(hints.declared ?? "");
  const candidates = (hints.candidates ?? []).map(primaryTag).filter((c) => c !== "");
  if (typeof text !== "string" || text.length === 0) return fallback(declared, candidates);

  // A page usually settles on its first 1,500 characters; read more only when it does not.
  let counts = countStopwords(text, FIRST_CHARS);
  let settled = decisive(counts);
  if (!settled && text.length > FIRST_CHARS) {
    counts = countStopwords(text, MAX_CHARS);
    settled = decisive(counts);
  }
  if (settled) return settled;
  if (counts.words === 0) return fallback(declared, candidates);
  const short = hintedByStopwords(counts, candidates);
  if (short) return short;

  const share = new Map<string, number>();
  SUPPORTED_LANGUAGES.forEach((code, bit) => {
    const hits = counts.hits[bit] ?? 0;
    if (hits > 0) share.set(code, hits / counts.words);
  });

  const { scores, reliable } = eldScores(text);
  for (const [code, value] of share) {
    scores.set(code, (scores.get(code) ?? 0) + STOPWORD_WEIGHT * value);
  }
  if (text.length <= SHORT_TEXT) weighLetters(text, scores);
  const bonus = (code: string, amount: number) => {
    const value = scores.get(code);
    if (value !== undefined && value > 0) scores.set(code, value * amount);
  };
  for (const code of new Set(candidates)) bonus(code, CANDIDATE_BONUS);
  if (declared) bonus(declared, DECLARED_BONUS);
  let best = "";
  let bestScore = 0;
  let next = 0;
  for (const [code, value] of scores) {
    if (value > bestScore) {
      next = bestScore;
      best = code;
      bestScore = value;
    } else if (value > next) next = value;
  }
  if (best === "" || bestScore <= 0) return fallback(declared, candidates);
  // Not one stopword, and too few words or n-grams to tell: a guess ("Debian GNU").
  const guess = !share.has(best) && (counts.words < 3 || next === 0 || !reliable);
  const confidence = round(((bestScore - next) / bestScore) * (guess ? GUESS_FACTOR : 1));
  const hinted = candidates.length > 0 ? candidates : declared ? [declared] : [];
  if (
    hinted.length > 0 &&
    !hinted.includes(best) &&
    (guess || (confidence < WEAK && !share.has(best)))
  ) {
    return fallback(declared, candidates);
  }
  return { lang: best, confidence };
}

function round(value: number): number {
  return Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;
}
