/**
 * Composition (DESIGN.md flow: "answer + citations"): the best sentences quoted from the ranked
 * passages, one citation per page, each quote a verbatim slice of the page's indexed text and each
 * link a deep link to it.
 */
import type { Citation } from "../core/answer.js";
import { CELL_SEP } from "../store/types.js";
import { analyzerFor, primaryTag } from "../text/index.js";
import { termWeight } from "./coverage.js";
import type { Ranked } from "./rank.js";
import { EXTRA_WEIGHT, type WeightedTerm } from "./retrieve.js";
import { NO_AFFIXES, pageOwnTitle, type TitleAffixes } from "./site-titles.js";
import { textFragmentUrl } from "./text-fragment.js";

export const MAX_CITATIONS = 3;
const MAX_QUOTE_CHARS = 400;
const SHORT_SENTENCE_CHARS = 80;
/** A sentence that ends: its last mark (before closing quotes or brackets) ends a sentence. */
const ENDED = /[.!?…][\s"'”’»)\]]*$/u;
/** A line of a list item: the indexed text indents each by its list's depth. */
const ITEM_LINE = /^ {2,}\S/;
/** What a line of code has and a menu's does not. */
const CODE_MARKS = /[;{}=<>$]/;
/** A sentence that opens in lower case, going on from the text before it. */
const CONTINUES = /^\p{Ll}/u;
/** A sentence that opens as one: with a capital. */
const OPENS = /^\p{Lu}/u;
/** Sentences an open one may run on through. */
const RUN_ON = 2;

export interface Composed {
  answer: string;
  citations: Citation[];
}

/** The page's indexed text by URL, for deep links that match nothing earlier on the page. */
export type PageTexts = ReadonlyMap<string, string>;

/**
 * The passages an answer quotes: the best of each of the first MAX_CITATIONS pages. When the best
 * is in the question's language, the others are too (on a site in several languages, the same
 * page translated says nothing more).
 */
export function passagesToCite(ranked: readonly Ranked[], lang = ""): Ranked[] {
  const chosen: Ranked[] = [];
  const pages = new Set<string>();
  const first = ranked[0];
  const oneLanguage = first !== undefined && lang !== "" && sameLanguage(first.chunk.lang, lang);
  for (const candidate of ranked) {
    if (chosen.length >= MAX_CITATIONS) break;
    const place = candidate.chunk.places[0];
    if (!place || pages.has(place.url)) continue;
    if (chosen.length > 0 && oneLanguage && !sameLanguage(candidate.chunk.lang, lang)) continue;
    pages.add(place.url);
    chosen.push(candidate);
  }
  return chosen;
}

/** Whether a passage's language is the question's ("und", unknown, is taken to be). */
function sameLanguage(passage: string, question: string): boolean {
  return passage === "und" || primaryTag(passage) === primaryTag(question);
}

/** Words a line of a menu has at most. */
const MENU_LINE_WORDS = 4;

/**
 * Three lines or more, each of a few words and no code, half of them or more list items (the
 * quote's first line, trimmed, counts as one when the next is).
 */
function isWordList(text: string): boolean {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length < 3) return false;
  let items = 0;
  for (const [i, line] of lines.entries()) {
    if ((line.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) > MENU_LINE_WORDS) return false;
    if (CODE_MARKS.test(line) || line.includes(CELL_SEP)) return false;
    if (ITEM_LINE.test(line) || (i === 0 && ITEM_LINE.test(lines[1] ?? ""))) items++;
  }
  return items * 2 >= lines.length;
}

export function compose(
  ranked: readonly Ranked[],
  terms: readonly WeightedTerm[],
  lang: string,
  pageTexts: PageTexts = new Map(),
  titleAffixes: TitleAffixes = NO_AFFIXES,
): Composed {
  // A quote after the first that is a list of a few words a line (a menu, a table of contents)
  // is a list of links, not something the page says.
  const citations = citePassages(
    passagesToCite(ranked, lang),
    terms,
    lang,
    pageTexts,
    titleAffixes,
  ).filter((citation, i) => i === 0 || !isWordList(citation.quote));
  return { answer: citations[0]?.quote ?? "", citations };
}

/** One citation per passage: its most telling sentence, deep-linked on the passage's page. */
export function citePassages(
  passages: readonly Ranked[],
  terms: readonly WeightedTerm[],
  lang: string,
  pageTexts: PageTexts = new Map(),
  titleAffixes: TitleAffixes = NO_AFFIXES,
): Citation[] {
  const analyzer = analyzerFor(lang);
  const weight = new Map(terms.map((t) => [t.term, t.idf * termWeight(t, EXTRA_WEIGHT)]));
  const citations: Citation[] = [];
  for (const passage of passages) {
    const place = passage.chunk.places[0];
    if (!place) continue;
    const { quote, start } = bestQuote(passage.chunk.text, passage.chunk.sentences, (sentence) => {
      let score = 0;
      const seen = new Set<string>();
      analyzer.forEachTerm(sentence, (term) => {
        if (!seen.has(term)) score += weight.get(term) ?? 0;
        seen.add(term);
      });
      return score;
    });
    const page = pageTexts.get(place.url) ?? "";
    const at = page.indexOf(quote);
    citations.push({
      url: textFragmentUrl(
        place.url,
        quote,
        anchorBefore(place.anchor, place.laterAnchors, start),
        at > 0 ? page.slice(0, at) : "",
      ),
      title:
        place.title !== null
          ? pageOwnTitle(place.title, titleAffixes)
          : (place.headingPath.at(-1) ?? place.url),
      quote,
    });
  }
  return citations;
}

