/**
 * One spelling for paths and rule patterns before they are compared (RFC 9309 §2.2.2, §2.2.3):
 * - `%XX` of an unreserved character is decoded (`%7E` → `~`, `%62` → `b`);
 * - `%2A` and `%24` are decoded to `*` and `$`, so a rule that writes the special characters
 *   percent-encoded matches them literally in the URL (§2.2.3);
 * - every other `%XX` keeps its encoding with upper-case hex (`%2f` → `%2F`, never `/`);
 * - characters outside ASCII become their UTF-8 octets percent-encoded (`é` → `%C3%A9`);
 * - ASCII that may not appear raw in a URL (controls, space, `"` `'` `<` `>` `\` `^` `` ` ``
 *   `{` `|` `}`) is percent-encoded, so a URL spelled by a browser and a rule spelled by a
 *   person meet. (`'` is included because WHATWG URLs encode it in queries.)
 */

const HEX = "0123456789ABCDEF";

/** 1 for ASCII codes that are always written percent-encoded. */
const ENCODE_ASCII = new Uint8Array(128);
for (let code = 0; code <= 0x20; code++) ENCODE_ASCII[code] = 1;
for (const char of "\"'<>\\^`{|}") ENCODE_ASCII[char.charCodeAt(0)] = 1;
ENCODE_ASCII[0x7f] = 1;

/** 1 for octets whose `%XX` form is decoded. */
const DECODE_OCTET = new Uint8Array(256);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~*$") {
  DECODE_OCTET[char.charCodeAt(0)] = 1;
}

/** Anything the slow path would change: most paths have none and are returned as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const NEEDS_WORK = /[%\u0000-\u0020"'<>\\^`{|}\u007f-\uffff]/;

export function canonicalPath(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  let out = "";
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high < 0 || low < 0) {
        out += "%";
        continue;
      }
      const octet = high * 16 + low;
      out += DECODE_OCTET[octet] === 1 ? String.fromCharCode(octet) : percent(octet);
      i += 2;
    } else if (code < 0x80) {
      out += ENCODE_ASCII[code] === 1 ? percent(code) : text[i];
    } else {
      let point = code;
      if (code >= 0xd800 && code <= 0xdbff) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i++;
        } else point = 0xfffd;
      } else if (code >= 0xdc00 && code <= 0xdfff) point = 0xfffd;
      out += utf8Percent(point);
    }
  }
  return out;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

function percent(octet: number): string {
  return `%${HEX[octet >> 4]}${HEX[octet & 15]}`;
}

function utf8Percent(point: number): string {
  if (point < 0x800) return percent(0xc0 | (point >> 6)) + percent(0x80 | (point & 63));
  if (point < 0x10000) {
    return (
      percent(0xe0 | (point >> 12)) +
      percent(0x80 | ((point >> 6) & 63)) +
      percent(0x80 | (point & 63))
    );
  }
  return (
    percent(0xf0 | (point >> 18)) +
    percent(0x80 | ((point >> 12) & 63)) +
    percent(0x80 | ((point >> 6) & 63)) +
    percent(0x80 | (point & 63))
  );
}
