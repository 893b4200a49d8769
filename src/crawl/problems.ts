import type { Problem, ProblemKind } from "../core/report.js";

/** Problems of one kind kept in a report; the rest are counted in the last one's detail. */
const KEEP_PER_KIND = 20;

/** The problems of one site's crawl: each with URL, status and a plain explanation. */
export class ProblemLog {
  private readonly problems: Problem[];
  private readonly extra = new Map<ProblemKind, number>();

  constructor(previous: Problem[] = []) {
    this.problems = [...previous];
  }

  add(problem: Problem): void {
    const same = this.problems.filter((p) => p.kind === problem.kind);
    // One problem of a kind per URL: a start page robots.txt now keeps out is told once, not
    // also as a page that left the index.
    const known = (p: Problem) =>
      p.url === problem.url && (problem.url !== null || p.detail === problem.detail);
    if (same.some(known)) return;
    if (same.length < KEEP_PER_KIND) {
      this.problems.push(problem);
      return;
    }
    this.extra.set(problem.kind, (this.extra.get(problem.kind) ?? 0) + 1);
  }

  has(kind: ProblemKind): boolean {
    return this.problems.some((p) => p.kind === kind);
  }

  /** The problems, each with every field of the report's shape (`product` null but where named). */
  list(): Problem[] {
    return this.problems.map((problem, i) => {
      const more = this.extra.get(problem.kind);
      const last = this.problems.findLastIndex((p) => p.kind === problem.kind) === i;
      const { kind, url, status, product = null, detail, ...rest } = problem;
      return {
        kind,
        url,
        status,
        product,
        detail: more && last ? `${detail} (and ${more} more like it)` : detail,
        ...rest,
      };
    });
  }
}
