/**
 * Error pages served as pages ("soft 404"): a server that answers a missing URL with 200 and a
 * page saying so. The page is no content of the site, and the broken link that led to it is the
 * owner's to know of. Recognised by a part of the title that says nothing else ("Page not found
 * – Example Shop", "Error 404"), when the text is short: an article about 404 errors ("How to
 * fix a 404 error"), a title that merely holds the number ("Canon 404 src") or a long page says
 * more than that.
 */
import type { PageFacts } from "./page.js";

/** Text past which a page says more than that something is missing (a navigation included). */
const SHORT_TEXT = 2000;

/** What separates a title's parts: the page's own and the site's name, a status and its words. */
const TITLE_PARTS = /\s[-–—|·•:»«/]\s|[|–—·•»«()[\]:]/;

/** Saying that a page is missing, in the languages Hooty reads (folded: no accents). */
const MISSING =
  /(?:^| )(?:404|not found|(?:can t|cannot|could not|couldn t) be found|nicht gefunden|non trovat[ao]|introuvable|non trouvee|no encontrad[ao]|nao encontrad[ao]|niet gevonden)(?: |$)/;

/** Words a part saying so may hold beside it ("Error 404", "Oops! That page can't be found"). */
const BESIDE = new Set(
  (
    "404 error err errore fehler erreur http page pagina seite file datei fichier archivo " +
    "document documento dokument resource ressource risorsa recurso directory or oder o ou " +
    "oops whoops sorry uh oh ops the this that requested la le il die diese de ce " +
    "not found nicht gefunden non trovata trovato introuvable trouvee no encontrada encontrado " +
    "nao niet gevonden can t cannot be could couldn was is"
  ).split(" "),
);

/** Whether the page says it is the answer for a page that does not exist. */
export function saysNotFound(page: PageFacts): boolean {
  if (page.textLength >= SHORT_TEXT || page.title === "") return false;
  return page.title.split(TITLE_PARTS).some(saysOnlyMissing);
}

/** A part of a title (lower case) that says a page is missing and nothing else. */
function saysOnlyMissing(part: string): boolean {
  const words = part
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  if (words.length === 0 || !MISSING.test(words.join(" "))) return false;
  // Google's "Error 404 (Not Found)!!1" ends in a joke digit.
  return words.every((word) => BESIDE.has(word) || word === "1");
}
