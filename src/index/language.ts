/**
 * Languages of pages and sections for the index: what a page declares wins, detection
 * (src/text) fills in for pages that declare nothing (the PostgreSQL manual) and tells the
 * sections whose language differs from their page's.
 */
import { analyzerFor, detectLanguage, scanWords } from "../text/index.js";
import type { Block, DetectLanguage } from "./extract/index.js";

/** Characters of a page's running text read to detect its language. */
const SAMPLE_CHARS = 2000;
/** Least text worth detecting: below it a guess is not evidence. */
const MIN_SAMPLE = 20;

/** Words from which a page's own words may overrule the language it declares. */
const CONTRADICTING_WORDS = 8;
/**
 * Below this much text, the declared language holds unless hardly a word of the text is its
 * (`SHORT_OWN_SHARE` of stopwords): a caption or a greeting in another language is no evidence.
 */
const CONTRADICTING_SAMPLE = 120;
const SHORT_OWN_SHARE = 0.1;
/** How sure detection must be of the other language (a short paragraph of Italian: 0.42). */
const CONTRADICTING_CONFIDENCE = 0.3;

/**
 * The page's language: the declared one, else detected from its text, else "und". A declared
 * language gives way to the text's when it is no language at all (`lang="xx-invalid"`) or when
 * the text plainly is in another (a theme's fixed `lang="en"` on an Italian site): its words are
 * analysed, and its questions answered, in the language they are written in.
 */
export function pageLanguage(declared: string, blocks: readonly Block[]): string {
  let sample = "";
  for (const b of blocks) {
    if (b.kind === "heading" || b.kind === "pre" || b.linked) continue;
    sample += `${b.text}\n`;
    if (sample.length > SAMPLE_CHARS) break;
  }
  if (declared !== "und" && isLanguageCode(declared))
    return overruling(sample, declared) ?? declared;
  if (sample.length < MIN_SAMPLE) return "und";
  return detectLanguage(sample).lang;
}

/**
 * The language the page's text plainly is in instead of the one it declares, if any. Only
 * running text as plainly in another language overrules: a list of names, code, or a script
 * Hooty does not analyse never does.
 */
function overruling(sample: string, declared: string): string | null {
  const own = stopwordCount(sample, declared);
  if (own.words < CONTRADICTING_WORDS || own.stopwords >= own.words * PLAIN_SHARE) return null;
  if (sample.length < CONTRADICTING_SAMPLE && own.stopwords >= own.words * SHORT_OWN_SHARE) {
    return null;
  }
  const guess = detectLanguage(sample);
  if (guess.lang === declared || guess.confidence < CONTRADICTING_CONFIDENCE) return null;
  // The sample has as many words in any language's count as in the declared one's: eight or more.
  return plainlyIn(sample, guess.lang, CONTRADICTING_WORDS) ? guess.lang : null;
}

/** ISO 639-1's codes: a two-letter `lang` not among them names no language. */
const ISO_639_1 = new Set(
  (
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv " +
    "cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr " +
    "ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw " +
    "ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv " +
    "ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr " +
    "ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi " +
    "yo za zh zu"
  ).split(" "),
);

/** Whether a primary language subtag names a language (three-letter codes are taken as given). */
function isLanguageCode(lang: string): boolean {
  return lang.length !== 2 || ISO_639_1.has(lang);
}

/** Characters of a section read to see whether it plainly is in its page's language. */
const PLAIN_SAMPLE = 600;
/**
 * Share of a section's words that are stopwords of its page's language from which the section is
 * taken to be in that language without running the detector: running text is a third or more
 * function words, a text in another language only a few percent of the page language's.
 */
const PLAIN_SHARE = 0.25;

/**
 * Whether the text plainly is in `lang`, in `leastWords` words or more: a quick stopword count,
 * far cheaper than detection.
 */
