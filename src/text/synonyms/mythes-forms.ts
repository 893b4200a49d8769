/**
 * Candidate dictionary forms of an inflected German or Italian word, for thesauri that list only
 * lemmas: "Dateien" → "datei", "gelöscht" → "löschen", "permessi" → "permesso", "aggiungo" →
 * "aggiungere". Over-generates on purpose; only candidates the thesaurus knows are used, and only
 * when the word itself is not in it.
 */
type Rule = readonly [suffix: string, replacements: readonly string[]];

const GERMAN: readonly Rule[] = [
  ["innen", ["in"]],
  ["ungen", ["ung"]],
  ["en", ["", "e", "en"]],
  ["ern", ["er", ""]],
  ["em", [""]],
  ["er", [""]],
  ["es", [""]],
  ["st", ["en", "n"]],
  ["te", ["en", "n"]],
  ["ten", ["en", "n"]],
  ["tet", ["ten"]],
  ["t", ["en", "n"]],
  ["n", [""]],
  ["e", ["", "en"]],
  ["s", [""]],
];

const ITALIAN: readonly Rule[] = [
  ["che", ["ca"]],
  ["ghe", ["ga"]],
  ["chi", ["co"]],
  ["ghi", ["go"]],
  ["i", ["o", "e", "a", "are", "ere", "ire"]],
  ["e", ["a", "ere", "ire"]],
  ["a", ["o", "are"]],
  ["o", ["are", "ere", "ire"]],
  ["ato", ["are"]],
  ["ata", ["are"]],
  ["ati", ["are"]],
  ["ate", ["are"]],
  ["uto", ["ere"]],
  ["uta", ["ere"]],
  ["uti", ["ere"]],
  ["ito", ["ire"]],
  ["ita", ["ire"]],
  ["iti", ["ire"]],
  ["ando", ["are"]],
  ["endo", ["ere", "ire"]],
  ["iamo", ["are", "ere", "ire"]],
  ["ano", ["are"]],
  ["ono", ["ere", "ire"]],
  ["arlo", ["are"]],
  ["arla", ["are"]],
  ["arli", ["are"]],
  ["arsi", ["are", "arsi"]],
  ["erlo", ["ere"]],
  ["irlo", ["ire"]],
  ["ersi", ["ere", "ersi"]],
  ["irsi", ["ire", "irsi"]],
];

const MIN_STEM = 3;

export function baseFormCandidates(lang: string, word: string): string[] {
  const out = new Set<string>();
  if (lang === "de") {
    // past participles: ge…t, ge…en ("gelöscht", "geschrieben")
    if (word.startsWith("ge") && word.length > 5) {
      const rest = word.slice(2);
      if (rest.endsWith("t")) out.add(`${rest.slice(0, -1)}en`);
      if (rest.endsWith("en")) out.add(rest);
    }
    applyRules(GERMAN, word, out);
  } else if (lang === "it") {
    applyRules(ITALIAN, word, out);
  }
  out.delete(word);
  return [...out];
}

function applyRules(rules: readonly Rule[], word: string, out: Set<string>): void {
  for (const [suffix, replacements] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (stem.length < MIN_STEM) continue;
    for (const r of replacements) out.add(stem + r);
  }
}
