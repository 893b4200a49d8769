/**
 * Paths that repeat themselves: `/docs/docs/docs/`, `/a/b/a/b/a/b/`. They come from a relative
 * link (`href="docs/"`) on a server that answers any path with a page: each level holds the link
 * to the next, and the pages differ only by what they echo of their URL (a breadcrumb, a token),
 * so they are not caught as copies. Web crawlers skip them (Heritrix's "pathological path").
 */

/** How many times in a row a run of segments may come: the third is a loop, not a folder. */
const MOST_IN_A_ROW = 2;
/** The longest run of segments looked for (`/a/b/c/a/b/c/a/b/c`). */
const LONGEST_RUN = 3;

/**
 * Whether the path has a run of one to three segments three times in a row. A single number
 * repeated (`/1/1/1`, a section 1.1.1) is a name, not a loop.
 */
export function repeatsItself(pathname: string): boolean {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  for (let run = 1; run <= LONGEST_RUN; run++) {
    for (let at = 0; at + run * (MOST_IN_A_ROW + 1) <= segments.length; at++) {
      if (run === 1 && /^\d+$/.test(segments[at] as string)) continue;
      if (repeatedAt(segments, at, run)) return true;
    }
  }
  return false;
}

/** Whether the run of `run` segments at `at` comes again right after it, to three in all. */
function repeatedAt(segments: readonly string[], at: number, run: number): boolean {
  for (let copy = 1; copy <= MOST_IN_A_ROW; copy++) {
    for (let k = 0; k < run; k++) {
      if (segments[at + k] !== segments[at + copy * run + k]) return false;
    }
  }
  return true;
}
