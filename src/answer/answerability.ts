/**
 * How likely the best page answers the question, from its evidence (evidence.ts): a logistic
 * model over a few figures of the evidence, fitted on Hooty's evaluation sets
 * (`npm run bench -- evidence` fits it again and reports how it does on each set). Below
 * `EVIDENCE.answerable` the answer is "not covered".
 *
 * One rule on coverage alone does not carry over from one set of questions to another: a long
 * question in a visitor's words leaves more of its words unmatched than a short one, and a
 * near miss ("pg_cron" asked of a manual that says "cron") can hold most of the words and still
 * lack the one that matters. The model weighs these together.
 */
import type { Evidence } from "./evidence.js";

/** About the most words a question of the evaluation sets has (a handful have more). */
const MOST_WORDS = 12;

/** The evidence's figures the model reads, by name. */
export const FEATURES = {
  /** Share of the question (by weight) the best page covers. */
  coverage: (e: Evidence) => e.coverage,
  /** The largest share of the question one missing word has. */
  missing: (e: Evidence) => e.missing,
  /** Share of the question's weight in words the site never uses. */
  unknown: (e: Evidence) => e.unknown,
  /** The weight found, damped. */
  found: (e: Evidence) => Math.log1p(e.idf),
  /** The best passage's score, damped. */
  score: (e: Evidence) => Math.log1p(e.score),
  /** The question's whole weight, damped. */
  weight: (e: Evidence) => Math.log1p(e.weight),
  /**
   * The question's words, in tens, up to the longest questions the model was fitted on: a longer
   * question (a hostile one, or a story around the question) must not pass on its length alone.
   */
  words: (e: Evidence) => Math.min(e.terms.length, MOST_WORDS) / 10,
  /** The best passage's score beside the question's weight. */
  scoreShare: (e: Evidence) => e.score / (e.weight + 1),
} satisfies Record<string, (e: Evidence) => number>;

export type Feature = keyof typeof FEATURES;

export interface AnswerabilityModel {
  intercept: number;
  weights: Record<Feature, number>;
}

/** Fitted by `npm run bench -- evidence` (BENCHMARKS.md, "Evidence"). */
export const MODEL: AnswerabilityModel = {
  intercept: 1.076,
  weights: {
    coverage: 2.205,
    missing: -3.121,
    unknown: -1.269,
    found: 0.17,
    score: 0.53,
    weight: -1.688,
    words: 4.602,
    scoreShare: 0.792,
  },
};

/** The evidence's figures in `FEATURES` order. */
export function featuresOf(evidence: Evidence): number[] {
  return Object.values(FEATURES).map((feature) => feature(evidence));
}

/** 0…1: how likely the best page answers the question. */
export function answerability(evidence: Evidence, model: AnswerabilityModel = MODEL): number {
  let z = model.intercept;
  for (const [name, feature] of Object.entries(FEATURES) as [Feature, (e: Evidence) => number][])
    z += model.weights[name] * feature(evidence);
  return 1 / (1 + Math.exp(-z));
}
