/**
 * Whether a citation's quote is found verbatim in its page's indexed text (the page's sections),
 * as an answer promises: the check a visitor makes at the source. Each page's sections are read
 * once per checker.
 */
import type { TextIndex } from "../store/types.js";

export type QuoteCheck = (citation: { url: string; quote: string }) => Promise<boolean>;

export function verbatimChecker(texts: TextIndex, siteId: number): QuoteCheck {
  const pages = new Map<string, Promise<string[]>>();
  return async (citation) => {
    const page = citation.url.split("#")[0] as string;
    let sections = pages.get(page);
    if (!sections) {
      sections = texts.sections(siteId, page).then((list) => list.map((s) => s.text));
      pages.set(page, sections);
    }
    return (await sections).some((text) => text.includes(citation.quote));
  };
}
