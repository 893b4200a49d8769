/**
 * The infinitive of a weak past participle, for the languages that form it around the verb's stem
 * with "ge": German "geliefert", "gearbeitet", "abgeholt" (a separable prefix before "ge") and
 * Dutch "gerepareerd", "gemaakt". Snowball stems a participle apart from its verb ("geliefert"
 * against "liefern" → "lief"), so a page saying "Die Möbel werden geliefert" did not answer
 * "Liefern Sie Möbel?". The analyser adds the verb's stem as an extra term of such a word.
 *
 * Strong participles ("gegeben") are left alone: "ge…en" is as often a noun's plural ("Gebühren",
 * "Gedanken"); so are words that begin with a capital (German nouns: "Gerät", "Gericht").
 */

/** German separable prefixes that stand before the participle's "ge" ("ab|ge|holt"). */
const SEPARABLE = [
  "zurück",
  "zusammen",
  "heraus",
  "herein",
  "hinaus",
  "vorbei",
  "weiter",
  "fest",
  "frei",
  "nach",
  "auf",
  "aus",
  "bei",
  "ein",
  "her",
  "hin",
  "los",
  "mit",
  "vor",
  "weg",
  "ab",
  "an",
  "zu",
];

const VOWEL = /[aeiouyäöü]/;

/**
 * The infinitive of a German weak participle (lower case, umlauts kept): "geliefert" →
 * "liefern", "gearbeitet" → "arbeiten", "geöffnet" → "öffnen", "abgeholt" → "abholen"; null for
 * other words.
 */
export function germanInfinitive(word: string): string | null {
  if (word.length < 6 || !word.endsWith("t")) return null;
  let prefix = "";
  if (!word.startsWith("ge")) {
    prefix = SEPARABLE.find((p) => word.startsWith(`${p}ge`)) ?? "";
    if (prefix === "") return null;
  }
  let stem = word.slice(prefix.length + 2, -1);
  // "gearbeit|e|t", "geöffn|e|t": the "e" joins the ending to a stem it would not follow alone.
  if (/(?:[dt]|[^aeiouäöü][mn])e$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length < 3 || !VOWEL.test(stem)) return null;
  return `${prefix}${stem}${/(?:er|el)$/.test(stem) ? "n" : "en"}`;
}

/**
 * What a Dutch weak participle (lower case) is made around: "gerepareerd" → "repareer",
 * "gemaakt" → "maak", whose stem is the infinitive's ("repareren", "maken"); null for other words.
 */
export function dutchVerbStem(word: string): string | null {
  if (word.length < 6 || !word.startsWith("ge") || !/[dt]$/.test(word)) return null;
  const stem = word.slice(2, -1);
  return stem.length >= 3 && VOWEL.test(stem) ? stem : null;
}
