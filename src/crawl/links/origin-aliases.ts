/**
 * Origins that stand for the site's own: those its start URL was redirected from, on its way to
 * the origin the crawl adopted (`http://example.org` → `https://www.example.org`). A link written
 * with the old origin (a page from before the move to HTTPS, a menu that names the bare domain),
 * or a sitemap that lists it, means the site's page on its own origin, where the server would
 * send a browser: HootyBot asks for it there, under that origin's robots.txt, and never asks the
 * old origin again.
 */
export class OriginAliases {
  private readonly aliases = new Set<string>();

  /** Records that `from` redirected to the site's origin `to` (ignored when they are one). */
  add(from: string, to: string): void {
    if (from !== to) this.aliases.add(from);
  }

  /** `url` on `origin` when it was written with one of its aliases; otherwise `url` itself. */
  onOrigin(url: URL, origin: string): URL {
    if (url.origin === origin || !this.aliases.has(url.origin)) return url;
    return new URL(`${url.pathname}${url.search}`, origin);
  }
}
