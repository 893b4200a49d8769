import { describe, expect, it } from "vitest";
import { nameForm, namePhrases } from "./name-phrases.js";

describe("namePhrases", () => {
  it("finds names of several capitalised words", () => {
    expect(
      namePhrases("best VS Code extension for running postgres queries?", "en", false),
    ).toEqual(["VS Code"]);
    expect(
      namePhrases("how do i set up an Always On availability group in SQL Server", "en", false),
    ).toEqual(["Always On", "SQL Server"]);
    expect(namePhrases("Per giocare è meglio Debian o Arch Linux?", "it", false)).toEqual([
      "Arch Linux",
    ]);
    expect(namePhrases("SQL Server backups in postgres?", "en", false)).toEqual(["SQL Server"]);
  });

  it("leaves sentence openings, punctuation and capitalised nouns alone", () => {
    expect(namePhrases("Debian Linux is what?", "en", false)).toEqual([]);
    expect(namePhrases("We don't have PostGIS. Can plain postgres do it?", "en", false)).toEqual(
      [],
    );
    expect(namePhrases("runs Active Directory. Can users log in?", "en", false)).toEqual([
      "Active Directory",
    ]);
    expect(namePhrases("on Intel, AMD or ARM", "en", false)).toEqual([]);
    expect(namePhrases("Wie richte ich Secure Boot ein?", "de", false)).toEqual([]);
    expect(namePhrases("How To Install Debian", "en", true)).toEqual([]);
    expect(namePhrases("INSTALL SQL SERVER", "en", false)).toEqual([]);
    expect(namePhrases("", "en", false)).toEqual([]);
  });
});

describe("nameForm", () => {
  it("reads underscores and hyphens as spaces", () => {
    expect(nameForm("America/New_York")).toContain(nameForm("New York"));
    expect(nameForm("Always-On  groups")).toBe("always on groups");
  });
});
