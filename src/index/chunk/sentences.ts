/**
 * Sentence boundaries for extractive answers: spans into the original text (so a quoted sentence
 * is always a verbatim slice), respecting abbreviations ("e.g.", "z.B.", "d.h.", "ecc.", "Nr."),
 * initials, German ordinals ("am 3. Oktober"), numbers and file names ("15.2", "pg_dump.exe").
 * A line break always ends a sentence (list items, table rows and code lines are never joined).
 */
import { codeUnitAt } from "../../core/code-units.js";

/** A sentence as offsets into the text: `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Abbreviations that end in a period but rarely end a sentence, lower case, without the final
 * period, across English, German, Italian, French, Spanish, Portuguese and Dutch. Dotted forms
 * ("z.b", "p.es") are covered by the rule for short dotted tokens.
 */
const ABBREVIATIONS = new Set([
  // English
  "e.g",
  "i.e",
  "etc",
  "vs",
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "jr",
  "sr",
  "fig",
  "figs",
  "approx",
  "cf",
  "al",
  "ca",
  "vol",
  "pp",
  "ch",
  "sec",
  "eq",
  "inc",
  "ltd",
  "co",
  "corp",
  "dept",
  "est",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "resp",
  "incl",
  "misc",
  "ref",
  "max",
  "min",
  // German
  "bzw",
  "usw",
  "vgl",
  "evtl",
  "ggf",
  "inkl",
  "bspw",
  "abs",
  "hr",
  "fr",
  "str",
  "tel",
  "sog",
  "allg",
  "anm",
  "bd",
  "bzgl",
  "dt",
  "einschl",
  "engl",
  "geb",
  "gegr",
  "jh",
  "jhd",
  "kap",
  "mio",
  "mrd",
  "rd",
  "zzgl",
  "zz",
  "zzt",
  "u.a",
  "z.t",
  "abschn",
  "beispielsw",
  // Italian
  "ecc",
  "es",
  "pag",
  "pagg",
  "sig",
  "sigg",
  "dott",
  "ing",
  "avv",
  "cfr",
  "sez",
  // French
  "mme",
  "mlle",
  "env",
  "av",
  "chap",
  // Spanish, Portuguese
  "sra",
  "srta",
  "ej",
  "pág",
  "ud",
  "uds",
  "dra",
  "sto",
  "sta",
  // Dutch
  "bijv",
  "enz",
  "blz",
  "mevr",
  "dhr",
]);

/** Abbreviations that precede a number ("No. 5", "Nr. 3", "Art. 12", "Tab. 2"). */
const BEFORE_NUMBER = new Set(["no", "nos", "nr", "art", "tab", "cap", "num", "núm", "fig", "n"]);

/** Tokens like "z.B.", "d.h.", "p.es.", "U.S.": dotted pieces of one to three letters. */
const DOTTED = /^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u;
const LETTER = /\p{L}/u;
const ORDINAL_NOUN =
  /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jahrhundert|Jahrtausend|Auflage|Kapitel|Stock|Platz|Mal|Klasse)\b/u;
const LOWER = /\p{Ll}/u;
const CLOSERS = new Set([")", "]", "}", '"', "'", "”", "’", "»", "«", "›", "‹", "“"]);

/**
 * Splits `text` into sentences. `lang` (ISO 639-1) switches on language-specific rules (German
 * ordinals); without it, the shared rules apply.
 */
export function splitSentences(text: string, lang?: string): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let start = skipSpace(text, 0);
  const candidates = /[.!?…\n]/g;
  candidates.lastIndex = start;
  for (let m = candidates.exec(text); m; m = candidates.exec(text)) {
    const i = m.index;
    if (codeUnitAt(text, i) === 10) {
      push(spans, text, start, i);
      start = skipSpace(text, i + 1);
      candidates.lastIndex = start;
      continue;
    }
    // Take the whole run of terminators and closing quotes/brackets.
    let end = i + 1;
    while (end < n && ".!?…".includes(text.charAt(end))) end++;
    while (end < n && CLOSERS.has(text.charAt(end))) end++;
    if (end >= n) break;
    const after = codeUnitAt(text, end);
    if ((after === 32 || after === 9 || after === 0xa0) && isBoundary(text, i, end, lang)) {
      push(spans, text, start, end);
      start = skipSpace(text, end);
    }
    candidates.lastIndex = Math.max(end, start);
  }
  push(spans, text, start, n);
  return spans;
}

/** The sentences of `text` as strings (slices of it). */
export function sentences(text: string, lang?: string): string[] {
  return splitSentences(text, lang).map((s) => text.slice(s.start, s.end));
}

function isBoundary(text: string, at: number, end: number, lang: string | undefined): boolean {
  // The next sentence must not start in lower case ("ecc. e così via", "z.B. die").
  let j = end;
  while (j < text.length && isBlank(codeUnitAt(text, j))) j++;
  if (j >= text.length || codeUnitAt(text, j) === 10) return true;
  const next = text.charAt(j);
  if (LOWER.test(next)) return false;
  if (codeUnitAt(text, at) !== DOT) return true;
  if (at + 1 < end && codeUnitAt(text, at + 1) === DOT) return true; // "..." before a capital
  // The token before the period.
  let k = at;
  while (k > 0 && at - k < 64 && !isSpace(codeUnitAt(text, k - 1))) k--;
  const token = text.slice(k, at).replace(/^[(["'“„«‚‘¿¡]+/, "");
  if (token === "") return true;
  const lower = token.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if (BEFORE_NUMBER.has(lower) && /\d/.test(next)) return false;
  if (DOTTED.test(token)) return false;
  // Initials: "J. Smith", "S. 12".
  if (token.length === 1 && LETTER.test(token)) return false;
  // German ordinals before a month or a counted noun: "am 3. Oktober", "im 19. Jahrhundert".
  if (lang === "de" && /^\d{1,3}$/.test(token) && ORDINAL_NOUN.test(text.slice(j, j + 14))) {
    return false;
  }
  return true;
}

const DOT = 0x2e;

/** A space, tab or no-break space: what may stand between a sentence's end and the next. */
function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0;
}

function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    (c > 0x1000 && SPACE.test(String.fromCharCode(c)))
  );
}

const SPACE = /\s/;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(codeUnitAt(text, i))) i++;
  return i;
}

function push(spans: Span[], text: string, start: number, end: number): void {
  let e = end;
  while (e > start && isSpace(codeUnitAt(text, e - 1))) e--;
  if (e > start) spans.push({ start, end: e });
}
