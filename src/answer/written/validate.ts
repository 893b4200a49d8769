import { type Analyzer, analyzerFor } from "../../text/analyze.js";
import { primaryTag } from "../../text/languages.js";
import { capitalisesNouns } from "../question.js";
import { NOT_COVERED } from "./prompt.js";

/** One claim of a written answer and the passages it cites. */
export interface Claim {
  text: string;
  cited: string[];
}

export type Verdict =
  | { kind: "answer"; answer: string; cited: string[]; claims: Claim[] }
  | { kind: "not-covered" }
  | { kind: "rejected"; reason: string };

export interface CheckOptions {
  /** The passages the model was given, by id. */
  passages: ReadonlyMap<string, string>;
  /** The question's language: claims and passages are compared with its analysis. */
  lang: string;
  /**
   * Each passage's language, where known: a claim in the same language must be said by one or
   * two sentences of a passage it cites (`sentenceSupport`); across languages only the shared
   * word and the numbers are checked.
   */
  passageLangs?: ReadonlyMap<string, string>;
  maxChars: number;
}

/** One or more `[p1]`, `[p1, p2]` groups in a row. */
const CITATION_RUN = /(?:\s*\[\s*[A-Za-z0-9_-]{1,32}(?:\s*[,;]\s*[A-Za-z0-9_-]{1,32})*\s*\])+/g;
const CITATION_IDS = /[A-Za-z0-9_-]{1,32}/g;
const THINKING = /^\s*<think>[\s\S]*?<\/think>/;
/** What may follow the last citation: punctuation, closing quotes, markdown emphasis. */
const TAIL = /^[\s.!?。！？:;,)\]"'»”’*_`]*$/u;
const HAS_WORD = /[\p{L}\p{N}]/u;
const WORDS = /[\p{L}\p{N}]+/gu;
const MAX_WORDS_WITHOUT_CONTENT = 3;
const DIGITS = /\d+/g;
/** A sentence end followed by what starts a new sentence (a capital, a digit, a caseless letter). */
const SENTENCE_END = /([\p{L}\p{N}.]*)[.!?。！？]["')»”’]*\s+(?=[\p{Lu}\p{Lt}\p{Lo}\p{N}])/gu;
const ABBREVIATIONS = new Set(
  "e.g i.e etc vs ca cf approx no nr dr mr mrs ms prof st z.b bzw usw ggf vgl sog u.a d.h ecc pag dott ing sig art abs p pp".split(
    " ",
  ),
);

/**
 * Checks a chat model's reply strictly: every sentence ends with citations, every citation names
 * a passage the model was given, every cited passage shares a content word with the claim
 * citing it (only a claim of a few words may have none: "It is so [p1]."), and the passages a
 * claim cites hold every number it states. Anything else is rejected, never repaired.
 */
export function checkReply(reply: string, options: CheckOptions): Verdict {
  const text = reply.replace(THINKING, "").trim();
  if (!text) return rejected("empty");
  if (text.length > options.maxChars) return rejected("too-long");
  if (text.replace(/^[\s"'`*_]+|[\s"'`*_.!]+$/g, "") === NOT_COVERED) {
    return { kind: "not-covered" };
  }
  if (text.includes(NOT_COVERED)) return rejected("not-covered-mixed-with-text");

  const claims: Claim[] = [];
  let answer = "";
  let from = 0;
  for (const match of text.matchAll(CITATION_RUN)) {
    const claimText = text.slice(from, match.index);
    const ids = uniqueIds(match[0]);
    const unknown = ids.find((id) => !options.passages.has(id));
    if (unknown !== undefined) return rejected(`unknown-id:${unknown}`);
    answer += `${claimText.trimEnd()} ${ids.map((id) => `[${id}]`).join("")}`;
    from = match.index + match[0].length;
    const previous = claims.at(-1);
    if (!HAS_WORD.test(claimText)) {
      // "A is B. [p1] [p2]" after "A is B [p1]": more citations for the claim before.
      if (!previous) return rejected("citation-without-claim");
      previous.cited = [...new Set([...previous.cited, ...ids])];
      continue;
    }
    const claim = cleanClaim(claimText);
    const problem = sentenceProblem(claim);
    if (problem) return rejected(problem);
    claims.push({ text: claim, cited: ids });
  }
  if (claims.length === 0) return rejected("no-citations");
  const tail = text.slice(from);
  if (!TAIL.test(tail)) return rejected("uncited-sentence");
  answer += tail;

  const analyzer = analyzerFor(options.lang);
  const termsOf = (value: string) => new Set(analyzer.analyze(value).map((token) => token.term));
  const passageTerms = new Map<string, Set<string>>();
  for (const claim of claims) {
    const claimTerms = termsOf(claim.text);
    if (claimTerms.size === 0) {
      // "It is so [p1]." has nothing to compare; a longer claim without a content word is garbage.
      if ((claim.text.match(WORDS)?.length ?? 0) > MAX_WORDS_WITHOUT_CONTENT) {
        return rejected("claim-without-content");
      }
      continue;
    }
    for (const id of claim.cited) {
      const terms = passageTerms.get(id) ?? termsOf(options.passages.get(id) ?? "");
      passageTerms.set(id, terms);
      if (![...claimTerms].some((term) => terms.has(term))) {
        return rejected(`citation-does-not-support-claim:${id}`);
      }
    }
  }
  for (const claim of claims) {
    const problem =
      unsupported(claim, options.passages) ?? sentenceSupport(claim, options, analyzer);
    if (problem) return rejected(problem);
  }
  const cited = [...new Set(claims.flatMap((claim) => claim.cited))];
  return { kind: "answer", answer: answer.trim(), cited, claims };
}

/**
 * A number the claim states that none of its passages holds (a price, a limit, a version: what a
 * model gets wrong most and a reader trusts most). Words are not compared beyond the shared one
 * above: the answer is written in the question's language, which may not be the passages'.
 */
function unsupported(claim: Claim, passages: ReadonlyMap<string, string>): string | null {
  const source = claim.cited.map((id) => passages.get(id) ?? "").join("\n");
  const numbers = new Set(source.match(DIGITS) ?? []);
  const number = (claim.text.match(DIGITS) ?? []).find((digits) => !numbers.has(digits));
  return number === undefined ? null : `number-not-in-passages:${number}`;
}

/** A word of `words` standing alone (`\b` knows no accented letter: "né", "jamás"). */
const anyWord = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`, "iu");

/** Words that turn a statement into its opposite, by language (primary subtag). */
const NEGATIONS: Readonly<Record<string, RegExp>> = {
  en: anyWord("not|no|never|none|nothing|nobody|neither|nor|cannot|\\p{L}+n't"),
  de: anyWord("nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|nichts|weder"),
  it: anyWord("non|mai|nessun|nessuna|nessuno|niente|nulla|né"),
  fr: anyWord("ne|pas|jamais|aucun|aucune|rien|ni"),
  es: anyWord("no|nunca|jamás|ningún|ninguna|ninguno|nada|nadie|ni"),
};

/** What a sentence of a passage holds, for claims to be read against. */
interface SentenceFacts {
  terms: Set<string>;
  numbers: Set<string>;
  negated: boolean;
}

/** The sentences (and lines) of a passage, each read once. */
function sentencesOf(passage: string, analyzer: Analyzer, negation?: RegExp): SentenceFacts[] {
  return passage
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "")
    .map((sentence) => ({
      terms: new Set(analyzer.analyze(sentence).map((token) => token.term)),
      numbers: new Set(sentence.match(DIGITS) ?? []),
      negated: negation?.test(sentence) ?? false,
    }));
}

/** Of a claim's words, at most this share may be the model's own (a synonym, a linking word). */
const OWN_WORDS_SHARE = 0.25;

/**
 * A claim in a passage's own language must be what one sentence of it, or two in a row, says: its
 * words there but a quarter at most, its names (a capital past its first word: "Switzerland",
 * "Hotel Eule"; in German every noun has one) and every number it states there, and negated there
 * exactly when the claim is. Words scattered over a passage ("Shipping to Switzerland is free"
 * from "Shipping to Switzerland costs 9 francs. … Orders above 150 francs ship free.") or a
 * statement turned round ("We do not ship to Switzerland") are not what the page says.
 */
function sentenceSupport(claim: Claim, options: CheckOptions, analyzer: Analyzer): string | null {
  const lang = primaryTag(options.lang);
  const same = claim.cited.filter((id) => primaryTag(options.passageLangs?.get(id) ?? "") === lang);
  if (same.length === 0 || same.length < claim.cited.length) return null;
  // The claim's own words (not the parts of a compound or an identifier, which count with them).
  const tokens = analyzer.analyze(claim.text).filter((token) => !token.extra);
  const words = new Set(tokens.map((token) => token.term));
  if (words.size === 0) return null;
  const names = capitalisesNouns(lang)
    ? []
    : tokens
        .filter((token) => token.position > 0 && /^\p{Lu}/u.test(claim.text.slice(token.start)))
        .map((token) => token.term);
  const numbers = claim.text.match(DIGITS) ?? [];
  const negation = NEGATIONS[lang];
  const negated = negation?.test(claim.text) ?? false;
  const allowedMissing = Math.floor(words.size * OWN_WORDS_SHARE);
  const says = (window: SentenceFacts[]) => {
    if (window.some((s) => s.negated) !== negated) return false;
    if (numbers.some((digits) => !window.some((s) => s.numbers.has(digits)))) return false;
    const holds = (term: string) => window.some((s) => s.terms.has(term));
    let missing = 0;
    for (const word of words) if (!holds(word)) missing++;
    return missing <= allowedMissing && names.every(holds);
  };
  for (const id of same) {
    const sentences = sentencesOf(options.passages.get(id) ?? "", analyzer, negation);
    for (let i = 0; i < sentences.length; i++) {
      if (says(sentences.slice(i, i + 1)) || says(sentences.slice(i, i + 2))) return null;
    }
  }
  return `claim-not-said-by-a-sentence:${claim.cited.join(",")}`;
}

function uniqueIds(run: string): string[] {
  return [...new Set(run.match(CITATION_IDS) ?? [])];
}

/** Several sentences before one citation, or an uncited line, make the claim unchecked. */
function sentenceProblem(claim: string): string | null {
  const lines = claim.split(/\n+/);
  // A line ending with ":" introduces the list item that follows it.
  if (lines.slice(0, -1).some((line) => !line.trimEnd().endsWith(":"))) {
    return "uncited-sentence";
  }
  for (const match of claim.matchAll(SENTENCE_END)) {
    const word = (match[1] ?? "").toLowerCase().replace(/\.$/, "");
    if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    return "uncited-sentence";
  }
  return null;
}

function cleanClaim(claim: string): string {
  return claim.replace(/^[\s.!?。！？:;,]+/u, "").trim();
}

function rejected(reason: string): Verdict {
  return { kind: "rejected", reason };
}
