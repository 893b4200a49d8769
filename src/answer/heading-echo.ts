/**
 * Headings a question repeats word for word. A FAQ or a manual titles sections with the very
 * questions visitors ask ("Was ist Debian GNU/Linux?", "What Is PostgreSQL?"), and such a question
 * may hold no word that tells pages apart: stopwords and the site's own name, found on every page.
 * Its words' evidence alone then finds no page; the heading, read word for word, does.
 */
import type { SectionHeading } from "../store/types.js";
import { analyzerFor } from "../text/index.js";

/** Words a question (or a heading) must have to be matched word for word. */
const MIN_WORDS = 3;
/** Terms a question must have to match a heading of the same terms in another order. */
const MIN_TERMS = 2;
/** Words the longer of question and heading may have beyond the shorter (", GNU/Linux"). */
const MAX_EXTRA_WORDS = 2;

/**
 * Words written elided before a vowel, read whole so that both spellings match: Italian's
 * "Cos'è Debian?" asks what "Cosa è Debian?" does.
 */
const ELIDED: Record<string, Record<string, string>> = {
  it: { cos: "cosa", dov: "dove", com: "come", quand: "quando" },
};

/** Labels that number a heading, followed by a number or letter ("Kapitel 1.", "Appendix K."). */
const LABELS = new Set([
  "chapter",
  "appendix",
  "part",
  "section",
  "kapitel",
  "anhang",
  "teil",
  "abschnitt",
  "capitolo",
  "appendice",
  "parte",
  "sezione",
  "chapitre",
  "annexe",
  "capitulo",
  "apendice",
]);

/** A heading's leading numbering, as text: "3.1.2. ", "F.38. ", "Appendix K. ", "Kapitel 1. ". */
const NUMBERING = new RegExp(
  `^\\s*(?:(?:${[...LABELS].join("|")})\\s+)?(?:\\d+(?:\\.\\d+)*\\.?|\\p{L}(?:\\.\\d+)*\\.)\\s+`,
  "iu",
);

/** The heading without its numbering: "1. What Is PostgreSQL?" says "What Is PostgreSQL?". */
export function withoutNumbering(heading: string): string {
  return heading.replace(NUMBERING, "");
}

/** A site's headings, each with its words, ready to be matched. */
export interface HeadingIndex {
  headings: readonly SectionHeading[];
  /** Headings by their number of words. */
  byLength: Map<number, { heading: SectionHeading; words: string[] }[]>;
  /** Per language, headings by their terms (`termsKey`), made when a question first needs them. */
  byTerms: Map<string, Map<string, SectionHeading[]>>;
}

export function headingIndex(headings: readonly SectionHeading[]): HeadingIndex {
  const byLength: HeadingIndex["byLength"] = new Map();
  for (const heading of headings) {
    const words = wordsOf(withoutNumbering(heading.heading)).map(whole);
    if (words.length === 0) continue;
    let list = byLength.get(words.length);
    if (!list) {
      list = [];
      byLength.set(words.length, list);
    }
    list.push({ heading, words });
  }
  return { headings, byLength, byTerms: new Map() };
}

/** The distinct terms `lang` analyses the text into (extra terms left out), as one key. */
function termsKey(text: string, lang: string): { key: string; size: number } {
  const terms = new Set<string>();
  analyzerFor(lang).forEachTerm(text, (term, _position, _start, _end, extra) => {
    if (!extra && !/^\d+$/.test(term)) terms.add(term);
  });
  return { key: [...terms].sort().join("\u0001"), size: terms.size };
}

/** The headings by their terms in `lang` (analysed on first use, then kept with the index). */
export function headingsByTerms(index: HeadingIndex, lang: string): Map<string, SectionHeading[]> {
  let byKey = index.byTerms.get(lang);
  if (!byKey) {
    byKey = new Map();
    for (const heading of index.headings) {
      const { key, size } = termsKey(withoutNumbering(heading.heading), lang);
      if (size < MIN_TERMS) continue;
      const list = byKey.get(key);
      if (list) list.push(heading);
      else byKey.set(key, [heading]);
    }
    index.byTerms.set(lang, byKey);
  }
  return byKey;
}

/**
 * The headings that repeat the question word for word (case and accents aside), closest first.
 * Either may have up to two words more, but only words that add nothing: stopwords of `lang`, and
 * on the heading's side words of the site's name (`siteName`: "Was ist Debian GNU/Linux?" for
 * "Was ist Debian?"). A word beyond may be what the question asks ("What is Debian's price?") or
 * narrow the heading ("How do I install Debian on ARM?"). The shorter of the two has at least
 * three words, one of them not a stopword. After those, the headings whose terms are the
 * question's, in any order, when it has two or more.
 */
export function echoedHeadings(
  question: string,
  lang: string,
  index: HeadingIndex,
  siteName = "",
): SectionHeading[] {
  const asked = wordsOf(question).map(whole);
  const analyzer = analyzerFor(lang);
  const named = new Set(wordsOf(siteName));
  const saysSomething = (words: readonly string[]) => words.some((w) => !analyzer.isStopword(w));
  const addsSomething = (words: readonly string[], side: "question" | "heading") =>
    words.some((w) => !analyzer.isStopword(w) && !(side === "heading" && named.has(w)));
  const found: { heading: SectionHeading; extra: number }[] = [];
  const from = Math.max(MIN_WORDS, asked.length - MAX_EXTRA_WORDS);
  const to = asked.length < MIN_WORDS ? 0 : asked.length + MAX_EXTRA_WORDS;
  for (let length = from; length <= to; length++) {
    for (const { heading, words } of index.byLength.get(length) ?? []) {
      const [shorter, longer] = words.length <= asked.length ? [words, asked] : [asked, words];
      const at = runStart(longer, shorter);
      if (at < 0 || !saysSomething(shorter)) continue;
      const beyond = [...longer.slice(0, at), ...longer.slice(at + shorter.length)];
      if (addsSomething(beyond, longer === asked ? "question" : "heading")) continue;
      found.push({ heading, extra: longer.length - shorter.length });
    }
  }
  const ordered = found.sort((a, b) => a.extra - b.extra).map((f) => f.heading);
  // The same terms in another order ("Welche Version von Debian ist die aktuelle?" for "Was ist
  // die aktuelle Version von Debian?"): two terms at least, the heading's all and only them.
  const { key, size } = termsKey(question, lang);
  if (size >= MIN_TERMS) {
    for (const heading of headingsByTerms(index, lang).get(key) ?? []) {
      if (!ordered.includes(heading)) ordered.push(heading);
    }
  }
  return ordered;
}

/** The word unelided, in whichever language elides it (no word is elided in two ways). */
function whole(word: string): string {
  for (const words of Object.values(ELIDED)) {
    const full = words[word];
    if (full !== undefined) return full;
  }
  return word;
}

/** Lower-case words of letters and digits, accents removed. */
function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Where `run` stands in `words` as consecutive words, or -1. */
function runStart(words: readonly string[], run: readonly string[]): number {
  for (let start = 0; start + run.length <= words.length; start++) {
    let i = 0;
    while (i < run.length && words[start + i] === run[i]) i++;
    if (i === run.length) return start;
  }
  return -1;
}
