/**
 * Where a page's links point, without parsing a URL for every link: a site's pages link the same
 * few hundred targets over and over (a manual's navigation, its index), and a relative link's
 * target depends only on the directory of the page it is on, so it is resolved once per directory.
 */

/** A link's target without its fragment, and the target's origin. */
export interface LinkTarget {
  href: string;
  origin: string;
}

/** Targets remembered, over all directories, before the memory is emptied. */
const REMEMBERED = 50_000;

const byDirectory = new Map<string, Map<string, LinkTarget | null>>();
let remembered = 0;

/**
 * Resolves links of the page at `page`: a link's target without its fragment, or null when the
 * link is no URL.
 */
export function linkTargets(page: URL): (href: string) => LinkTarget | null {
  const directory = directoryOf(page);
  if (directory === null) return (href) => resolve(href, page);
  let known = byDirectory.get(directory);
  return (href) => {
    if (!dependsOnDirectoryOnly(href)) return resolve(href, page);
    if (!known) {
      known = new Map();
      byDirectory.set(directory, known);
    }
    let target = known.get(href);
    if (target === undefined) {
      target = resolve(href, page);
      if (remembered >= REMEMBERED) {
        for (const map of byDirectory.values()) map.clear();
        remembered = 0;
      }
      known.set(href, target);
      remembered++;
    }
    return target;
  };
}

function resolve(href: string, page: URL): LinkTarget | null {
  let target: URL;
  try {
    target = new URL(href, page);
  } catch {
    return null;
  }
  target.hash = "";
  return { href: target.href, origin: target.origin };
}

/**
 * The page's URL without query, fragment and last path segment, for http(s) pages; null for
 * others (a `file:` URL resolves drive letters its own way).
 */
function directoryOf(page: URL): string | null {
  if (page.protocol !== "http:" && page.protocol !== "https:") return null;
  const bare = new URL(page.href);
  bare.search = "";
  bare.hash = "";
  return bare.href.slice(0, bare.href.lastIndexOf("/") + 1);
}

/**
 * Whether resolving `href` against an http(s) page reads no more of the page than its directory:
 * so unless the link is empty or starts with "?" or "#" (which keep the page's path and query),
 * once leading spaces and controls (which the URL parser strips) are ruled out.
 */
function dependsOnDirectoryOnly(href: string): boolean {
  if (href === "") return false;
  const first = href.charCodeAt(0);
  return first > 0x20 && first !== 0x3f && first !== 0x23;
}
