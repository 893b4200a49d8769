/**
 * A site's index of terms (a DocBook book index, Sphinx's general index): every entry a link to
 * the page that explains it. It matches many questions by their terms alone and answers none; the
 * pages it points to do. Recognised by title or URL.
 */

/** "Index", "General Index", "Index — Python 3.11 documentation"; not "Indexes", "Index Types". */
const TITLE =
  /^(?:(?:general|alphabetical) index|index|stichwortverzeichnis|indice analitico|index alphabétique|índice alfabético)(?:\s*[—–:|-]|\s*$)/i;

/** bookindex.html (DocBook), genindex.html and genindex-A.html (Sphinx), genindex/ (served as a folder). */
const PATH = /\/(?:bookindex|genindex(?:-[^/.]*)?)(?:\.html?|\/)?$/i;

export function isBookIndex(url: string, title: string): boolean {
  if (TITLE.test(title.trim())) return true;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return PATH.test(path);
}
