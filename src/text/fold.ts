/**
 * Folding: the form a word is matched in, once it is lower case. Diacritics go ("é" → "e",
 * "ä" → "a"), ligatures and special letters are spelt out ("ß" → "ss", "æ" → "ae", "ø" → "o"), so a
 * visitor who types "Strasse", "perche" or "cafe" meets "Straße", "perché" and "café".
 *
 * German writes "ä" as "ae" where umlauts are not at hand ("Schluessel", "Groesse"): `germanDigraphs`
 * turns those back into umlauts before stemming, as the Snowball "german2" variant does, so that
 * both spellings end up in one term.
 */
import { codeUnitAt } from "../core/code-units.js";

/** Letters that Unicode decomposition leaves alone but a reader treats as a letter plus a mark. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ł: "l",
  ŀ: "l",
  þ: "th",
  ſ: "s",
  ŉ: "n",
};

const SPECIAL_RE = /[ßẞæœøđðħıłŀþſŉ]/g;
const MARKS_RE = /\p{M}+/gu;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (codeUnitAt(text, i) > 127) return false;
  return true;
}

/**
 * Removes diacritics and spells out special letters of an already lower-cased word. ASCII input is
 * returned as it is (the common case costs one scan).
 */
export function fold(lower: string): string {
  if (isAscii(lower)) return lower;
  return lower
    .replace(SPECIAL_RE, (ch) => SPECIAL[ch] ?? ch)
    .normalize("NFD")
    .replace(MARKS_RE, "")
    .normalize("NFC");
}

const VOWEL_OR_Q = /[aeiouyäöüq]/;

/**
 * German only: "ae", "oe", "ue" written for "ä", "ö", "ü" become umlauts again, except "ue" after
 * "q" or a vowel ("Quelle", "neue", "Feuer": Snowball's "german2" treats a "u" between vowels as a
 * consonant). Applied to every German word, page or question alike, so the few words that really
 * contain those letters ("aktuell", "Michael") change the same way on both sides.
 */
export function germanDigraphs(lower: string): string {
  if (!lower.includes("ae") && !lower.includes("oe") && !lower.includes("ue")) return lower;
  return lower.replace(/([aou])e/g, (pair, vowel: string, offset: number) => {
    if (vowel === "u" && offset > 0 && VOWEL_OR_Q.test(lower.charAt(offset - 1))) return pair;
    return vowel === "a" ? "ä" : vowel === "o" ? "ö" : "ü";
  });
}
