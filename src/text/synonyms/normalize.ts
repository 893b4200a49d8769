/** Longest word or phrase looked up; the resources' longest headwords are about 150 bytes. */
export const MAX_QUERY_LENGTH = 120;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
const UNUSABLE = /[\u0000-\u001f\u007f-\u009f|]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The lookup form of a visitor's word or phrase: NFC, lower case, single spaces; null for what no
 * thesaurus can hold (empty, too long, control characters, the MyThes field separator, broken
 * UTF-16).
 */
export function normalizeQuery(word: unknown): string | null {
  if (typeof word !== "string" || word.length === 0 || word.length > MAX_QUERY_LENGTH * 4) {
    return null;
  }
  if (UNUSABLE.test(word) || LONE_SURROGATE.test(word)) return null;
  const q = word.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
  if (q.length === 0 || q.length > MAX_QUERY_LENGTH) return null;
  return q;
}
