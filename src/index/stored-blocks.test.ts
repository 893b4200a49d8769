import { describe, expect, it } from "vitest";
import { extractPage } from "./extract/index.js";
import { decodeBlocks, encodeBlocks } from "./stored-blocks.js";

describe("stored blocks", () => {
  it("a page's blocks and regions come back as extraction left them", () => {
    const page = extractPage({
      url: "https://example.org/a",
      html: '<html lang="en"><body><h1 id="t">Title</h1><dl><dt>Returns:</dt><dd>a count</dd></dl><table><tr><td><a href="/b">B</a></td><td>c</td></tr></table></body></html>',
    });
    const back = decodeBlocks(page.url, encodeBlocks(page));
    expect(back.blocks).toEqual(page.blocks);
    expect(back.regions).toEqual(page.regions);
    expect(back.blocks.map((b) => b.term)).toEqual([false, true, false, false, false]);
  });

  it("blocks stored before terms were told apart read as no terms", () => {
    const old = JSON.stringify({
      title: "T",
      lang: "en",
      blocks: [["text", 0, -1, "Returns:", "\n\n", null, null, 0, 0, 0, 12345]],
      regions: [],
    });
    expect(decodeBlocks("https://example.org/a", old).blocks[0]).toMatchObject({
      text: "Returns:",
      term: false,
    });
  });
});
