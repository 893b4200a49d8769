import { namesActionText } from "./policy.js";
import { scanTags } from "./tags.js";

/** What a page tells the crawler about other pages. */
export interface PageLinks {
  /** Link targets as written (unresolved), in document order, duplicates removed. */
  hrefs: string[];
  /**
   * Targets of links whose text names a sign-in, account or shopping action ("Log in",
   * "Warenkorb", "Mon compte"), whatever their URL says: never followed, and not in `hrefs`.
   */
  actions: string[];
  /** `<base href>`, when the page sets one. */
  base: string | null;
  /** `<link rel="canonical">`, when the page names one. */
  canonical: string | null;
  /** Whether the page links to more than `MAX_LINKS` URLs, the rest left unread. */
  capped: boolean;
  /** The first `<meta http-equiv="refresh">` that names a URL: after how many seconds, and where. */
  refresh: { seconds: number; href: string } | null;
}

const LINK_TAGS = new Set(["a", "area", "base", "link", "meta", "frame", "iframe"]);
/**
 * Distinct links read from one page, in document order; the rest are left. A documentation index
 * holds a thousand or two (the PostgreSQL manual's book index: 1,256); a hostile page of 5 MB holds
 * 200,000, each one to normalise, queue and store.
 */
export const MAX_LINKS = 10_000;
const FOLLOWED_LINK_RELS = /\b(alternate|next|prev|previous)\b/i;

/**
 * Reads the links a visitor could follow: `<a href>` and `<area href>` (not those marked
 * `rel=nofollow` or `download`), `<link rel=alternate|next|prev>` to HTML, the pages of
 * `<frame src>` and `<iframe src>`, and a `<meta refresh>` target. Form actions are never links:
 * HootyBot never submits a form.
 */
export function extractLinks(html: string): PageLinks {
  const hrefs = new Set<string>();
  const actions = new Set<string>();
  let base: string | null = null;
  let canonical: string | null = null;
  let refresh: PageLinks["refresh"] = null;
  let capped = false;
  const add = (href: string) => {
    if (hrefs.size < MAX_LINKS) hrefs.add(href);
    else if (!hrefs.has(href)) capped = true;
  };
  scanTags(html, LINK_TAGS, (name, attributes, end) => {
    switch (name) {
      case "a":
      case "area": {
        if (attributes.href === undefined || "download" in attributes) return;
        if (/\bnofollow\b/i.test(attributes.rel ?? "")) return;
        const href = attributes.href.trim();
        // A link into a section ("#login"), to a static page ("login.html") or naming code
        // (`<code>register</code>`) is about the topic, on a page of its own.
        if (
          name === "a" &&
          !href.includes("#") &&
          !STATIC_PAGE.test(href) &&
          linkLabels(html, end, attributes).some(namesActionText)
        ) {
          actions.add(href);
        } else {
          add(href);
        }
        return;
      }
      case "base":
        if (base === null && attributes.href) base = attributes.href.trim();
        return;
      case "frame":
      case "iframe": {
        // A frame shows a page of the site inside this one: a frameset's pages are all its text
        // (API documentation as javadoc wrote it: index.html is a frameset). An iframe of
        // another site (a video, a map) is off-site, like its links.
        const src = attributes.src?.trim();
        if (src) add(src);
        return;
      }
      case "link": {
        const rel = attributes.rel ?? "";
        const href = attributes.href?.trim();
        if (!href) return;
        if (/\bcanonical\b/i.test(rel)) canonical ??= href;
        else if (FOLLOWED_LINK_RELS.test(rel) && /^$|html/i.test(attributes.type ?? "")) {
          add(href);
        }
        return;
      }
      case "meta": {
        if ((attributes["http-equiv"] ?? "").toLowerCase() !== "refresh") return;
        const content = attributes.content ?? "";
        const target = /url\s*=\s*['"]?([^'"]+)/i.exec(content)?.[1]?.trim();
        if (!target) return;
        add(target);
        const seconds = Number.parseFloat(content);
        refresh ??= { seconds: Number.isFinite(seconds) ? seconds : 0, href: target };
        return;
      }
    }
  });
  hrefs.delete("");
  actions.delete("");
  for (const href of actions) hrefs.delete(href);
  return { hrefs: [...hrefs], actions: [...actions], base, canonical, capped, refresh };
}

const STATIC_PAGE = /\.html?$/i;
/** Longest link text read for its words: an action's link says a few words. */
const LINK_TEXT_CHARS = 160;
/** Markup read for a link's text and images (an icon's `src` can be long). */
const LINK_MARKUP_CHARS = 1024;

/** An image's text alternative, in a link's markup. */
const IMAGE_ALT = /<img\b[^>]*?\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * What names the link whose start tag ends at `from`: its text, when short ("" for a longer one),
 * the `alt` of each image in it, its `aria-label` and its `title`. An icon link ("🛒",
 * `<img alt="Login">`) says what it does only there.
 */
function linkLabels(html: string, from: number, attributes: Record<string, string>): string[] {
  const labels = [attributes["aria-label"] ?? "", attributes.title ?? ""];
  const window = html.slice(from, from + LINK_MARKUP_CHARS);
  const end = window.search(/<\/a[\s>]/i);
  if (end < 0) return labels;
  const inner = window.slice(0, end);
  if (/<(?:code|kbd|samp|tt|var)[\s>]/i.test(inner)) return labels;
  const text = inner.replace(/<[^>]*>/g, " ");
  if (text.length <= LINK_TEXT_CHARS) labels.push(text);
  for (const alt of inner.matchAll(IMAGE_ALT)) labels.push(alt[1] ?? alt[2] ?? alt[3] ?? "");
  return labels;
}
