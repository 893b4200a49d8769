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
