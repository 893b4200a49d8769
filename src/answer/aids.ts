/**
 * What brings a visitor's words to the pages' words beside plain matching, each one switchable:
 * the benchmark answers the evaluation sets with each switched in turn and shows what it adds or
 * costs (BENCHMARKS.md, "Aids"). One that costs answers there is not in use.
 */
export interface Aids {
  /** The site's own name counts as supporting evidence only ("backup postgres?"). */
  siteName: boolean;
  /** Words that frame a question ("I want to…", "eigentlich") are not searched. */
  framing: boolean;
  /** A compound the site writes in parts is searched in its parts (site-compounds.ts). */
  compounds: boolean;
  /** Two words the site writes as one are searched joined ("power off" → poweroff). */
  joinedWords: boolean;
  /** Thesaurus synonyms and derived forms searched beside the question's words (expand.ts). */
  synonyms: boolean;
  /** A German separable verb's particle joined to its verb (german-verbs.ts). */
  germanVerbs: boolean;
  /** Words the site never uses corrected to its own nearest term (retrieve.ts). */
  spelling: boolean;
  /** A section whose heading the question repeats is read whatever its words weigh. */
  headingEcho: boolean;
  /** What the site's links say about a page (page-evidence.ts). */
  anchors: boolean;
  /** The words a page opens with (page-evidence.ts). */
  leads: boolean;
  /**
   * The terms that share the site's passages with a question word far more often than chance
   * (cooccurrence.ts). Not in use: on the evaluation sets it lost at every weight tried.
   */
  cooccurrence: boolean;
}

export const AIDS_IN_USE: Readonly<Aids> = Object.freeze({
  siteName: true,
  framing: true,
  compounds: true,
  joinedWords: true,
  synonyms: true,
  germanVerbs: true,
  spelling: true,
  headingEcho: true,
  anchors: true,
  leads: true,
  cooccurrence: false,
});
