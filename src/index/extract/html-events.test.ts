import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { HtmlEvents, MAX_DEPTH } from "./html-events.js";

/** The events htmlparser2's own Parser gives, which HtmlEvents must give too. */
function parserEvents(html: string): string[] {
  const events: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) =>
        events.push(`<${name} ${JSON.stringify(Object.entries(attribs))}`),
      ontext: (text) => events.push(`"${text}`),
      onclosetag: (name) => events.push(`/${name}`),
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return events;
}

function htmlEvents(html: string): string[] {
  const events: string[] = [];
  new HtmlEvents({
    onopentag(name, attributes) {
      const pairs: [string, string][] = [];
      for (let i = 0; i < attributes.count; i++) {
        pairs.push([attributes.names[i] as string, attributes.values[i] as string]);
      }
      events.push(`<${name} ${JSON.stringify(pairs)}`);
    },
    ontext: (text) => events.push(`"${text}`),
    onclosetag: (name) => events.push(`/${name}`),
  }).parse(html);
  return events;
}

const PIECES = [
  "<p>",
  "</p>",
  "<br>",
  "</br>",
  "<br/>",
  "<div>",
  "</div>",
  "<svg>",
  "</svg>",
  "<math>",
  "</math>",
  "<foreignObject>",
  "</foreignobject>",
  "<clipPath>",
  "</CLIPPATH>",
  "<title>",
  "</title>",
  "<mi>",
  "<form>",
  "</form>",
  "<form a=1>",
  "<table>",
  "<tr>",
  "<td>",
  "<th>",
  "<tbody>",
  "<li>",
  "<ul>",
  "</ul>",
  "<dd>",
  "<dt>",
  "<h1>",
  "</h1>",
  "<a href='#x'>",
  "</a>",
  "<image src=x>",
  '<IMG alt="A&amp;B">',
  "<input>",
  "<select>",
  "<option>",
  "<p/>",
  "<div/>",
  "x",
  " ",
  "&amp;",
  "&#x1F600;",
  "<![CDATA[cd]]>",
  "<!-- c -->",
  "<!doctype html>",
  "<script>a<b</script>",
  "<textarea>t<b></textarea>",
  "<b class=x CLASS=y id=i>",
  "</b>",
  "<rt>",
  "<body>",
  "<head>",
  "<p",
  "<a href=",
  "'",
  "</",
  "<",
  ">",
  "<hr>",
  "<pre>",
  "<img/>",
  "</img>",
  "<tfoot>",
  "<svg/>",
];

describe("HtmlEvents", () => {
  it("gives the events of htmlparser2's Parser: implied end tags, SVG names, </p>, </br>, forms", () => {
    const html =
      "<P CLASS=a class=b>one<p>two</p></p><svg><clippath/><foreignobject><p>in</foreignobject></svg>" +
      "<form><form id=2><input></form><image src=i><table><tr><td>a<td>b<tr><td>c</table></br><ul><li>x<li>y";
    expect(htmlEvents(html)).toEqual(parserEvents(html));
  });

  it("keeps the first of repeated attributes, also on elements with thousands", () => {
    const many = Array.from({ length: 3000 }, (_, i) => `a${i % 2000}="${i}"`).join(" ");
    const html = `<div ${many} id=last><p id=x ID=y>t</p></div>`;
    expect(htmlEvents(html)).toEqual(parserEvents(html));
  });

  it("matches the Parser on random tag soup", () => {
    let seed = 12345;
    const random = (k: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % k;
    };
    for (let t = 0; t < 2000; t++) {
      let html = "";
      const length = 1 + random(40);
      for (let i = 0; i < length; i++) html += PIECES[random(PIECES.length)];
      expect(htmlEvents(html), html).toEqual(parserEvents(html));
    }
  });
});

describe("HtmlEvents on hostile nesting", () => {
  it("keeps at most MAX_DEPTH elements open, as browsers flatten the tree, and every word", () => {
    let open = 0;
    let deepest = 0;
    const texts: string[] = [];
    new HtmlEvents({
      onopentag() {
        open++;
        deepest = Math.max(deepest, open);
      },
      ontext: (text) => texts.push(text),
      onclosetag() {
        open--;
      },
    }).parse(`${"<div>x ".repeat(100_000)}end`);
    expect(deepest).toBe(MAX_DEPTH);
    expect(open).toBe(0);
    expect(texts.join("")).toBe(`${"x ".repeat(100_000)}end`);
  });
});
