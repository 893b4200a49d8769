/** The answer benchmark's scoring (bench/hits.ts): hit@k over distinct pages, as `hooty eval`. */
import { describe, expect, it } from "vitest";
import { firstPages, hitRank, pathOf, percent, percentile } from "../bench/hits.js";
import { fts5Query } from "../bench/peers.js";

describe("bench: hit@k", () => {
  it("reads the page of a deep link", () => {
    expect(pathOf("http://127.0.0.21:18081/sql-insert.html#:~:text=ON%20CONFLICT")).toBe(
      "/sql-insert.html",
    );
    expect(pathOf("/backup.html")).toBe("/backup.html");
  });

  it("counts a page once however many of its sections rank", () => {
    const ranked = [
      "http://h/a.html#one",
      "http://h/a.html#two",
      "/b.html",
      "http://h/a.html",
      "/c.html",
      "/d.html",
    ];
    expect(firstPages(ranked, 3)).toEqual(["/a.html", "/b.html", "/c.html"]);
  });

  it("gives the rank of the first expected page, 0 for a miss", () => {
    const pages = ["/a.html", "/b.html", "/c.html"];
    expect(hitRank(pages, ["/c.html", "/b.html"])).toBe(2);
    expect(hitRank(pages, ["/a.html"])).toBe(1);
    expect(hitRank(pages, ["/z.html"])).toBe(0);
    expect(hitRank([], ["/a.html"])).toBe(0);
  });

  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });

  it("writes shares with one decimal", () => {
    expect(percent(1, 3)).toBe("33.3");
    expect(percent(0, 0)).toBe("–");
  });
});

describe("bench: the FTS5 peer's query", () => {
  it("quotes each word and ORs them, so FTS5 syntax in a question is plain text", () => {
    expect(fts5Query('what does "NOT NULL" mean? pg_dump -Fc')).toBe(
      '"what" OR "does" OR "NOT" OR "NULL" OR "mean" OR "pg_dump" OR "Fc"',
    );
    expect(fts5Query(" ?? … ")).toBe("");
  });
});
