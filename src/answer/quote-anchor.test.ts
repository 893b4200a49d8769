import { describe, expect, it } from "vitest";
import { storeWithHtml } from "../../test/helpers/html-pages.js";
import { answerQuestion } from "./answer.js";

/** A glossary: one section, one passage, an id on every entry. */
const GLOSSARY = `<!doctype html><html lang="en"><head><title>Glossary</title></head><body><main>
<h1 id="glossary">Glossary</h1><dl>
<dt id="term-cluster">Cluster</dt><dd>A group of databases managed by one server instance, sharing one data directory.</dd>
<dt id="term-heap">Heap</dt><dd>The file that holds the rows of a table, in no particular order of its columns.</dd>
<dt id="term-wal">Write-ahead log</dt><dd>The journal of every change, written before the data files change, replayed after a crash.</dd>
<dt id="term-tablespace">Tablespace</dt><dd>A named directory where the files of chosen tables and indexes are kept, on another disk if wanted.</dd>
<dt id="term-vacuum">Vacuum</dt><dd>The process that reclaims the space of rows deleted or updated, so later rows can reuse it.</dd>
</dl></main></body></html>`;

describe("a quote's deep link", () => {
  it("names the id nearest before the quote, not the first of its passage", async () => {
    const { store, siteId } = await storeWithHtml({ "/glossary.html": GLOSSARY });
    const answer = await answerQuestion(store, siteId, "what is a tablespace");
    expect(answer.covered).toBe(true);
    expect(answer.citations[0]?.quote).toContain("named directory");
    expect(answer.citations[0]?.url).toMatch(/glossary\.html#term-tablespace:~:text=/);
  });
});
