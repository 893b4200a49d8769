/**
 * Languages of pages and sections for the index: what a page declares wins, detection
 * (src/text) fills in for pages that declare nothing (the PostgreSQL manual) and tells the
 * sections whose language differs from their page's.
 */
import { detectLanguage } from "../text/index.js";
import type { Block, DetectLanguage } from "./extract/index.js";

/** Characters of a page's running text read to detect its language. */
const SAMPLE_CHARS = 2000;
/** Least text worth detecting: below it a guess is not evidence. */
const MIN_SAMPLE = 20;

/** The page's language: the declared one, else detected from its text, else "und". */
export function pageLanguage(declared: string, blocks: readonly Block[]): string {
  if (declared !== "und") return declared;
  let sample = "";
  for (const b of blocks) {
    if (b.kind === "heading" || b.kind === "pre" || b.linked) continue;
    sample += `${b.text}\n`;
    if (sample.length > SAMPLE_CHARS) break;
  }
  if (sample.length < MIN_SAMPLE) return "und";
  return detectLanguage(sample).lang;
}

/** A detector for the page's sections that leans towards the page's language. */
export function sectionDetector(pageLang: string): DetectLanguage {
  const hints = pageLang === "und" ? {} : { declared: pageLang };
  return (text) => {
    const guess = detectLanguage(text, hints);
    return guess.lang === "und" ? null : guess.lang;
  };
}
