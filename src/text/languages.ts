/**
 * The languages Hooty analyses fully, and every rule that differs between them: one row each.
 * A language not in the table (detected, or declared by a page) is still tokenised and folded,
 * but neither stemmed nor stripped of stopwords.
 *
 * Stemmers are Snowball's algorithms: `porter2` for English and `@orama/stemmers` (Snowball's
 * generated JavaScript) for the others; both give the same stems as the reference C library
 * (libstemmer 2.2) on the Debian documentation's vocabulary, see `languages.test.ts`.
 */
import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stem as english } from "porter2";
import { dutchVerbStem, germanInfinitive } from "./participles.js";
import { STOPWORD_TEXT } from "./stopwords-data.js";

export interface LanguageRules {
  /** ISO 639-1 code. */
  code: string;
  /** Snowball stemmer for one lower-case word (diacritics kept). */
  stem: (lower: string) => string;
  /**
   * For a weak past participle (lower case, diacritics kept), a word whose stem is its verb's
   * (participles.ts); null for other words. Absent where participles need no help.
   */
  participle?: (lower: string) => string | null;
  /** Stopwords, lower case, with their diacritics. */
  stopwords: readonly string[];
  /**
   * Elided words before an apostrophe that are dropped with it: Italian "l'installazione",
   * French "jusqu'à". Lower case, without the apostrophe.
   */
  elisions: ReadonlySet<string>;
  /**
   * Clitics after an apostrophe that are dropped with it: English "it's", "we'll", "don't";
   * Dutch and German "auto's", "geht's".
   */
  clitics: ReadonlySet<string>;
  /**
   * Pronouns joined to the word before them by a hyphen, dropped with it (French "Puis-je",
   * Portuguese "pode-se"); hyphenated words that are nouns of their own ("rendez-vous") are kept.
   */
  hyphenPronouns: ReadonlySet<string>;
  /** Whether long words are split into known parts ("Paketverwaltung" → "paket", "verwaltung"). */
  compounds: boolean;
  /** Linking elements between compound parts ("Verwaltungs|system", "Bundes|land"). */
  linkers: readonly string[];
}

/**
 * Snowball's German stemmer, plus three rules where it leaves a verb or a plural apart from the
 * words it goes with:
 * - a stem ending in "iert" loses its "ert", so the participles of the many "-ieren" verbs meet
 *   their infinitive ("installiert", "installierte", "installieren" → "installi");
 * - a stem ending in "tet" or "det" loses its "et": the verb's third person meets its infinitive
 *   and noun ("kostet", "kostete" → "kost", as "Kosten"; "arbeitet" → "arbeit", as "Arbeit");
 *   German nouns almost never end so;
 * - a plural "s" after a vowel goes ("Autos" → "auto", "Handys", "Taxis"), as Snowball
 *   takes it only after a consonant; not after "ei", "ai" or "au" ("Preis", "Mais", "Haus"), nor
 *   "as", "es" or "us" ("Glas", "Status"), whose "s" is the word's own.
 */
function germanStem(word: string): string {
  return germanAdditions(german(word));
}

/** The rules `germanStem` adds to Snowball's stem. */
export function germanAdditions(stem: string): string {
  if (stem.endsWith("iert") && stem.length > 6) return stem.slice(0, -3);
  if ((stem.endsWith("tet") || stem.endsWith("det")) && stem.length > 5) return stem.slice(0, -2);
  if (stem.length > 3 && OWN_VOWEL_PLURAL.test(stem)) return stem.slice(0, -1);
  return stem;
}

const OWN_VOWEL_PLURAL = /(?:[^ea]i|[oy])s$/;

/**
 * French subject pronouns after the verb ("Puis-je", "Servez-vous", "a-t-il") and object ones
 * after an imperative ("Dites-nous"), joined by a hyphen: the verb is the word.
 */
const FRENCH_HYPHEN_PRONOUNS = set(
  "je tu il elle on nous vous ils elles ce t moi toi le la les lui leur en y",
);

/** Portuguese pronouns joined to their verb by a hyphen ("pode-se", "envie-nos", "enviá-lo"). */
const PORTUGUESE_HYPHEN_PRONOUNS = set(
  "se me te lhe lhes nos vos o a os as lo la los las no na nas",
);

function words(text: string): readonly string[] {
  return text.split(/\s+/).filter((w) => w !== "");
}

function set(text: string): ReadonlySet<string> {
  return new Set(words(text));
}

const NONE: ReadonlySet<string> = new Set();

export const LANGUAGES: Readonly<Record<string, LanguageRules>> = {
  en: {
    code: "en",
    stem: english,
    stopwords: words(STOPWORD_TEXT.en ?? ""),
    elisions: NONE,
    clitics: set("s ll re ve d m t"),
    hyphenPronouns: NONE,
    compounds: false,
    linkers: [],
  },
  de: {
    code: "de",
    stem: germanStem,
    participle: germanInfinitive,
    stopwords: words(STOPWORD_TEXT.de ?? ""),
    elisions: NONE,
    clitics: set("s"),
    hyphenPronouns: NONE,
    compounds: true,
    linkers: ["s", "es", "n", "en", "er", "e", "ens"],
  },
  it: {
    code: "it",
    stem: italian,
    stopwords: words(STOPWORD_TEXT.it ?? ""),
    elisions: set(
      "l d c s m t v n un dell nell all dall sull coll quell quest bell sant tutt senz dov com anch cos quand buon nessun ciascun qualcun alcun null mezz",
    ),
    clitics: NONE,
    hyphenPronouns: NONE,
    compounds: false,
    linkers: [],
  },
  fr: {
    code: "fr",
    stem: french,
    stopwords: words(STOPWORD_TEXT.fr ?? ""),
    elisions: set("l d j m n s t c qu jusqu lorsqu puisqu quoiqu presqu quelqu"),
    clitics: NONE,
    hyphenPronouns: FRENCH_HYPHEN_PRONOUNS,
    compounds: false,
    linkers: [],
  },
  es: {
    code: "es",
    stem: spanish,
    stopwords: words(STOPWORD_TEXT.es ?? ""),
    elisions: NONE,
    clitics: NONE,
    hyphenPronouns: NONE,
    compounds: false,
    linkers: [],
  },
  pt: {
    code: "pt",
    stem: portuguese,
    stopwords: words(STOPWORD_TEXT.pt ?? ""),
    elisions: set("d n"),
    clitics: NONE,
    hyphenPronouns: PORTUGUESE_HYPHEN_PRONOUNS,
    compounds: false,
    linkers: [],
  },
  nl: {
    code: "nl",
    stem: dutch,
    participle: dutchVerbStem,
    stopwords: words(STOPWORD_TEXT.nl ?? ""),
    elisions: NONE,
    clitics: set("s"),
    hyphenPronouns: NONE,
    compounds: true,
    linkers: ["s", "e", "en"],
  },
};

/** The languages analysed fully, in the table's order. */
export const SUPPORTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGES);

/**
 * The rules for `lang`: an ISO 639-1 code or a BCP 47 tag ("de-CH", "pt_BR", "EN"), matched on its
 * primary subtag. Undefined for a language without rules.
 */
export function rulesFor(lang: string): LanguageRules | undefined {
  return LANGUAGES[primaryTag(lang)];
}

/** "de-CH" → "de", "pt_BR" → "pt", "EN" → "en"; "" for nonsense. */
export function primaryTag(lang: string): string {
  const match = /^\s*([a-zA-Z]{2,3})(?:[-_]|\s*$)/.exec(lang);
  return match?.[1]?.toLowerCase() ?? "";
}
