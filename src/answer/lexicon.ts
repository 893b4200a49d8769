/**
 * Whether a word is an ordinary word of its language, by the thesaurus of that language (WordNet
 * for English, MyThes where installed). A question word the site never uses weighs differently
 * when it is an ordinary word ("expensive", "runter": the site just says it otherwise) than when
 * it is a name or a term the language does not know ("WireGuard", "Fortnite": the question is
 * about something the site does not cover).
 */
import { openThesaurus } from "../text/synonyms/index.js";

/** True, false, or null when no thesaurus of the language is on this machine. */
export function inLexicon(lang: string, word: string): boolean | null {
  const thesaurus = openThesaurus(lang);
  if (!thesaurus) return null;
  // Lookups fold case themselves ("Datei" and "datei" are one entry).
  const known = (w: string) => thesaurus.lookup(w, { limit: 1 }).length > 0;
  if (known(word)) return true;
  // An elided article or preposition is not part of the word ("L'orologio", "dell'utente").
  const elided = ELIDING.has(lang) ? ELISION.exec(word) : null;
  if (elided !== null && known(word.slice(elided[0].length))) return true;
  // Ordinary words joined by hyphens make an ordinary word ("soft-deleted", "read-only").
  const parts = word.split("-");
  return parts.length > 1 && parts.every((part) => part.length > 0 && known(part));
}

/** Languages that elide a short word into the next ("l'orologio", "d'accord"). */
const ELIDING = new Set(["it", "fr", "ca"]);
/** A short word cut before an apostrophe at the start of a word. */
const ELISION = /^\p{L}{1,6}['’ʼ](?=\p{L}{2})/u;
