import { isAscii, isUtf8 } from "node:buffer";
import { TextDecoder } from "node:util";
/**
 * Bytes to text the way browsers do (WHATWG encoding sniffing, simplified to what matters for
 * reading pages): byte-order mark, then the Content-Type charset, then a <meta> charset in the first
 * 1024 bytes, then UTF-8 when the bytes are mostly valid UTF-8, else windows-1252.
 *
 * Unlike a browser, the choice is then checked against the bytes, because an index that shows
 * mojibake loses the page's words: UTF-8 bytes labelled with a single-byte encoding are read as
 * UTF-8, Latin-1 bytes labelled UTF-8 as windows-1252. A byte-order mark, pure ASCII and a declared
 * multi-byte legacy encoding (Shift_JIS, EUC-KR, GBK, Big5…) are taken as they are.
 */
export interface DecodedText {
  text: string;
  encoding: string;
  /** Where the encoding came from. */
  source: "bom" | "header" | "meta" | "sniffed" | "default";
  /** The header's or <meta>'s encoding, when the bytes contradicted it. */
  declared?: string;
}

import { decodeWindows1252 } from "./windows-1252.js";

const PRESCAN_BYTES = 1024;

export function decodeHtml(body: Buffer, contentType: string | null | undefined): DecodedText {
  const bom = fromBom(body);
  if (bom)
    return {
      text: decoder(bom.encoding)?.decode(body.subarray(bom.length)) ?? "",
      encoding: bom.encoding,
      source: "bom",
    };
  const declared = charsetParam(contentType);
  const fromHeader = declared ? usable(declared) : null;
  if (fromHeader) return checked(body, fromHeader, "header");
  const meta = metaCharset(body.subarray(0, PRESCAN_BYTES).toString("latin1"));
  const fromMeta = meta ? usable(meta, true) : null;
  if (fromMeta) return checked(body, fromMeta, "meta");
  const bytes = isUtf8(body) ? null : sniff(body);
  if (!bytes || bytes.multiByte > bytes.invalid)
    return { text: decode(body, "utf-8"), encoding: "utf-8", source: "sniffed" };
  return { text: decode(body, "windows-1252"), encoding: "windows-1252", source: "default" };
}

const SINGLE_BYTE =
  /^(?:ibm866|iso-8859-\d+(?:-i)?|koi8-[ru]|macintosh|windows-(?:874|125\d)|x-mac-cyrillic)$/;

/** The declared encoding, unless the bytes clearly say UTF-8 or windows-1252 instead. */
function checked(body: Buffer, declared: string, source: "header" | "meta"): DecodedText {
  const legacy = SINGLE_BYTE.test(declared);
  if ((declared !== "utf-8" && !legacy) || isAscii(body) || (declared === "utf-8" && isUtf8(body)))
    return { text: decode(body, declared), encoding: declared, source };
  const bytes = sniff(body);
  // Bytes that are partly valid UTF-8 go to the decoding that loses fewer characters (UTF-8
  // loses each invalid sequence to U+FFFD, a single-byte decoding garbles each multi-byte one),
  // ties to the declaration (without one, to windows-1252): one stray or truncated byte in a UTF-8
  // page keeps UTF-8, and a page without multi-byte sequences changes only in the bytes UTF-8
  // could not read. Latin-1 text has its high bytes alone or in pairs between ASCII; in longer
  // runs they are Cyrillic, Greek, Korean… mislabelled, which windows-1252 would only garble anew.
  const switches = legacy
    ? bytes.multiByte > bytes.invalid
    : bytes.invalid > bytes.multiByte && bytes.longRuns * 3 < bytes.badRuns && clean1252(body);
  if (!switches) return { text: decode(body, declared), encoding: declared, source };
  const actual = legacy ? "utf-8" : "windows-1252";
  return { text: decode(body, actual), encoding: actual, source: "sniffed", declared };
}

interface Utf8Evidence {
  /** Well-formed sequences of two to four bytes. */
  multiByte: number;
  /** Ill-formed sequences, one U+FFFD each; a sequence cut short by the end of the body is not one. */
  invalid: number;
  /** Runs of bytes above 0x7F that hold an invalid sequence, and how many are over two bytes long. */
  badRuns: number;
  longRuns: number;
}

/** One pass over the bytes, counting as the WHATWG UTF-8 decoder would. */
function sniff(body: Uint8Array): Utf8Evidence {
  let multiByte = 0;
  let invalid = 0;
  let badRuns = 0;
  let longRuns = 0;
  let run = 0;
  let runBad = false;
  const end = body.length;
  for (let i = 0; i <= end; ) {
    const lead = i < end ? (body[i] as number) : 0;
    if (lead < 0x80) {
      if (runBad) {
        badRuns++;
        if (run > 2) longRuns++;
      }
      run = 0;
      runBad = false;
      i++;
      continue;
    }
    const needed = lead >= 0xf0 ? (lead <= 0xf4 ? 3 : 0) : lead >= 0xe0 ? 2 : lead >= 0xc2 ? 1 : 0;
    let low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    let high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    let length = 1;
    while (length <= needed && i + length < end) {
      const next = body[i + length] as number;
      if (next < low || next > high) break;
      low = 0x80;
      high = 0xbf;
      length++;
    }
    if (needed > 0 && length > needed) multiByte++;
    else if (needed === 0 || i + length < end) {
      invalid++;
      runBad = true;
    }
    run += length;
    i += length;
  }
  return { multiByte, invalid, badRuns, longRuns };
}

/** None of the five bytes windows-1252 leaves undefined. */
function clean1252(body: Buffer): boolean {
  return [0x81, 0x8d, 0x8f, 0x90, 0x9d].every((byte) => !body.includes(byte));
}

function fromBom(body: Buffer): { encoding: string; length: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf)
    return { encoding: "utf-8", length: 3 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: "utf-16be", length: 2 };
  return null;
}

export function charsetParam(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;,]+))/i.exec(contentType);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim() || null;
}

const META = /<meta\b[^>]*?>/gi;

function metaCharset(head: string): string | null {
  for (const match of head.matchAll(META)) {
    const tag = match[0];
    const direct = /\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    if (direct && !/http-equiv/i.test(tag)) return direct[1] ?? null;
    if (/http-equiv\s*=\s*["']?\s*content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
      const value = content?.[1] ?? content?.[2] ?? content?.[3];
      const charset = charsetParam(value ? `x;${value.replace(/^[^;]*;?/, "")}` : null);
      if (charset) return charset;
    }
  }
  return null;
}

/** The encoding's canonical name, if the runtime can decode it. A <meta> cannot declare UTF-16. */
function usable(label: string, fromMeta = false): string | null {
  const d = decoder(label);
  if (!d) return null;
  if (fromMeta && d.encoding.startsWith("utf-16")) return "utf-8";
  if (d.encoding === "x-user-defined") return "windows-1252";
  return d.encoding;
}

function decoder(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return null;
  }
}

function decode(body: Buffer, encoding: string): string {
  if (encoding === "windows-1252") return decodeWindows1252(body);
  return decoder(encoding)?.decode(body) ?? decodeWindows1252(body);
}
