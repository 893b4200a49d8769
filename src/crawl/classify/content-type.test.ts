import { describe, expect, it } from "vitest";
import { isHtml, looksBinary, mediaType, sniffHtml } from "./content-type.js";

describe("content type", () => {
  it("trusts a valid Content-Type", () => {
    expect(isHtml("text/html; charset=utf-8", "")).toBe(true);
    expect(isHtml("Application/XHTML+XML", "")).toBe(true);
    expect(isHtml("application/json", "<html>")).toBe(false);
    expect(isHtml("text/plain", "<!doctype html>")).toBe(false);
    expect(mediaType("TEXT/HTML ; charset=x")).toBe("text/html");
  });

  it("does not take a binary file for HTML because the server calls it HTML", () => {
    expect(isHtml("text/html", "%PDF-1.7\n%\uFFFD\uFFFD\n1 0 obj")).toBe(false);
    expect(isHtml("text/html", "PK\u0003\u0004\u0014\u0000")).toBe(false);
    expect(isHtml("text/html", "\uFFFDPNG\r\n\u001a\n")).toBe(false);
    expect(isHtml("text/html", "‰PNG\r\n\u001a\n")).toBe(false);
    expect(isHtml("text/html", "GIF89a\u0001")).toBe(false);
    expect(isHtml("text/html", "<html><body>a\u0000b")).toBe(false);
    expect(isHtml("text/html", "<p>The %PDF- header starts a PDF file.</p>")).toBe(true);
    // After a line break or a byte-order mark, as some generators write them.
    expect(isHtml("text/html", "\n%PDF-1.4\n1 0 obj << /Length 60 >> stream")).toBe(false);
    expect(isHtml("text/html", "\uFEFF \r\n%PDF-1.4")).toBe(false);
    expect(isHtml("text/html", "{\\rtf1\\ansi\\deff0 {\\fonttbl}")).toBe(false);
    expect(isHtml("text/html", "<p>{\\rtf1 is how an RTF file begins.</p>")).toBe(true);
    // A script's source: code from its first character, and no markup.
    for (const code of [
      'function renkler(){ return "The renkleberry grows"; }',
      "/*! app v1 */\n(function(){var a=1})();",
      "\n  'use strict';\nconst x = 1;",
      'import { a } from "./a.js";\nexport default a;',
      "!function(e){e()}(window);",
    ]) {
      expect(isHtml("text/html", code), code).toBe(false);
    }
    // Words without markup, and code beside markup, stay pages.
    expect(isHtml("text/html", "Page 3 of the site: plain words, no markup.")).toBe(true);
    expect(isHtml("text/html", "function keys are described below.")).toBe(true);
    expect(isHtml("text/html", "let me explain the import rules.")).toBe(true);
    expect(isHtml("text/html", "import duties apply to parcels.")).toBe(true);
    expect(isHtml("text/html", "// comment\n<p>A page after a comment line.</p>")).toBe(true);
    expect(looksBinary(`<p>${"x".repeat(2000)}\u0000</p>`)).toBe(false);
    expect(isHtml("text/html", "\uFFFD\uFFFD\uFFFD\uFFFD\u0000\u0010JFIF\u0000")).toBe(false);
    const compressed = Array.from({ length: 600 }, (_, i) => String.fromCharCode((i * 37) % 256));
    expect(isHtml("text/html", `<html>${compressed.join("")}`)).toBe(false);
  });

  it("does not take a JSON document or an XML feed for HTML because the server calls it HTML", () => {
    expect(isHtml("text/html", '{"items":[{"id":1,"name":"Owl"}]}')).toBe(false);
    expect(isHtml("text/html; charset=utf-8", '\uFEFF\n  [1, 2, {"a": "<p>x</p>"}]')).toBe(false);
    const rss =
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>News</title></channel></rss>';
    expect(isHtml("text/html", rss)).toBe(false);
    expect(
      isHtml("text/html", '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'),
    ).toBe(false);
    const commented = `<?xml version="1.0"?>\n<!-- ${"generated ".repeat(200)} -->\n<!DOCTYPE rdf:RDF>\n<rdf:RDF xmlns:rdf="x"></rdf:RDF>`;
    expect(isHtml("text/html", commented)).toBe(false);
    // XHTML, a page that opens with a brace of text, a template left unfilled: pages.
    const xhtml = `<?xml version="1.0" encoding="utf-8"?>\n<!-- ${"note ".repeat(400)} -->\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>`;
    expect(isHtml("text/html", xhtml)).toBe(true);
    expect(isHtml("text/html", "{{ title }}<html><body><p>Owls</p></body></html>")).toBe(true);
    expect(isHtml("text/html", "[Draft] <p>Owls hunt at night.</p>")).toBe(true);
  });

  it("reads a page of text with a stray control character as HTML, as browsers do", () => {
    const page = `<!doctype html><html><head><title>Specials</title></head><body><h1>This week</h1>${"<p>Rye and spelt sourdough, butter croissants and plum tarts from the valley mill.</p>".repeat(4)}</body></html>`;
    expect(isHtml("text/html; charset=utf-8", `${page}\u0000`)).toBe(true);
    expect(isHtml("text/html", page.replace("This week", "This\u0000week"))).toBe(true);
    expect(isHtml("text/html", page.replace("Rye", "\u0001\u0002Rye"))).toBe(true);
    expect(isHtml("", page.replace("<h1>", "<h1>\u0000"))).toBe(true);
  });

  it("sniffs when the type is missing or malformed", () => {
    expect(isHtml("", "\uFEFF  <!DOCTYPE html><html>")).toBe(true);
    expect(isHtml("html", "<HTML><BODY>x")).toBe(true);
    expect(sniffHtml("<?xml version='1.0'?><html xmlns='http://www.w3.org/1999/xhtml'>")).toBe(
      true,
    );
    expect(sniffHtml("<?xml version='1.0'?><rss>")).toBe(false);
    expect(sniffHtml("%PDF-1.7")).toBe(false);
    expect(sniffHtml('{"a":1}')).toBe(false);
    expect(sniffHtml("<p\u0000>")).toBe(false);
    expect(sniffHtml("")).toBe(false);
    expect(sniffHtml('<meta http-equiv="refresh" content="0;/x">')).toBe(true);
    expect(sniffHtml("<center><h2>Blocked</h2></center>")).toBe(true);
    expect(sniffHtml('<rss version="2.0">')).toBe(false);
    expect(sniffHtml("<urlset xmlns='x'>")).toBe(false);
    expect(sniffHtml("a < b")).toBe(false);
  });
});

describe("mayBeHtml (the headers alone, before the body is read)", () => {
  it("reads HTML and leaves missing or meaningless types to sniffing", async () => {
    const { mayBeHtml } = await import("./content-type.js");
    for (const type of [
      null,
      "",
      "text/html",
      "Text/HTML; charset=utf-8",
      "application/xhtml+xml",
      "html",
      "*/*",
    ]) {
      expect(mayBeHtml(type), String(type)).toBe(true);
    }
    for (const type of [
      "application/pdf",
      "image/png",
      "text/plain",
      "application/json; charset=utf-8",
    ]) {
      expect(mayBeHtml(type), type).toBe(false);
    }
  });
});
