/** The hand-written evaluation sentences of `sentences.tsv`, as [lang, text] pairs. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The TSV beside this file, also when this file runs compiled from `dist/` (benchmarks). */
function tsvPath(): string {
  const here = fileURLToPath(new URL("./sentences.tsv", import.meta.url));
  if (existsSync(here)) return here;
  return here.replace(/([\\/])dist[\\/]/, "$1");
}

export function evaluationSentences(): [string, string][] {
  return readFileSync(tsvPath(), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [lang = "", text = ""] = line.split("\t");
      return [lang, text];
    });
}
