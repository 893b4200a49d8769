/**
 * The rates `hooty eval` reports, over all its questions and over a group of them (one site, one
 * language): a site in several languages may answer well in one and poorly in another.
 */

export interface EvalRates {
  questions: number;
  answerable: number;
  /** Percent of answerable questions with an expected page among the cited ones (null: none). */
  hitAt3: number | null;
  /** … with an expected page cited first. */
  hitAt1: number | null;
  /** Percent of answerable questions answered "not covered". */
  abstainedAnswerable: number | null;
  unanswerable: number;
  /** Percent of unanswerable questions answered "not covered". */
  abstainedUnanswerable: number | null;
}

/** One question's outcome. */
export interface EvalOutcome {
  /** Whether the question expects pages (else the pages should not answer it). */
  answerable: boolean;
  covered: boolean;
  /** 0-based place of the first expected page among the cited ones, -1 when none is cited. */
  rank: number;
}

/** Percent to a tenth; null when there is nothing to count. */
export const share = (n: number, of: number) =>
  of === 0 ? null : Math.round((n / of) * 1000) / 10;

export class RateCounter {
  private questions = 0;
  private answerable = 0;
  private hits = 0;
  private hitsAt1 = 0;
  private abstainedAnswerable = 0;
  private unanswerable = 0;
  private abstainedUnanswerable = 0;

  add({ answerable, covered, rank }: EvalOutcome): void {
    this.questions++;
    if (answerable) {
      this.answerable++;
      if (rank >= 0) this.hits++;
      if (rank === 0) this.hitsAt1++;
      if (!covered) this.abstainedAnswerable++;
    } else {
      this.unanswerable++;
      if (!covered) this.abstainedUnanswerable++;
    }
  }

  rates(): EvalRates {
    return {
      questions: this.questions,
      answerable: this.answerable,
      hitAt3: share(this.hits, this.answerable),
      hitAt1: share(this.hitsAt1, this.answerable),
      abstainedAnswerable: share(this.abstainedAnswerable, this.answerable),
      unanswerable: this.unanswerable,
      abstainedUnanswerable: share(this.abstainedUnanswerable, this.unanswerable),
    };
  }
}

/** Counters by group (a site, a language), in the order the groups first come. */
export class GroupedRates {
  private readonly groups = new Map<string, RateCounter>();

  add(group: string, outcome: EvalOutcome): void {
    let counter = this.groups.get(group);
    if (!counter) {
      counter = new RateCounter();
      this.groups.set(group, counter);
    }
    counter.add(outcome);
  }

  rates(): [group: string, rates: EvalRates][] {
    return [...this.groups].map(([group, counter]) => [group, counter.rates()]);
  }
}

/**
 * The rates as people read them: the answerable questions' and the unanswerable ones'; `short`
 * for a line of a group, under the totals written out in full.
 */
function ratesTexts(r: EvalRates, short: boolean): [answerable: string, unanswerable: string] {
  const answerable =
    r.answerable === 0
      ? "answerable 0"
      : short
        ? `answerable ${r.answerable}: top 3 ${r.hitAt3}%, top 1 ${r.hitAt1}%, not covered ${r.abstainedAnswerable}%`
        : `answerable ${r.answerable}: a cited page answers in the top 3 for ${r.hitAt3}% (top 1: ${r.hitAt1}%), not covered for ${r.abstainedAnswerable}%`;
  const unanswerable =
    r.unanswerable === 0
      ? "unanswerable 0"
      : `unanswerable ${r.unanswerable}: not covered ${short ? "" : "for "}${r.abstainedUnanswerable}%`;
  return [answerable, unanswerable];
}

/** The totals' rates, a line each. */
export function totalsText(r: EvalRates): string[] {
  return ratesTexts(r, false);
}

/** One line per group, under a heading ("by site", "by language"). */
export function groupsText(heading: string, groups: [string, EvalRates][]): string {
  return [
    `${heading}:`,
    ...groups.map(([group, r]) => `  ${group}  ${ratesTexts(r, true).join("; ")}`),
  ].join("\n");
}
