/**
 * windows-1252, which WHATWG also uses for "latin1", "iso-8859-1" and "ascii". Node 20's
 * TextDecoder decodes it as ISO-8859-1, turning 0x80–0x9F into control characters instead of
 * “smart quotes”, € and …, so those 32 bytes are mapped here.
 */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x8d, 0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc,
  0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin.replace(/[\x80-\x9f]/g, (c) =>
    String.fromCharCode(HIGH[c.charCodeAt(0) - 0x80] ?? 0xfffd),
  );
}
