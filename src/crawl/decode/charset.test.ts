import { describe, expect, it } from "vitest";
import { decodeHtml } from "./charset.js";

const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("decodeHtml (WHATWG sniffing order)", () => {
  it("honours a byte-order mark above everything", () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("Grüße")]);
    expect(decodeHtml(body, "text/html; charset=iso-8859-1")).toMatchObject({
      text: "Grüße",
      source: "bom",
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("hé", "utf16le")]);
    expect(decodeHtml(utf16, null).text).toBe("hé");
  });

  it("takes the Content-Type charset, then <meta>", () => {
    expect(decodeHtml(latin1("Gr\xfc\xdfe"), 'text/html; charset="ISO-8859-1"').text).toBe("Grüße");
    expect(decodeHtml(latin1('<meta charset="latin1"><p>caf\xe9'), "text/html").text).toContain(
      "café",
    );
    expect(
      decodeHtml(
        latin1(
          '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>\x93q\x94',
        ),
        null,
      ).text,
    ).toContain("“q”");
  });

  it("sniffs UTF-8, else falls back to windows-1252, and survives garbage labels", () => {
    expect(decodeHtml(Buffer.from("perché"), null)).toMatchObject({
      text: "perché",
      source: "sniffed",
    });
    expect(decodeHtml(latin1("perch\xe9"), null)).toMatchObject({
      text: "perché",
      source: "default",
    });
    expect(decodeHtml(Buffer.from("ok"), "text/html; charset=no-such-thing").text).toBe("ok");
    expect(decodeHtml(Buffer.from('<meta charset="utf-16"><p>x'), null).encoding).toBe("utf-8");
  });
});

describe("decodeHtml (the bytes against the declaration)", () => {
  const utf8 = (text: string) => Buffer.from(text, "utf8");
  const dessert = "<p>Crème brûlée Käsekuchen by Zoë Øverbø in Ærøskøbing</p>";
  const baker = "<p>Die Bäckerin Jördis Größlmüller backt süße Brötchen.</p>";
  const latinHeader = "text/html; charset=ISO-8859-1";
  const utf8Header = "text/html; charset=utf-8";

  it("reads UTF-8 bytes labelled Latin-1 as UTF-8", () => {
    expect(decodeHtml(utf8(dessert), latinHeader)).toEqual({
      text: dessert,
      encoding: "utf-8",
      source: "sniffed",
      declared: "windows-1252",
    });
    expect(decodeHtml(utf8("<p>Привет, мир</p>"), "text/html; charset=koi8-r").text).toBe(
      "<p>Привет, мир</p>",
    );
  });

  it("reads Latin-1 bytes labelled UTF-8 as windows-1252", () => {
    expect(decodeHtml(latin1(baker), utf8Header)).toEqual({
      text: baker,
      encoding: "windows-1252",
      source: "sniffed",
      declared: "utf-8",
    });
    expect(decodeHtml(latin1("<p>\x93Caf\xe9\x94 \x80 5</p>"), utf8Header).text).toBe(
      "<p>“Café” € 5</p>",
    );
  });

  it("checks a lying <meta> the same ways", () => {
    const meta = (charset: string, body: string) => `<meta charset="${charset}">${body}`;
    expect(decodeHtml(utf8(meta("iso-8859-1", dessert)), null)).toMatchObject({
      text: meta("iso-8859-1", dessert),
      encoding: "utf-8",
      declared: "windows-1252",
    });
    expect(decodeHtml(latin1(meta("utf-8", baker)), "text/html")).toMatchObject({
      text: meta("utf-8", baker),
      encoding: "windows-1252",
      declared: "utf-8",
    });
  });

  it("keeps correct declarations", () => {
    expect(decodeHtml(latin1(baker), latinHeader)).toEqual({
      text: baker,
      encoding: "windows-1252",
      source: "header",
    });
    expect(decodeHtml(utf8(dessert), utf8Header)).toEqual({
      text: dessert,
      encoding: "utf-8",
      source: "header",
    });
    expect(decodeHtml(utf8("<p>plain</p>"), latinHeader)).toEqual({
      text: "<p>plain</p>",
      encoding: "windows-1252",
      source: "header",
    });
  });

  it("never second-guesses a declared multi-byte legacy encoding or a byte-order mark", () => {
    const sjis = Buffer.from("93fa967b8cea82cc8379815b835782c582b78142", "hex");
    expect(decodeHtml(sjis, "text/html; charset=Shift_JIS")).toEqual({
      text: "日本語のページです。",
      encoding: "shift_jis",
      source: "header",
    });
    expect(decodeHtml(utf8(dessert), "text/html; charset=shift_jis").encoding).toBe("shift_jis");
    const bomThenLatin = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1(baker)]);
    expect(decodeHtml(bomThenLatin, latinHeader)).toMatchObject({
      encoding: "utf-8",
      source: "bom",
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(dessert, "utf16le")]);
    expect(decodeHtml(utf16, latinHeader).text).toBe(dessert);
  });

  it("keeps UTF-8 for a stray broken byte, a cut last character or a few Latin-1 bytes", () => {
    const page = `<p>${"Ærøskøbing ".repeat(50)}</p>`;
    const broken = Buffer.concat([utf8(page), Buffer.from([0xff]), utf8(page)]);
    expect(decodeHtml(broken, utf8Header)).toMatchObject({ encoding: "utf-8", source: "header" });
    expect(decodeHtml(broken, utf8Header).text).toBe(`${page}\ufffd${page}`);
    expect(decodeHtml(broken, null).text).toBe(`${page}\ufffd${page}`);
    const cut = utf8(`${page}€`).subarray(0, -1);
    expect(decodeHtml(cut, utf8Header).encoding).toBe("utf-8");
    expect(decodeHtml(cut, null).encoding).toBe("utf-8");
    expect(decodeHtml(cut, latinHeader).encoding).toBe("utf-8");
    const mixed = Buffer.concat([utf8(page), latin1(baker)]);
    expect(decodeHtml(mixed, utf8Header).encoding).toBe("utf-8");
    expect(decodeHtml(mixed, latinHeader).encoding).toBe("utf-8");
  });

  it("keeps UTF-8 when windows-1252 would only garble differently", () => {
    const cyrillic = (text: string) =>
      Buffer.from([...text].map((c) => (c >= "А" ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0))));
    const russian = cyrillic("<p>Пекарь печёт хлеб и булки в печи на заре</p>".replace("ё", "е"));
    expect(decodeHtml(russian, utf8Header).encoding).toBe("utf-8");
    const undefined1252 = latin1(`${baker}<p>\x81</p>`);
    expect(decodeHtml(undefined1252, utf8Header).encoding).toBe("utf-8");
  });
});
