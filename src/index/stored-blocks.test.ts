import { describe, expect, it } from "vitest";
import { extractPage } from "./extract/index.js";
import { decodeBlocks, encodeBlocks } from "./stored-blocks.js";

const URL = "http://127.0.0.1/a.html";
const HTML =
  "<html lang=en><title>T</title><main><p>Intro</p><ul><li>One<ul><li>Two a</li></ul></li>" +
  "<li><p>Three</p><p>more</p></li></ul><table><tr><td>a</td><td>1</td></tr></table></main></html>";

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

  it("a page with lists and a table reads back whole", () => {
    const page = extractPage({ url: URL, html: HTML }, { sections: false });
    expect(decodeBlocks(URL, encodeBlocks(page))).toEqual(page);
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

  it("a page stored with list marks and cell bars (before analysis version 4) reads as one read now", () => {
    // What Hooty stored for HTML before list items lost their "- " and cells their " | ".
    const old =
      '{"title":"T","lang":"en","blocks":[["text",0,-1,"Intro","\\n\\n",null,null,0,0,0,716372166407498,0],' +
      '["item",0,-1,"- One","\\n",null,null,1,0,0,1688398114288189,0],' +
      '["item",0,-1,"  - Two a","\\n",null,null,1,0,0,664916890072402,0],' +
      '["item",0,-1,"- Three","\\n",null,null,1,0,0,1736860469078829,0],' +
      '["text",0,-1,"  more","\\n",null,null,1,0,0,1845969671235859,0],' +
      '["cell",0,-1,"a","\\n",null,null,2,3,0,897004013377253,0],' +
      '["cell",0,-1,"1"," | ",null,null,2,3,0,1320660929664213,0]],' +
      '"regions":[[1,3],[3,5],[1,5],[5,7],[0,7]]}';
    const now = extractPage({ url: URL, html: HTML }, { sections: false });
    expect(decodeBlocks(URL, old)).toEqual(now);
  });
});
