import { describe, expect, it } from "vitest";
import { pageHash } from "./page-hash.js";

const hashOf = (html: string) => pageHash(Buffer.from(html));

describe("pageHash", () => {
  it("is the same for answers that differ only by per-request tokens", () => {
    const page = (token: string) =>
      `<html><head><meta name="csrf-token" content="${token}"><meta name="csrf-param" content="authenticity_token">` +
      `<script nonce="${token}">init()</script><style nonce=${token}>p{}</style></head><body>` +
      `<form action="/search"><input type="hidden" name="csrfmiddlewaretoken" value="${token}">` +
      `<INPUT TYPE=HIDDEN NAME="_wpnonce" VALUE="${token}"><input name="q" value=""></form>` +
      "<p>The same text.</p></body></html>";
    expect(hashOf(page("a1b2c3"))).toBe(hashOf(page("zz9y8x7w6v")));
  });

  it("is the same for answers that differ only in how they look (an active sort link)", () => {
    const listing = (active: string) =>
      `<ul class="sort">${["name", "price", "date"]
        .map(
          (by) =>
            `<li><a href="/products?sort=${by}"${by === active ? ' class="active" aria-current="page"' : ""}>${by}</a></li>`,
        )
        .join(
          "",
        )}</ul><select><option value="n"${active === "name" ? " selected" : ""}>Name</option></select><p data-ts="${active}" style="x">Boots, hats.</p>`;
    expect(hashOf(listing("name"))).toBe(hashOf(listing("price")));
    // A class in the text is text.
    expect(hashOf('<p>class="a"</p>')).not.toBe(hashOf('<p>class="b"</p>'));
    expect(hashOf('<a href="/a">x</a>')).not.toBe(hashOf('<a href="/b">x</a>'));
  });

  it("tells apart pages whose text or visible fields differ", () => {
    expect(hashOf("<p>One text.</p>")).not.toBe(hashOf("<p>Another text.</p>"));
    expect(hashOf('<p>x</p><input name="q" value="a">')).not.toBe(
      hashOf('<p>x</p><input name="q" value="b">'),
    );
    expect(hashOf('<meta name="description" content="a">')).not.toBe(
      hashOf('<meta name="description" content="b">'),
    );
    // A page that says "nonce" in its text keeps its text.
    expect(hashOf("<p>A nonce is a number used once.</p>")).not.toBe(
      hashOf("<p>A nonce is a word.</p>"),
    );
  });

  it("keeps every other byte, whatever the encoding", () => {
    const body = (nonce: string, text: Buffer) =>
      Buffer.concat([Buffer.from(`<script nonce="${nonce}"></script><p>`), text]);
    const cafe = Buffer.from("café"); // UTF-8: two bytes for é
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
    const grave = Buffer.from([0x63, 0x61, 0x66, 0xe8]);
    expect(pageHash(body("a", cafe))).toBe(pageHash(body("b", cafe)));
    expect(pageHash(body("a", latin1))).not.toBe(pageHash(body("a", grave)));
    expect(pageHash(body("a", latin1))).not.toBe(pageHash(body("a", cafe)));
  });

  it("stays linear on unclosed tags and attributes", () => {
    const hostile = `${"<input type=hidden ".repeat(50_000)}${' nonce="'.repeat(50_000)}`;
    const started = performance.now();
    pageHash(Buffer.from(hostile));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