function plainlyIn(text: string, lang: string, leastWords = 20): boolean {
  const { words, stopwords } = stopwordCount(text, lang);
  return words >= leastWords && stopwords >= words * PLAIN_SHARE;
}

/** Words of the text's start (`PLAIN_SAMPLE`), and how many are stopwords of `lang` (0 if unknown). */
function stopwordCount(text: string, lang: string): { words: number; stopwords: number } {
  const analyzer = analyzerFor(lang);
  const sample = text.length > PLAIN_SAMPLE ? text.slice(0, PLAIN_SAMPLE) : text;
  let words = 0;
  let stopwords = 0;
  const known = analyzer.lang !== "";
  scanWords(sample, (start, end) => {
    words++;
    if (known && analyzer.isStopwordAt(sample, start, end)) stopwords++;
  });
  return { words, stopwords };
}

/**
 * Below this many characters a section is in another language than its page only when its words
 * plainly are (a quarter of them or more that language's stopwords) and hardly any are the page
 * language's: a caption, a list of names or a line of code is no evidence, a paragraph is.
 */
const SHORT_SECTION = 200;

/** Whether the section text is plainly in its page's language, detection not needed. */
function plainlyPageLanguage(text: string, pageLang: string): boolean {
  if (pageLang === "und") return false;
  if (text.length >= SHORT_SECTION) return plainlyIn(text, pageLang);
  const own = stopwordCount(text, pageLang);
  return own.stopwords >= own.words * SHORT_OWN_SHARE;
}

/** A detector for the page's sections that leans towards the page's language. */
export function sectionDetector(pageLang: string): DetectLanguage {
  const detect = detectorBeyondPlain(pageLang);
  return (text) => (plainlyPageLanguage(text, pageLang) ? pageLang : detect(text));
}

/** The detector's answer for a text not plainly in its page's language. */
function detectorBeyondPlain(pageLang: string): DetectLanguage {
  const hints = pageLang === "und" ? {} : { declared: pageLang };
  return (text) => {
    const guess = detectLanguage(text, hints);
    if (guess.lang === "und") return null;
    const evident =
      text.length >= SHORT_SECTION ||
      guess.lang === pageLang ||
      plainlyIn(text, guess.lang, CONTRADICTING_WORDS);
    return evident ? guess.lang : null;
  };
}

/** Section texts whose language is remembered, before the memory is emptied. */
const REMEMBERED_SECTIONS = 20_000;
/**
 * Characters of those texts, at most: a site whose pages are long runs of text in no language
 * (data, code) would otherwise have the memory hold megabytes per page.
 */
const REMEMBERED_CHARS = 8_000_000;

/**
 * Section detectors that remember what they told by text: when site boilerplate moves and a page
 * is built again, its sections (mostly unchanged) are not detected a second time. Only the texts
 * that needed the detector proper are remembered: the stopword count that settles most sections
 * costs less than keying a map by their text. The answer depends on the text and the page's
 * language only, so one memory serves every site of an index sink.
 */
export function rememberingSectionDetectors(): (pageLang: string) => DetectLanguage {
  const known = new Map<string, Map<string, string | null>>();
  let remembered = 0;
  let chars = 0;
  return (pageLang) => {
    const detect = detectorBeyondPlain(pageLang);
    return (text) => {
      if (plainlyPageLanguage(text, pageLang)) return pageLang;
      let byText = known.get(pageLang);
      if (!byText) {
        byText = new Map();
        known.set(pageLang, byText);
      }
      let lang = byText.get(text);
      if (lang === undefined) {
        lang = detect(text);
        if (text.length > REMEMBERED_CHARS) return lang;
        if (remembered >= REMEMBERED_SECTIONS || chars + text.length > REMEMBERED_CHARS) {
          known.clear();
          remembered = 0;
          chars = 0;
          byText = new Map();
          known.set(pageLang, byText);
        }
        byText.set(text, lang);
        remembered++;
        chars += text.length;
      }
      return lang;
    };
  };
}
