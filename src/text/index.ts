/**
 * `src/text`: the one language analysis for pages and questions (DESIGN.md's flow: "pages (text
 * by section) ─► index" and "visitor question ─► analyse"). Detect the language, then analyse
 * with it; a page and a question in the same language meet on the same terms.
 *
 * ```ts
 * // a page (or a section whose language may differ from its page's)
 * const { lang } = detectLanguage(section.text, { declared: page.lang, candidates: site.languages });
 * for (const t of analyze(section.text, lang)) index(t.term, t.position, t.extra === true);
 * // a question
 * const q = detectLanguage(question, { candidates: site.languages });
 * const terms = analyze(question, q.lang).map((t) => t.term);
 * ```
 *
 * - `Token.start`/`end` are the word's span in the input: `text.slice(start, end)` is the surface
 *   form to quote or highlight.
 * - `Token.extra` marks additional terms of the same word (compound parts, pieces of `pg_dump` or
 *   `apt-get`, the stem of the word spelt without diacritics); they share its position.
 * - A long-lived `createAnalyzer(lang)` (or the shared `analyzerFor(lang)`, which `analyze` uses)
 *   caches each surface form's analysis; `forEachTerm` avoids allocating a token per word.
 * - Compound splitting uses a built-in seed of common German and Dutch words; pass
 *   `createLexicon(lang, siteWords)` to `createAnalyzer` to split with the site's own vocabulary.
 * - `createSpeller(vocabulary).suggest(word)` proposes corrections from the site's vocabulary.
 *
 * `detectLanguage` loads eld's n-gram model the first time a text needs it (about 0.2 s once per
 * process from the build's JSON snapshot, eld-model.ts; see BENCHMARKS.md).
 */
export { ANALYSIS_VERSION } from "./analysis-version.js";
export {
  type Analyzer,
  type AnalyzerOptions,
  analyze,
  analyzerFor,
  createAnalyzer,
  type TermVisitor,
  type Token,
} from "./analyze.js";
export { createLexicon, type Lexicon, seedLexicon, splitCompound } from "./compound.js";
export {
  type DetectHints,
  detectLanguage,
  type LanguageGuess,
  loadLanguageModel,
} from "./detect.js";
export { fold, germanDigraphs } from "./fold.js";
export { primaryTag, rulesFor, SUPPORTED_LANGUAGES } from "./languages.js";
export { createSpeller, type Speller, type Suggestion } from "./suggest.js";
export { scanWords } from "./tokenize.js";
export { plausibleSubstitution, typoDistance } from "./typo-keys.js";
