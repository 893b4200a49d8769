/** The declared language of a page: `<html lang>`, `<meta http-equiv="Content-Language">`, header. */

/**
 * The primary subtag of a language tag or of the first tag in a list, lower case: "de-DE" → "de",
 * "it, en" → "it", "en_US" → "en". Null for empty, "*", "und", "x-…" and anything not a tag.
 */
export function primaryLanguage(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const first = tag.split(",")[0]?.trim().toLowerCase() ?? "";
  const primary = first.split(/[-_;]/)[0] ?? "";
  if (!/^[a-z]{2,3}$/.test(primary) || primary === "und" || primary === "mul") return null;
  return primary;
}

/** The language a page declares, in order of trust: the document, then its meta, then HTTP. */
export function declaredLanguage(
  htmlLang: string | null,
  metaLang: string | null,
  headerLang: string | undefined,
): string | null {
  return primaryLanguage(htmlLang) ?? primaryLanguage(metaLang) ?? primaryLanguage(headerLang);
}
