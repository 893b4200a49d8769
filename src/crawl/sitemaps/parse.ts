/**
 * Sitemaps (sitemaps.org protocol): a `<urlset>` lists pages, a `<sitemapindex>` lists more
 * sitemaps. Only `<loc>` matters to HootyBot; the scan is a linear pass, so a hostile file costs
 * at most its (already capped) size.
 */
export interface Sitemap {
  kind: "urlset" | "index" | "unknown";
  locations: string[];
}

export function parseSitemap(xml: string, limit = 50_000): Sitemap {
  const root = /<\s*(?:[\w-]+:)?(urlset|sitemapindex)\b/i.exec(xml)?.[1]?.toLowerCase();
  const kind = root === "urlset" ? "urlset" : root === "sitemapindex" ? "index" : "unknown";
  const locations: string[] = [];
  const loc =
    /<\s*(?:[\w-]+:)?loc\s*>([^<]*(?:<!\[CDATA\[[\s\S]*?\]\]>[^<]*)?)<\s*\/\s*(?:[\w-]+:)?loc\s*>/gi;
  for (const match of xml.matchAll(loc)) {
    const value = decodeXml((match[1] ?? "").replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1").trim());
    if (value) locations.push(value);
    if (locations.length >= limit) break;
  }
  return { kind, locations };
}

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    switch (name.toLowerCase()) {
      case "amp":
        return "&";
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "quot":
        return '"';
      case "apos":
        return "'";
    }
    const code =
      name[1] === "x" || name[1] === "X"
        ? Number.parseInt(name.slice(2), 16)
        : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : entity;
  });
}
