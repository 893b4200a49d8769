import { describe, expect, it } from "vitest";
import { isChangeNotes } from "./change-notes.js";

describe("isChangeNotes", () => {
  it("knows release notes and change logs by their title", () => {
    for (const title of [
      "Release Notes - MkDocs",
      "E.20. Release 15.1",
      "What's New In Python 3.11",
      "Changelog",
      "Overview of new features in Apache HTTP Server 2.2",
      "Versionshinweise zu Debian 12",
      "Note di rilascio per Debian 12",
      "Notes de version",
      "Notas de la versión",
    ])
      expect(isChangeNotes("https://docs.example/page.html", title), title).toBe(true);
  });

  it("knows them by their URL", () => {
    for (const url of [
      "https://docs.example/about/release-notes.html",
      "https://docs.example/release-15-1.html",
      "https://docs.example/whatsnew/3.11.html",
      "https://docs.example/CHANGELOG",
      "https://docs.example/news.html",
    ])
      expect(isChangeNotes(url, ""), url).toBe(true);
  });

  it("leaves other pages alone", () => {
    for (const [url, title] of [
      ["https://docs.example/sql-createtable.html", "CREATE TABLE"],
      ["https://docs.example/release.html", "Releasing a savepoint"],
      ["https://docs.example/manual/de/install.html", "Kompilieren und Installieren"],
      ["https://docs.example/git-version.html", "git-version(1)"],
      ["https://docs.example/tutorial/interactive.html", "History Substitution"],
      ["not a url", "Getting started"],
    ])
      expect(isChangeNotes(url as string, title as string), url).toBe(false);
  });
});
