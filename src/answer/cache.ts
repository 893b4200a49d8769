/**
 * What answering a site keeps between questions in one process: the site's profile (languages,
 * name), its speller, its headings, and — from the second question on — its postings in memory
 * (and its co-occurrence statistics, where that aid is on).
 * Everything is dropped as soon as the site's index changes (its totals differ), and kept per
 * store, so two stores in one process never share a site's state.
 */
import type { IndexStats, Pages, TextIndex } from "../store/types.js";
import { createSpeller, loadLanguageModel, type Speller } from "../text/index.js";
import { openThesaurus } from "../text/synonyms/index.js";
import { readCooccurrence, type SiteCooccurrence } from "./cooccurrence.js";
import { type HeadingIndex, headingIndex, headingsByTerms } from "./heading-echo.js";
import { siteTitleAffixes, type TitleAffixes } from "./site-titles.js";
import { memoryTerms, storedTerms, type TermIndex } from "./term-index.js";

export interface SiteProfile {
  /** The site's languages, most pages first. */
  languages: string[];
  /**
   * The site's own name: the home page's title ("PostgreSQL 15 Documentation") and what every
   * page's title adds.
   */
  name: string;
  /** What the site writes into every page's title besides the page's name. */
  titleAffixes: TitleAffixes;
}

export interface SiteState {
  profile(): Promise<SiteProfile>;
  speller(): Promise<Speller>;
  /** The site's section headings, for questions that repeat one (heading-echo.ts). */
  headings(): Promise<HeadingIndex>;
  /** The postings to read now: in memory once built, else the store's. */
  terms(): TermIndex;
  /** The site's co-occurrence statistics, read on first use (an aid not in use: aids.ts). */
  cooccurrence(): Promise<SiteCooccurrence>;
}

interface Entry {
  version: string;
  asked: number;
  profile?: Promise<SiteProfile>;
  speller?: Promise<Speller>;
  headings?: Promise<HeadingIndex>;
  cooccurrence?: Promise<SiteCooccurrence>;
  memory?: TermIndex;
  building?: Promise<void>;
}

export interface AnswerCacheOptions {
  /** Questions on a site before its postings are loaded into memory (in the background). */
  memoryAfter: number;
  /** Sites whose postings stay in memory at once (the least recently asked leave first). */
  memorySites: number;
}

export class AnswerCache {
  private readonly stores = new WeakMap<TextIndex, Map<number, Entry>>();
  private readonly options: AnswerCacheOptions;

  constructor(options: Partial<AnswerCacheOptions> = {}) {
    this.options = { memoryAfter: 2, memorySites: 8, ...options };
  }

  /** The state of a site whose index has these totals (`version`, see siteVersion). */
  site(texts: TextIndex, pages: Pages, siteId: number, version: string): SiteState {
    const { entry, sites } = this.entryFor(texts, siteId, version);
    entry.asked++;
    if (entry.asked >= this.options.memoryAfter && !entry.memory && !entry.building) {
      this.loadMemory(texts, siteId, entry, sites);
    }
    return siteState(texts, pages, siteId, entry);
  }

  /**
   * Loads now all that answering the site keeps — its profile, its speller, its headings, its
   * postings in memory — so that the answers that follow are warm (`hooty eval` times those).
   */
  async warm(texts: TextIndex, pages: Pages, siteId: number): Promise<void> {
    const version = siteVersion(await texts.stats(siteId));
    const { entry, sites } = this.entryFor(texts, siteId, version);
    if (!entry.memory && !entry.building) this.loadMemory(texts, siteId, entry, sites);
    const state = siteState(texts, pages, siteId, entry);
    const [profile, headings] = await Promise.all([
      state.profile(),
      state.headings(),
      state.speller(),
      entry.building,
    ]);
    // Analysed now rather than by a site's first question in each of its languages; so are
    // loaded the language detector and each language's thesaurus, which answers consult.
    loadLanguageModel();
    for (const lang of profile.languages) {
      headingsByTerms(headings, lang);
      openThesaurus(lang);
    }
  }

