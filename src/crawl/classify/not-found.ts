/**
 * Error pages served as pages ("soft 404"): a server that answers a missing URL with 200 and a
 * page saying so. The page is no content of the site, and the broken link that led to it is the
 * owner's to know of. Recognised by what such pages say in their title, when their text is short:
 * an article about 404 errors, or a long page that merely mentions one, says more than that.
 */
import type { PageFacts } from "./page.js";

/** Text past which a page says more than that something is missing (a navigation included). */
const SHORT_TEXT = 2000;

/** What a missing page's title says, in the languages Hooty reads (the title is lower case). */
const MISSING_TITLE =
  /(?:^|[^\p{L}\p{N}])(?:404|page not found|file not found|not found|seite nicht gefunden|nicht gefunden|pagina non trovata|non trovata|pagina non trovato|page introuvable|introuvable|page non trouvée|página no encontrada|no encontrada|página não encontrada|não encontrada|pagina niet gevonden|niet gevonden)(?:$|[^\p{L}\p{N}])/u;

/** Whether the page says it is the answer for a page that does not exist. */
export function saysNotFound(page: PageFacts): boolean {
  return page.textLength < SHORT_TEXT && MISSING_TITLE.test(page.title);
}
