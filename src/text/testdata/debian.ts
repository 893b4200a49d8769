/**
 * Real text for tests and benchmarks: the Debian FAQ and Debian Reference in several languages,
 * read from the Debian packages when they are installed (`debian-faq`, `debian-faq-de`, `-fr`,
 * `-it`, `-nl`, `debian-reference-en`, `-de`, `-es`, `-fr`, `-it`, `-pt`). Nothing is copied into
 * the repository; callers skip when a file is missing.
 *
 * Translations leave some passages in English (licence texts, new sections): text that also occurs
 * in the English original is left out, so every label is the language the text is written in.
 */
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const FAQ = "/usr/share/doc/debian/FAQ";
const REFERENCE = "/usr/share/debian-reference";

/** The languages with at least one document installed. */
export const DEBIAN_LANGUAGES = ["en", "de", "it", "fr", "es", "pt", "nl"];

const documents = new Map<string, string[]>();

/** The plain-text documents of `lang` that are installed, whitespace collapsed per paragraph. */
export function debianDocuments(lang: string): string[] {
  let found = documents.get(lang);
  if (!found) {
    const files = [
      `${FAQ}/debian-faq.${lang}.txt.gz`,
      `${REFERENCE}/debian-reference.${lang}.txt.gz`,
    ];
    found = files
      .filter((file) => existsSync(file))
      .map((file) => gunzipSync(readFileSync(file)).toString("utf8"));
    documents.set(lang, found);
  }
  return found;
}

let english: string[] | undefined;

function untranslated(text: string): boolean {
  english ??= debianDocuments("en").map((document) => document.replace(/\s+/g, " "));
  return english.some((document) => document.includes(text));
}

function paragraphs(lang: string, minWords: number): string[] {
  const out: string[] = [];
  for (const document of debianDocuments(lang)) {
    for (const block of document.split(/\n\s*\n/)) {
      const paragraph = block.replace(/\s+/g, " ").trim();
      if (paragraph.split(" ").length < minWords) continue;
      if (/https?:|\$ |\/usr|[{}<>=|#]|\* |\[\d+\]/.test(paragraph)) continue;
      const letters = paragraph.match(/\p{L}/gu)?.length ?? 0;
      if (letters < paragraph.length * 0.75) continue;
      out.push(paragraph);
    }
  }
  return out;
}

/** Evenly spread picks of at most `limit` items, untranslated ones skipped. */
function pick(lang: string, all: string[], limit: number): string[] {
  const step = Math.max(1, Math.floor(all.length / (limit * 1.5)));
  const out: string[] = [];
  for (let i = 0; i < all.length && out.length < limit; i += step) {
    const text = all[i];
    if (text && (lang === "en" || !untranslated(text))) out.push(text);
  }
  return out;
}

/** Paragraphs of running text (not code, not tables) of at least `minWords` words. */
export function debianParagraphs(lang: string, limit: number, minWords = 60): string[] {
  return pick(lang, paragraphs(lang, minWords), limit);
}

/** Sentences of 6 to 40 words from running text. */
export function debianSentences(lang: string, limit: number): string[] {
  const all: string[] = [];
  for (const paragraph of paragraphs(lang, 6)) {
    for (const sentence of paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) {
      const words = sentence.split(" ").length;
      if (words >= 6 && words <= 40) all.push(sentence);
    }
  }
  return pick(lang, all, limit);
}
