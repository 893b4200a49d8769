/**
 * Term frequencies of one text after another (a page's passages), counted over dense tables: a
 * word is looked up by its span hash in a table that holds the hash beside the word, and maps to
 * its terms' ids, whose counts are typed arrays. Counting a page's words then touches a few
 * numbers per word instead of the analyser's cache entry, the term's string and a map of counts:
 * while a crawl writes pages, those are mostly out of the processor's caches, and the look-ups
 * waiting on memory cost more than the analysis itself.
 *
 * Words the table does not hold yet are analysed by the analyser (`analyseWord`). Bounded like
 * the analyser's cache: when `capacity` words are held, the table starts over.
 */
import { holdsAt } from "../core/code-units.js";
import { scanWords } from "./tokenize.js";

/** How often a term occurs in a text. */
export interface TermFrequency {
  term: string;
  tf: number;
}

/** A word's terms as the analyser gives them: its term and extra terms, or null (a stopword). */
export type WordTerms = { term: string; extras: readonly string[] | null } | null;

export type AnalyseWord = (
  text: string,
  start: number,
  end: number,
  flags: number,
  hash: number,
) => WordTerms;

const FIRST_SLOTS = 1024;
/** `firstTerm` of a word that gives no term. */
const NO_TERM = -1;

export class TermCounter {
  /** Open addressing, two numbers per slot: the word's span hash and its index + 1 (0: empty). */
  private slots = new Int32Array(2 * FIRST_SLOTS);
  private words: string[] = [];
  /**
   * Per word, its length: read from here, not from the word, whose `length` V8 looks up the slow
   * way when the words are strings of many kinds (see core/code-units.ts).
   */
  private lengths = new Int32Array(FIRST_SLOTS);
  /** Per word, its term's id or `NO_TERM`. */
  private firstTerm = new Int32Array(FIRST_SLOTS);
  /** Per word, its extra terms' ids, or null (most words). */
  private extraTerms: (Int32Array | null)[] = [];
  private terms: string[] = [];
  private termIds = new Map<string, number>();
  /** Per term id: the count it was last met in, and its frequency there. */
  private metIn = new Int32Array(FIRST_SLOTS);
  private tf = new Int32Array(FIRST_SLOTS);
  private count = 0;
  private met: number[] = [];
  /** Terms met before the tables started over during the current count. */
  private carried: Map<string, TermFrequency> | null = null;

  constructor(
    private readonly capacity: number,
    private readonly analyseWord: AnalyseWord,
  ) {}

  /**
   * The distinct terms of `text` with their frequencies, in the order they first occur, then each
   * of `once` counted one more time (added in their order when the text lacks them); `length` is
   * the number of words that gave a term.
   */
  countTerms(text: string, once: readonly string[]): { terms: TermFrequency[]; length: number } {
    this.count++;
    this.met = [];
    this.carried = null;
    let length = 0;
    scanWords(text, (start, end, flags, hash) => {
      const word = this.wordAt(text, start, end, flags, hash);
      const term = this.firstTerm[word] as number;
      if (term === NO_TERM) return;
      length++;
      this.add(term);
      const extras = this.extraTerms[word];
      if (extras) for (let i = 0; i < extras.length; i++) this.add(extras[i] as number);
    });
    for (const term of once) this.add(this.idOf(term));
    return { terms: this.finish(), length };
  }

  private add(term: number): void {
    if (this.metIn[term] !== this.count) {
      this.metIn[term] = this.count;
      this.tf[term] = 0;
      this.met.push(term);
    }
    this.tf[term] = (this.tf[term] as number) + 1;
  }

  private finish(): TermFrequency[] {
    const counted = this.takeMet();
    if (this.carried === null) return counted;
    mergeInto(this.carried, counted);
    return [...this.carried.values()];
  }

  /** The terms met so far in the current count, with their frequencies. */
  private takeMet(): TermFrequency[] {
    const met = this.met;
    this.met = [];
    return met.map((id) => ({ term: this.terms[id] as string, tf: this.tf[id] as number }));
  }

  /** The index of the word `text.slice(start, end)`, analysed and added when new. */
  private wordAt(text: string, start: number, end: number, flags: number, hash: number): number {
    const length = end - start;
    const mask = (this.slots.length >> 1) - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const index = this.slots[2 * slot + 1] as number;
      if (index === 0) break;
      if (this.slots[2 * slot] !== hash) continue;
      if (this.lengths[index - 1] !== length) continue;
      if (holdsAt(text, this.words[index - 1] as string, start)) return index - 1;
    }
    if (this.words.length >= this.capacity) {
      this.startOver();
      return this.wordAt(text, start, end, flags, hash);
    }
    const analysed = this.analyseWord(text, start, end, flags, hash);
    const word = this.words.length;
    this.words.push(text.slice(start, end));
    this.lengths = withRoom(this.lengths, word + 1);
    this.lengths[word] = length;
    this.firstTerm = withRoom(this.firstTerm, word + 1);
    this.firstTerm[word] = analysed ? this.idOf(analysed.term) : NO_TERM;
    this.extraTerms.push(
      analysed?.extras ? Int32Array.from(analysed.extras, (extra) => this.idOf(extra)) : null,
    );
    this.place(slot, hash, word);
    if (this.words.length * 2 > this.slots.length >> 1) this.grow();
    return word;
  }

  private place(slot: number, hash: number, word: number): void {
    this.slots[2 * slot] = hash;
    this.slots[2 * slot + 1] = word + 1;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    const mask = (this.slots.length >> 1) - 1;
    for (let i = 0; i < old.length; i += 2) {
      const index = old[i + 1] as number;
      if (index === 0) continue;
      const hash = old[i] as number;
      let slot = hash & mask;
      while (this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      this.place(slot, hash, index - 1);
    }
  }

  private idOf(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.termIds.set(term, id);
      this.metIn = withRoom(this.metIn, id + 1);
      this.tf = withRoom(this.tf, id + 1);
    }
    return id;
  }

  /** Empties the tables; what the current count met so far is carried over by term. */
  private startOver(): void {
    this.carried ??= new Map();
    mergeInto(this.carried, this.takeMet());
    this.slots = new Int32Array(2 * FIRST_SLOTS);
    this.words = [];
    this.lengths = new Int32Array(FIRST_SLOTS);
    this.firstTerm = new Int32Array(FIRST_SLOTS);
    this.extraTerms = [];
    this.terms = [];
    this.termIds = new Map();
    this.metIn = new Int32Array(FIRST_SLOTS);
    this.tf = new Int32Array(FIRST_SLOTS);
  }
}

/** Adds `counted` to `into`, keeping the order in which terms first came. */
function mergeInto(into: Map<string, TermFrequency>, counted: readonly TermFrequency[]): void {
  for (const counts of counted) {
    const known = into.get(counts.term);
    if (known) known.tf += counts.tf;
    else into.set(counts.term, counts);
  }
}

/** `array`, or a copy twice as long when it is shorter than `size`. */
function withRoom(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const grown = new Int32Array(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}
