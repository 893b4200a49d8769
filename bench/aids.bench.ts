/**
 * Aids (issue 7: "prove each by the evaluation, not by taste"): every evaluation set answered
 * with all the aids in use (src/answer/aids.ts), then with each one switched in turn (off where
 * in use, on where not), so each row shows what one aid adds or costs. The sites are indexed from
 * their files, as in the answers benchmark.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AIDS_IN_USE, type Aids } from "../src/answer/aids.js";
import { ask } from "../src/app.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import type { Store } from "../src/store/types.js";
import { citedPages, hootyRanking } from "./answers.bench.js";
import { hasQuestionSet, indexEvalSites, loadQuestionSet } from "./eval-sites.js";
import { CALIBRATION_SETS } from "./evidence.bench.js";
import { hitRank, percent } from "./hits.js";
import { type BenchSuite, table } from "./suite.js";

/** The sets answered: those the evidence model is fitted on, then the one only checked. */
const SETS = [...CALIBRATION_SETS, "holdout5"];

const WHAT: Record<keyof Aids, string> = {
  siteName: "the site's own name as supporting evidence only",
  framing: "framing words not searched",
  compounds: "compounds searched in the parts the site writes",
  joinedWords: "two words searched joined where the site writes them so",
  synonyms: "thesaurus synonyms and derived forms (English)",
  germanVerbs: "a German verb's particle joined to it",
  spelling: "typos corrected to the site's own terms",
  headingEcho: "a section whose heading the question repeats",
  anchors: "what the site's links say about a page",
  leads: "the words a page opens with",
  cooccurrence: "the site's co-occurrence statistics (companion terms)",
};

interface Tally {
  /** Per set: answerable questions, and those whose first three ranked pages hold one expected. */
  ranked: Map<string, { n: number; hits: number }>;
  answerable: number;
  /** Covered, with an expected page among the first three cited. */
  answered: number;
  answerableNotCovered: number;
  unanswerable: number;
  unanswerableNotCovered: number;
}

async function answerAll(
  store: Store,
  ids: ReadonlyMap<string, number>,
  sets: readonly string[],
  aids: Readonly<Aids>,
): Promise<Tally> {
  const tally: Tally = {
    ranked: new Map(),
    answerable: 0,
    answered: 0,
    answerableNotCovered: 0,
    unanswerable: 0,
    unanswerableNotCovered: 0,
  };
  for (const set of sets) {
    const ranked = { n: 0, hits: 0 };
    tally.ranked.set(set, ranked);
    for (const q of loadQuestionSet(set)) {
      const siteId = ids.get(q.site);
      if (siteId === undefined) continue;
      const answer = await ask(store, siteId, q.question, aids);
      if (q.expect.length === 0) {
        tally.unanswerable++;
        if (!answer.covered) tally.unanswerableNotCovered++;
        continue;
      }
      tally.answerable++;
      if (!answer.covered) tally.answerableNotCovered++;
      else if (hitRank(citedPages(answer), q.expect) > 0) tally.answered++;
      ranked.n++;
      if (hitRank(citedPages(await hootyRanking(store, siteId, q.question, aids)), q.expect) > 0)
        ranked.hits++;
    }
  }
  return tally;
}

const rankedShare = (t: Tally) => {
  let n = 0;
  let hits = 0;
  for (const r of t.ranked.values()) {
    n += r.n;
    hits += r.hits;
  }
  return { n, hits };
};

export const aidsBench: BenchSuite = {
  name: "aids",
  title: "Aids: what each adds to the answers, on every evaluation set",
  async run() {
    const sets = SETS.filter(hasQuestionSet);
    const dir = mkdtempSync(join(tmpdir(), "hooty-bench-aids-"));
    const store = openSqliteStore(join(dir, "hooty.sqlite"));
    try {
      const ids = await indexEvalSites(store);
      const inUse = await answerAll(store, ids, sets, AIDS_IN_USE);
      const base = rankedShare(inUse);
      const row = (label: string, t: Tally) => {
        const all = rankedShare(t);
        const delta = ((all.hits - base.hits) / base.n) * 100;
        return [
          label,
          ...sets.map((s) => {
            const r = t.ranked.get(s) ?? { n: 0, hits: 0 };
            return percent(r.hits, r.n);
          }),
          `${percent(all.hits, all.n)} (${t === inUse ? "–" : `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}`})`,
          [
            percent(t.answered, t.answerable),
            percent(t.answerableNotCovered, t.answerable),
            percent(t.unanswerableNotCovered, t.unanswerable),
          ].join(" / "),
        ];
      };
      const rows = [row("all aids in use", inUse)];
      for (const name of Object.keys(AIDS_IN_USE) as (keyof Aids)[]) {
        const on = AIDS_IN_USE[name];
        const switched = await answerAll(store, ids, sets, { ...AIDS_IN_USE, [name]: !on });
        rows.push(row(`${on ? "without" : "with"} ${name}: ${WHAT[name]}`, switched));
      }
      const none: Aids = { ...AIDS_IN_USE };
      for (const name of Object.keys(none) as (keyof Aids)[]) none[name] = false;
      rows.push(row("no aid at all", await answerAll(store, ids, sets, none)));
      return [
        `Every question of the sets ${sets.join(", ")} (holdout5 only ever counted, never read) answered with all the aids in use (src/answer/aids.ts), then with one aid switched: off where it is in use, on where it is not; last, with none. Ranking: hit@3 with the evidence threshold off (the first three pages cited hold an expected one), per set and over all the sets' ${base.n} answerable questions (points against all aids in use). Answers: \`ask\` with the threshold, over all the sets: hit@3 and answered / answerable "not covered" / unanswerable "not covered" (%).`,
        "",
        table(
          [
            "aids",
            ...sets.map((s) => `${s} hit@3`),
            "all sets hit@3 (points)",
            "answers, all sets",
          ],
          rows,
        ),
      ].join("\n");
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
