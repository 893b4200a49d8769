import { analyzerFor } from "../../text/analyze.js";
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
    const problem = unsupported(claim, options.passages);
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
