/**
 * The text of a robots.txt body as the parser reads it: the first 500 KiB (RFC 9309 §2.5 asks
 * for at least that much; the rest is ignored), decoded as UTF-8 (§2.3), a leading byte order
 * mark skipped, whole or cut short, as Google's parser does.
 */
export const ROBOTS_MAX_BYTES = 500 * 1024;

const BOM = [0xef, 0xbb, 0xbf];
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

export function robotsText(body: string | Uint8Array): string {
  if (typeof body === "string") {
    const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
    // Only a string that may pass the limit is measured in bytes.
    if (text.length <= ROBOTS_MAX_BYTES / 3) return text;
    if (Buffer.byteLength(text, "utf8") <= ROBOTS_MAX_BYTES) return text;
    return utf8.decode(Buffer.from(text, "utf8").subarray(0, ROBOTS_MAX_BYTES));
  }
  let start = 0;
  while (start < BOM.length && body[start] === BOM[start]) start++;
  return utf8.decode(body.subarray(start, ROBOTS_MAX_BYTES));
}
