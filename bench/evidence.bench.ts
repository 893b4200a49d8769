/**
 * Evidence (issue 7): fits the answerability model (src/answer/answerability.ts) on the evaluation
 * sets named for calibration, and reports how the model in the source does on every set —
 * calibration sets and the held-out ones nobody tuned on. The sites are indexed from their files
 * (bench/site-files.ts) as in the answers benchmark.
 *
 * Fitting: logistic regression (answerable or not) on standardised figures, L2-regularised,
 * plain gradient descent; the weights are printed back on the figures' own scale, ready to be
 * written into MODEL. The threshold EVIDENCE.answerable is chosen by hand from the table (the
 * coverage floor EVIDENCE.leastCoverage applies in every cell).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVIDENCE } from "../src/answer/answer.js";
import {
  type AnswerabilityModel,
  FEATURES,
  type Feature,
  featuresOf,
  MODEL,
} from "../src/answer/answerability.js";
import { type Evidence, isCovered } from "../src/answer/evidence.js";
import { ask } from "../src/app.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { hasQuestionSet, indexEvalSites, loadQuestionSet } from "./eval-sites.js";
import { percent } from "./hits.js";
import { type BenchSuite, table } from "./suite.js";

/** The sets the model is fitted on; the others are only checked. */
export const CALIBRATION_SETS = ["questions", "holdout", "holdout2", "holdout3", "holdout4"];
const CHECK_SETS = ["holdout5"];
/** Answerability thresholds shown in the table. */
const THRESHOLDS = [0.5, 0.6, 0.65, 0.7, 0.75, 0.8];

interface Observed {
  set: string;
  answerable: boolean;
  /** One of the first three cited pages is expected. */
  hit: boolean;
  /** Cited anything at all with the threshold open. */
  cited: boolean;
  /** None when the question had no words to search (always "not covered"). */
  evidence: Evidence | null;
}

/** Logistic regression on standardised features; weights returned on the raw scale. */
export function fitLogistic(
  rows: readonly number[][],
  labels: readonly number[],
  names: readonly Feature[],
  options = { l2: 0.01, rounds: 5000, rate: 0.1 },
): AnswerabilityModel {
  const k = names.length;
  const mean = names.map((_, j) => rows.reduce((s, r) => s + (r[j] as number), 0) / rows.length);
  const sd = names.map((_, j) => {
    const m = mean[j] as number;
    const v = rows.reduce((s, r) => s + ((r[j] as number) - m) ** 2, 0) / rows.length;
    return Math.sqrt(v) + 1e-9;
  });
  const z = rows.map((r) => r.map((x, j) => (x - (mean[j] as number)) / (sd[j] as number)));
  const w = new Array<number>(k + 1).fill(0);
  for (let round = 0; round < options.rounds; round++) {
    const grad = new Array<number>(k + 1).fill(0);
    z.forEach((x, i) => {
      let t = w[k] as number;
      for (let j = 0; j < k; j++) t += (w[j] as number) * (x[j] as number);
      const err = 1 / (1 + Math.exp(-t)) - (labels[i] as number);
      for (let j = 0; j < k; j++) grad[j] = (grad[j] as number) + err * (x[j] as number);
      grad[k] = (grad[k] as number) + err;
    });
    for (let j = 0; j <= k; j++) {
      const penalty = options.l2 * (w[j] as number);
      w[j] = (w[j] as number) - options.rate * ((grad[j] as number) / z.length + penalty);
    }
  }
  const weights = {} as Record<Feature, number>;
  let intercept = w[k] as number;
  names.forEach((name, j) => {
    weights[name] = (w[j] as number) / (sd[j] as number);
    intercept -= ((w[j] as number) * (mean[j] as number)) / (sd[j] as number);
  });
  return { intercept, weights };
}

/** hit&answered, answerable "not covered", unanswerable "not covered" (%). */
function outcomes(rows: readonly Observed[], answers: (o: Observed) => boolean) {
  const a = rows.filter((r) => r.answerable);
  const u = rows.filter((r) => !r.answerable);
  return [
    percent(a.filter((r) => r.cited && r.hit && answers(r)).length, a.length),
    percent(a.filter((r) => !r.cited || !answers(r)).length, a.length),
    percent(u.filter((r) => !r.cited || !answers(r)).length, u.length),
  ].join(" / ");
}

async function observe(sets: readonly string[]): Promise<Observed[]> {
  const dir = mkdtempSync(join(tmpdir(), "hooty-bench-evidence-"));
  const store = openSqliteStore(join(dir, "hooty.sqlite"));
  const saved = { ...EVIDENCE };
  Object.assign(EVIDENCE, { answerable: 0, leastCoverage: 0 });
  try {
    const ids = await indexEvalSites(store);
    const observed: Observed[] = [];
    for (const set of sets) {
      for (const q of loadQuestionSet(set)) {
        const siteId = ids.get(q.site);
        if (siteId === undefined) continue;
        const answer = await ask(store, siteId, q.question);
        const pages = [...new Set(answer.citations.map((c) => new URL(c.url).pathname))];
        observed.push({
          set,
          answerable: q.expect.length > 0,
          hit: pages.slice(0, 3).some((p) => q.expect.includes(p)),
          cited: answer.covered,
          evidence: answer.evidence ?? null,
        });
      }
    }
    return observed;
  } finally {
    Object.assign(EVIDENCE, saved);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const evidenceBench: BenchSuite = {
  name: "evidence",
  title: "Evidence: the answerability model, fitted and checked on the evaluation sets",
  async run() {
    const sets = [...CALIBRATION_SETS, ...CHECK_SETS].filter(hasQuestionSet);
    const observed = await observe(sets);
    const names = Object.keys(FEATURES) as Feature[];
    const calibration = observed.filter((o) => CALIBRATION_SETS.includes(o.set));
    const fittable = calibration.filter((o) => o.evidence !== null);
    const fitted = fitLogistic(
      fittable.map((o) => featuresOf(o.evidence as Evidence)),
      fittable.map((o) => (o.answerable ? 1 : 0)),
      names,
    );
    const rows = THRESHOLDS.map((t) => [
      String(t) + (t === EVIDENCE.answerable ? " (in use)" : ""),
      ...sets.map((s) =>
        outcomes(
          observed.filter((o) => o.set === s),
          (o) => o.evidence !== null && isCovered(o.evidence, t),
        ),
      ),
      outcomes(calibration, (o) => o.evidence !== null && isCovered(o.evidence, t)),
    ]);
    const model = (m: AnswerabilityModel) =>
      [
        `intercept ${m.intercept.toFixed(3)}`,
        ...names.map((n) => `${n} ${m.weights[n].toFixed(3)}`),
      ].join(", ");
    return [
      `Sets: ${sets.map((s) => `${s} (${observed.filter((o) => o.set === s).length})`).join(", ")}; fitted on ${CALIBRATION_SETS.join(", ")}, the others only checked. Each cell: hit@3 and answered / answerable "not covered" / unanswerable "not covered" (%), with the model in the source (MODEL, src/answer/answerability.ts).`,
      "",
      table(["answerability at least", ...sets, "calibration sets together"], rows),
      "",
      `Model in the source: ${model(MODEL)}.`,
      "",
      `Fitted now on the calibration sets: ${model(fitted)}.`,
    ].join("\n");
  },
};
