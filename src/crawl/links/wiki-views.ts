/**
 * A wiki's views of its pages that are no page of their own: the edit form, the history, an old
 * revision, a diff, a print version, a link to a page not written yet (its edit form), and the
 * generated listings of the `Special:` namespace. MediaWiki links every article to a dozen of
 * them, and a crawl that follows them spends its page limit on copies and forms (26 of 30
 * requests on a small wiki). The login and account pages among them are refused as unsafe
 * (policy.ts); these are skipped as copies.
 */

/** `action=` values that show a page other than as it reads. */
const VIEW_ACTIONS = new Set([
  "edit",
  "submit",
  "history",
  "info",
  "raw",
  "purge",
  "watch",
  "unwatch",
  "protect",
  "unprotect",
  "delete",
  "render",
  "credits",
  "markpatrolled",
  "rollback",
]);

/** Parameters whose presence alone names such a view (an old revision, a diff, VisualEditor). */
const VIEW_PARAMS = ["oldid", "diff", "veaction", "redlink", "printable", "curid"];

/** The `Special:` namespace in the languages Hooty reads, folded. */
const SPECIAL = /^(?:special|spezial|speciale|especial|spécial|speciaal):/i;

/** Whether `url` is one of a wiki's views of a page, or a special page. */
export function isWikiView(url: URL): boolean {
  if (url.search !== "") {
    const params = url.searchParams;
    const action = params.get("action");
    if (action !== null && VIEW_ACTIONS.has(action.toLowerCase())) return true;
    if (VIEW_PARAMS.some((name) => params.has(name))) return true;
    const title = params.get("title");
    if (title !== null && SPECIAL.test(title)) return true;
  }
  const last = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (!last.includes(":") && !last.includes("%3A") && !last.includes("%3a")) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    decoded = last;
  }
  return SPECIAL.test(decoded);
}
