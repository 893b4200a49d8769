import { describe, expect, it } from "vitest";
import { isBookIndex } from "./book-index.js";

describe("isBookIndex", () => {
  it("knows a site's index of terms by its title", () => {
    for (const title of [
      "Index",
      "Index — Python 3.11.2 documentation",
      "General Index",
      "Stichwortverzeichnis",
      "Indice analitico",
    ])
      expect(isBookIndex("https://docs.example/page.html", title), title).toBe(true);
  });

  it("knows it by its URL", () => {
    for (const url of [
      "https://docs.example/bookindex.html",
      "https://docs.example/genindex.html",
      "https://docs.example/genindex-A.html",
      "https://docs.example/en/genindex/",
    ])
      expect(isBookIndex(url, ""), url).toBe(true);
  });

  it("takes no page about indexes for one", () => {
    for (const title of ["Indexes", "Index Types", "11.2. Index Types", "Indexing", "CREATE INDEX"])
      expect(isBookIndex("https://docs.example/indexes-types.html", title), title).toBe(false);
    expect(isBookIndex("https://docs.example/index.html", "PostgreSQL 15 Documentation")).toBe(
      false,
    );
    expect(isBookIndex("https://docs.example/sql-createindex.html", "")).toBe(false);
  });
});
