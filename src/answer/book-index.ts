/**
 * A site's index of terms (a DocBook book index, Sphinx's general index): every entry a link to
 * the page that explains it. It matches many questions by their terms alone and answers none; the
 * pages it points to do. Recognised by title or URL.
 */
import { pathOf } from "./url-path.js";

/** "Index", "General Index", "Index — Python 3.11 documentation"; not "Indexes", "Index Types". */
const TITLE =
  /^(?:(?:general|alphabetical) index|index|stichwortverzeichnis|indice analitico|index alphabétique|índice alfabético)(?:\s*[—–:|-]|\s*$)/i;

/** bookindex.html (DocBook); genindex.html, genindex-A.html and genindex/ (Sphinx). */
const PATH = /\/(?:bookindex|genindex(?:-[^/.]*)?)(?:\.html?|\/)?$/i;

export function isBookIndex(url: string, title: string): boolean {
  if (TITLE.test(title.trim())) return true;
  const path = pathOf(url);
  return path !== null && PATH.test(path);
}