  private entryFor(texts: TextIndex, siteId: number, version: string) {
    let sites = this.stores.get(texts);
    if (!sites) {
      sites = new Map();
      this.stores.set(texts, sites);
    }
    let entry = sites.get(siteId);
    if (!entry || entry.version !== version) entry = { version, asked: 0 };
    // Most recently asked last: the first entries are the ones to let go.
    sites.delete(siteId);
    sites.set(siteId, entry);
    return { entry, sites };
  }

  /** Resolves once the site's postings in memory, if being loaded, are ready (or failed). */
  async whenWarm(texts: TextIndex, siteId: number): Promise<void> {
    await this.stores.get(texts)?.get(siteId)?.building;
  }

  private loadMemory(texts: TextIndex, siteId: number, entry: Entry, sites: Map<number, Entry>) {
    entry.building = memoryTerms(texts, siteId).then(
      (memory) => {
        entry.building = undefined;
        if (sites.get(siteId) !== entry) return;
        entry.memory = memory;
        const held = [...sites.values()].filter((e) => e.memory);
        for (const old of held.slice(0, Math.max(0, held.length - this.options.memorySites))) {
          old.memory = undefined;
        }
      },
      () => {
        // The store's postings keep serving; the next questions try again.
        entry.building = undefined;
        entry.asked = 0;
      },
    );
  }
}

/** The totals a site's kept state belongs to: when its index changes, they change. */
export function siteVersion(stats: IndexStats): string {
  return `${stats.pages}/${stats.chunks}/${stats.totalLength}`;
}

/** A site's state for one question only: nothing kept. */
export function freshSite(texts: TextIndex, pages: Pages, siteId: number): SiteState {
  return siteState(texts, pages, siteId, { version: "", asked: 1 });
}

function siteState(texts: TextIndex, pages: Pages, siteId: number, entry: Entry): SiteState {
  return {
    profile: () => {
      entry.profile ??= loadProfile(pages, siteId);
      return entry.profile;
    },
    speller: () => {
      entry.speller ??= texts
        .vocabulary(siteId)
        .then((vocabulary) => createSpeller(correctionTargets(vocabulary)));
      return entry.speller;
    },
    headings: () => {
      entry.headings ??= texts.headings(siteId).then(headingIndex);
      return entry.headings;
    },
    terms: () => entry.memory ?? storedTerms(texts, siteId),
    cooccurrence: () => {
      entry.cooccurrence ??= readCooccurrence(texts, siteId);
      return entry.cooccurrence;
    },
  };
}

/** Above this many words, words the site uses once are left out of the speller. */
const LARGE_VOCABULARY = 50_000;

/**
 * The words a typo may be corrected to: words of letters only; on a large site, only those it
 * uses more than once. A large site's vocabulary is mostly identifiers, numbers and words used
 * once: leaving them out keeps the speller small (a 5,000-page manual: 34 MB instead of 416 MB)
 * and corrections on real words.
 */
function correctionTargets(vocabulary: readonly [string, number][]): [string, number][] {
  const words = vocabulary.filter(
    ([term]) => term.length >= 3 && term.length <= 24 && /^\p{L}+$/u.test(term),
  );
  return words.length > LARGE_VOCABULARY ? words.filter(([, df]) => df >= 2) : words;
}

async function loadProfile(pages: Pages, siteId: number): Promise<SiteProfile> {
  const list = await pages.list(siteId);
  const counts = new Map<string, number>();
  for (const page of list) {
    if (page.lang) counts.set(page.lang, (counts.get(page.lang) ?? 0) + 1);
  }
  const depth = (url: string) => new URL(url).pathname.length;
  const home = [...list].sort((a, b) => depth(a.url) - depth(b.url))[0];
  const titleAffixes = siteTitleAffixes(list.map((page) => page.title ?? ""));
  return {
    languages: [...counts].sort((a, b) => b[1] - a[1]).map(([lang]) => lang),
    // What every title adds names the site too ("— Python 3.11.2 documentation").
    name: [home?.title ?? "", titleAffixes.prefix, titleAffixes.suffix].join(" ").trim(),
    titleAffixes,
  };
}
