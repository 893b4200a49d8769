import { describe, expect, it } from "vitest";
import { extractAnchors } from "./anchors.js";

const PAGE = "https://docs.example.org/manual/bookindex.html";
const texts = (html: string) =>
  extractAnchors(html, PAGE).map((a) => `${new URL(a.target).pathname}: ${a.text}`);

describe("extractAnchors", () => {
  it("reads a book index: each entry's own words and those of the entry it hangs under", () => {
    const html = `<dl>
      <dt>savepoints, <a href="sql-savepoint.html#X">SAVEPOINT</a></dt>
      <dd><dl><dt>defining, <a href="sql-savepoint.html">SAVEPOINT</a></dt></dl></dd>
      <dt>password file, <a href="libpq-pgpass.html" title="The Password File">34.16</a></dt>
    </dl>`;
    expect(texts(html)).toEqual([
      "/manual/sql-savepoint.html: SAVEPOINT \n savepoints",
      "/manual/sql-savepoint.html: SAVEPOINT \n defining \n savepoints",
      "/manual/libpq-pgpass.html: 34.16 The Password File \n password file",
    ]);
  });

  it("labels links with their list item's words, and nested items with the item above", () => {
    const html = `<ul><li>Backups <ul><li><a href="/manual/dump.html">SQL Dump</a></li></ul></li></ul>`;
    expect(texts(html)).toEqual(["/manual/dump.html: SQL Dump \n Backups"]);
  });

  it("takes only the link's words in running text and in a description", () => {
    const long = "word ".repeat(20);
    const html = `<p>See <a href="a.html">the guide</a> for more.</p>
      <ul><li>${long}<a href="b.html">tuning</a></li></ul>
      <dl><dt>hostaddr</dt><dd><p>Read <a href="c.html">the password file</a>.</p></dd></dl>`;
    expect(texts(html)).toEqual([
      "/manual/a.html: the guide",
      "/manual/b.html: tuning",
      "/manual/c.html: the password file",
    ]);
  });

  it("keeps links to other pages of the same origin only, each text once", () => {
    const html = `<a href="#top">Top</a><a href="bookindex.html">Index</a>
      <a href="https://elsewhere.example/x.html">Elsewhere</a><a href="mailto:x@example.org">Mail</a>
      <a href="a.html">Guide</a><a href="a.html#part">Guide</a><script><a href="s.html">no</a></script>`;
    expect(texts(html)).toEqual(["/manual/a.html: Guide"]);
  });

  it("leaves out the links of navigation landmarks, which a site repeats on every page", () => {
    const html = `<nav><a href="a.html">Guide</a></nav><aside><a href="a.html">Tips</a></aside>
      <div role="navigation"><ul><li><a href="b.html">Tuning</a></li></ul></div>
      <div class="index"><dl><dt>backups, <a href="c.html">SQL Dump</a></dt></dl></div>`;
    expect(texts(html)).toEqual(["/manual/c.html: SQL Dump \n backups"]);
  });

  it("survives any input", () => {
    expect(extractAnchors("<a href='http://[::1'>x</a><li><dt><dd></a>", PAGE)).toEqual([]);
    expect(extractAnchors("<a href=a.html>x", "not a url")).toEqual([]);
  });
});
