/**
 * Scoring a ranked answer against the evaluation set's `expect` paths, the way `hooty eval` does
 * (test/fixtures/eval/README.md): the first three distinct pages cited, hit@k when one of the
 * first k is one of `expect`.
 */

/** The URL's path (`/sql-insert.html` of `http://…/sql-insert.html#:~:text=…`). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The first `k` distinct pages of a ranking of URLs or paths (sections of one page count once). */
export function firstPages(ranked: Iterable<string>, k: number): string[] {
  const pages: string[] = [];
  for (const url of ranked) {
    if (pages.length >= k) break;
    const path = pathOf(url);
    if (!pages.includes(path)) pages.push(path);
  }
  return pages;
}

/** 1-based rank of the first expected page among `pages`, 0 when none is there. */
export function hitRank(pages: readonly string[], expect: readonly string[]): number {
  return pages.findIndex((page) => expect.includes(page)) + 1;
}

/** Nearest-rank percentile of unsorted values (as `hooty eval` reports them); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Share in percent with one decimal, "–" when there is nothing to count. */
export function percent(count: number, of: number): string {
  return of === 0 ? "–" : ((count / of) * 100).toFixed(1);
}
