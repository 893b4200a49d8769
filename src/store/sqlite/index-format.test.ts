import { describe, expect, it } from "vitest";
import {
  escapeTerm,
  forwardRow,
  postingsDocument,
  prefixEnd,
  readForwardRow,
  readToken,
  sitePrefix,
  termPrefix,
  unescapeTerm,
} from "./index-format.js";

const terms = ["plain", "pg_dump", "Zeta", "z", "zt", "zz7a", "a.b-c", "straße", "日本", "", "c++"];

describe("SQLite index format", () => {
  it("escapes terms into token characters the ascii tokenizer keeps whole, and back", () => {
    for (const term of terms) {
      const escaped = escapeTerm(term);
      expect(escaped).toMatch(/^[a-z0-9\u0080-\uffff]*$/);
      expect(escaped).not.toContain("zt");
      expect(unescapeTerm(escaped)).toBe(term);
    }
    expect(escapeTerm("plain")).toBe("plain");
  });

  it("gives each term its own token range, apart from every other term's and site's", () => {
    for (const term of terms) {
      const start = termPrefix(12, term);
      const end = prefixEnd(start);
      for (const other of terms) {
        const token = `${termPrefix(12, other)}3`;
        expect(token >= start && token < end).toBe(other === term);
        expect(`${termPrefix(1, other)}3` >= start && `${termPrefix(1, other)}3` < end).toBe(false);
      }
    }
    const site = sitePrefix(12);
    expect(readToken(`${termPrefix(12, "pg_dump")}17`, site.length)).toEqual({
      term: "pg_dump",
      tf: 17,
    });
  });

  it("writes a chunk's postings document and forward row from its terms", () => {
    const chunk = [
      { term: "a.b", tf: 2 },
      { term: "c", tf: 1 },
    ];
    expect(postingsDocument(3, chunk)).toBe("s3xaz2ebzt2 s3xczt1");
    expect(readForwardRow(forwardRow(chunk))).toEqual(chunk);
  });
});