/** The id nearest before `offset` in the passage: one of its later ids, else the passage's own. */
function anchorBefore(
  anchor: string | null,
  later: readonly [number, string][] = [],
  offset: number,
): string | null {
  let nearest = anchor;
  for (const [at, id] of later) {
    if (at > offset) break;
    nearest = id;
  }
  return nearest;
}

/**
 * Where the quote of the sentence at `start` should begin. A paragraph opening in lower case goes
 * on from the text before it ("…then run" + "$ git commit --amend" + "which will replace the old
 * commit…"): the quote then starts with the command it follows and the open sentence that
 * introduces it, when they fit.
 */
function openingOf(
  text: string,
  spans: readonly [number, number][],
  start: number,
  end: number,
): number {
  if (!CONTINUES.test(text.slice(start, end)) || !text.startsWith("\n\n", start - 2)) return start;
  let opening = start;
  for (let more = 0; more < RUN_ON; more++) {
    const paragraphEnd = text.slice(0, opening).trimEnd().length;
    if (paragraphEnd === 0) break;
    const gap = text.lastIndexOf("\n\n", paragraphEnd - 1);
    const from = gap < 0 ? 0 : gap + 2;
    const paragraph = text.slice(from, paragraphEnd);
    if (ENDED.test(paragraph)) break;
    // Prose on one line: its last sentence, which the paragraph after finishes; else (code, a
    // list) the whole paragraph, and on to what introduces it.
    const prose = !paragraph.includes("\n") && OPENS.test(paragraph);
    const begin = prose ? lastSpanStart(spans, from, paragraphEnd) : from;
    if (end - begin > MAX_QUOTE_CHARS) break;
    opening = begin;
    if (prose) break;
  }
  return opening;
}

/** The start of the last sentence that starts within `[from, to)`, else `from`. */
function lastSpanStart(spans: readonly [number, number][], from: number, to: number): number {
  let last = from;
  for (const [s] of spans) {
    if (s >= to) break;
    if (s >= from) last = s;
  }
  return last;
}

/**
 * Where the sentence at span `i` ends when read with what goes on from it: a span that ends no
 * sentence ("Breakfast buffet") runs on into spans that open in lower case ("is served until
 * ten."), a little way. A quote scored by its first span alone would miss what the rest says.
 */
function goesOnTo(text: string, spans: readonly [number, number][], i: number): number {
  let [start, end] = spans[i] as [number, number];
  for (let k = i + 1; k <= i + RUN_ON && k < spans.length; k++) {
    const next = spans[k] as [number, number];
    if (ENDED.test(text.slice(start, end)) || !CONTINUES.test(text.slice(next[0], next[1]))) break;
    [start, end] = next;
  }
  return end;
}

/**
 * The passage's most telling sentence (with the next one when it is short), as an exact slice of
 * the passage (from `start`): never rewritten, so it can be found on the page.
 */
function bestQuote(
  text: string,
  sentences: readonly [number, number][],
  score: (s: string) => number,
): { quote: string; start: number } {
  const spans = sentences.length > 0 ? sentences : [[0, text.length] as [number, number]];
  let best = spans[0] as [number, number];
  let bestScore = -1;
  for (const [i, span] of spans.entries()) {
    const value = score(text.slice(span[0], goesOnTo(text, spans, i)));
    if (value > bestScore) {
      best = span;
      bestScore = value;
    }
  }
  let [start, end] = best;
  let index = spans.indexOf(best);
  start = openingOf(text, spans, start, end);
  const next = spans[index + 1];
  if (end - start < SHORT_SENTENCE_CHARS && next) {
    end = next[1];
    index++;
  }
  // A sentence left open runs on through what it introduces ("run the command" + "dpkg --list" +
  // "aus."; "use this command:" + the command), a little way and while it fits.
  for (let more = 0; more < RUN_ON && !ENDED.test(text.slice(start, end)); more++) {
    const after = spans[index + 1];
    if (!after || after[1] - start > MAX_QUOTE_CHARS) break;
    end = after[1];
    index++;
  }
  if (end - start > MAX_QUOTE_CHARS) {
    const cut = text.lastIndexOf(" ", start + MAX_QUOTE_CHARS);
    end = cut > start ? cut : start + MAX_QUOTE_CHARS;
  }
  return { quote: text.slice(start, end).trim(), start };
}
