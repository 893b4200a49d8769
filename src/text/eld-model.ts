/**
 * eld's n-gram model (its smallest database), loaded fast. eld ships the model as a 1 MB
 * JavaScript object literal: compiling and running it costs about half a second and some 55 MB
 * more than the same data read as JSON. The build writes the data once as JSON beside the built
 * code (`npm run build` runs this file), and the detector is then built from that JSON with eld's
 * own constructor. Any mismatch (another eld version, a missing or broken file) falls back to
 * eld's module, so the detector is always eld's, with eld's data.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { eld as Eld } from "eld/extrasmall";

export type EldDetector = typeof Eld;

/** Where the build writes the model as JSON: beside this module's built file. */
export const SNAPSHOT_FILE = fileURLToPath(new URL("./eld-extrasmall.json", import.meta.url));

interface Snapshot {
  /** The eld version the data came from. */
  eld: string;
  data: unknown;
}

const requireHere = createRequire(import.meta.url);

/** eld's files, found from the entry its package exports. */
function eldFiles() {
  const entry = fileURLToPath(import.meta.resolve("eld/extrasmall"));
  const src = join(dirname(entry), "..");
  return {
    entry,
    detector: join(src, "languageDetector.js"),
    ngrams: join(src, "ngrams", "extrasmall.js"),
    version: (
      JSON.parse(readFileSync(join(src, "..", "package.json"), "utf8")) as { version: string }
    ).version,
  };
}

/** eld as its package builds it: the model compiled from its module. */
export function loadEldModule(): EldDetector {
  return (requireHere(eldFiles().entry) as { eld: EldDetector }).eld;
}

/**
 * eld built from the JSON snapshot at `file`; null when there is none or it does not match the
 * installed eld.
 */
export function loadEldSnapshot(file = SNAPSHOT_FILE): EldDetector | null {
  try {
    if (!existsSync(file)) return null;
    const files = eldFiles();
    const snapshot = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
    if (snapshot.eld !== files.version || typeof snapshot.data !== "object") return null;
    const { createEld } = requireHere(files.detector) as {
      createEld(): { instance: EldDetector; loadData(data: unknown): string | undefined };
    };
    const { instance, loadData } = createEld();
    return loadData(snapshot.data) ? instance : null;
  } catch {
    return null;
  }
}

/** eld, from the snapshot when it is there, else from its module. */
export function loadEld(): EldDetector {
  return loadEldSnapshot() ?? loadEldModule();
}

/** Writes the snapshot of the installed eld's model to `file`. */
export function writeEldSnapshot(file = SNAPSHOT_FILE): void {
  const files = eldFiles();
  const { ngramsData } = requireHere(files.ngrams) as { ngramsData: unknown };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ eld: files.version, data: ngramsData } satisfies Snapshot));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeEldSnapshot();
