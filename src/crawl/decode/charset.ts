import { TextDecoder } from "node:util";
/**
 * Bytes to text the way browsers do (WHATWG encoding sniffing, simplified to what matters for
 * reading pages): byte-order mark, then the Content-Type charset, then a <meta> charset in the first
 * 1024 bytes, then UTF-8 when the bytes are valid UTF-8, else windows-1252.
 */
export interface DecodedText {
  text: string;
  encoding: string;
  /** Where the encoding came from. */
  source: "bom" | "header" | "meta" | "sniffed" | "default";
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
  if (fromHeader) return { text: decode(body, fromHeader), encoding: fromHeader, source: "header" };
  const meta = metaCharset(body.subarray(0, PRESCAN_BYTES).toString("latin1"));
  const fromMeta = meta ? usable(meta, true) : null;
  if (fromMeta) return { text: decode(body, fromMeta), encoding: fromMeta, source: "meta" };
  try {
    return {
      text: new TextDecoder("utf-8", { fatal: true }).decode(body),
      encoding: "utf-8",
      source: "sniffed",
    };
  } catch {
    return { text: decode(body, "windows-1252"), encoding: "windows-1252", source: "default" };
  }
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
