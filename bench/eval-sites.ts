/** The evaluation sets' sites (test/fixtures/eval/README.md) and their folders of files. */
import { tmpdir } from "node:os";
import { join } from "node:path";

export const EVAL_SITES: { origin: string; dir: string; label: string }[] = [
  { origin: "http://127.0.0.21:18081", dir: "pg", label: "PostgreSQL 15 manual (en)" },
  { origin: "http://127.0.0.21:18082", dir: "faq-de", label: "Debian FAQ (de)" },
  { origin: "http://127.0.0.21:18083", dir: "faq-it", label: "Debian FAQ (it)" },
  { origin: "http://127.0.0.21:18084", dir: "ref-de", label: "Debian Reference (de)" },
  { origin: "http://127.0.0.21:18085", dir: "ref-it", label: "Debian Reference (it)" },
];

/** Where the sites' files were built (../shared/corpora/build-sites.sh). */
export function sitesDir(): string {
  return (
    process.env.HOOTY_CORPORA_SITES ??
    join(process.env.CORPORA_DIR ?? join(tmpdir(), "hooty-corpora"), "sites")
  );
}
