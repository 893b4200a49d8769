/**
 * A site's boilerplate detector kept in step with the index. Its state is the pages' block
 * fingerprints, stored with each page (`BoilerplateRecord`), so a later or resumed crawl goes on
 * from what every earlier one learnt. When what the detector drops may have changed (its
 * `version` moved), the pages indexed earlier are checked again; the check runs when the number
 * of pages learnt reaches the next step of `pageStep` (a logarithmic number of times over a
 * crawl), and re-indexes only the pages whose dropped blocks differ.
 */
import type { PageText, TextIndex } from "../store/types.js";
import { createSiteBoilerplate, type ExtractedPage, pageStep } from "./extract/index.js";
import { rememberingSectionDetectors } from "./language.js";
import { buildPageText, maskKey } from "./page-text.js";
import { RecentPages } from "./recent-pages.js";
import { decodeBlocks } from "./stored-blocks.js";

export interface SiteBoilerplateIndex {
  /** Learns the page and builds its entry with what the site repeats left out. */
  prepare(page: ExtractedPage): PageText;
  /** Records that the page's entry was stored. */
  stored(url: string, text: PageText): void;
  /** Forgets a page that left the index. */
  forget(url: string): void;
  /** Re-indexes earlier pages when the detector has moved on enough since the last check. */
  catchUp(): Promise<number>;
  /**
   * Indexes every stored page of the site again from its stored blocks (an index written under
   * an older analysis); resolves to the number of pages re-indexed.
   */
  reindexAll(): Promise<number>;
}

export interface SiteBoilerplateDeps {
  siteId: number;
  texts: TextIndex;
  /** Pages kept in memory for re-checks, shared with the other sites of the sink (else its own). */
  recent?: RecentPages;
  /** Section detectors that remember their answers, shared likewise (else its own). */
  sectionDetectors?: ReturnType<typeof rememberingSectionDetectors>;
}

export async function loadSiteBoilerplate(
  deps: SiteBoilerplateDeps,
): Promise<SiteBoilerplateIndex> {
  const { siteId, texts } = deps;
  const records = await texts.boilerplate(siteId);
  const detector = createSiteBoilerplate({
    state: { version: 1, pages: [...records].map(([url, r]) => [url, r.fingerprints]) },
  });
  const masks = new Map([...records].map(([url, r]) => [url, r.mask]));
  const detectors = deps.sectionDetectors ?? rememberingSectionDetectors();
  /** The detector version each page was last built or checked under, in this process. */
  const checked = new Map<string, number>();
  let checkedStep = 0;
  const recent = deps.recent ?? new RecentPages();

  /**
   * Re-indexes the page when what the detector drops from it differs from `mask` (always, when
   * `mask` is null); false when unchanged or gone.
   */
  async function recheck(url: string, mask: string | null, version: number): Promise<boolean> {
    checked.set(url, version);
    let page = recent.get(siteId, url);
    if (!page) {
      const json = await texts.blocks(siteId, url);
      if (json === null) {
        masks.delete(url);
        return false;
      }
      page = decodeBlocks(url, json);
    }
    const drop = detector.classify(page);
    if (maskKey(drop) === mask) return false;
    const text = buildPageText(page, drop, detectors);
    if (!(await texts.updateText(siteId, url, text))) {
      masks.delete(url);
      return false;
    }
    masks.set(url, text.boilerplate.mask);
    return true;
  }

  return {
    prepare(page) {
      recent.remember(siteId, page);
      detector.learn(page);
      return buildPageText(page, detector.classify(page), detectors);
    },
    stored(url, text) {
      masks.set(url, text.boilerplate.mask);
      checked.set(url, detector.version);
    },
    forget(url) {
      detector.forget(url);
      recent.forget(siteId, url);
      masks.delete(url);
      checked.delete(url);
    },
    async reindexAll() {
      let done = 0;
      for (const url of [...masks.keys()]) {
        // A turn of the event loop per page: the thread's other calls (a crawl's) go on meanwhile.
        await new Promise((next) => setImmediate(next));
        if (await recheck(url, null, detector.version)) done++;
      }
      return done;
    },
    async catchUp() {
      const step = pageStep(detector.pages);
      if (step <= checkedStep) return 0;
      checkedStep = step;
      const version = detector.version;
      let changed = 0;
      for (const [url, mask] of [...masks]) {
        if (checked.get(url) === version) continue;
        if (await recheck(url, mask, version)) changed++;
      }
      return changed;
    },
  };
}
