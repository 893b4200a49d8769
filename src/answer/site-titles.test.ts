import { describe, expect, it } from "vitest";
import { NO_AFFIXES, pageOwnTitle, siteTitleAffixes } from "./site-titles.js";

describe("a site's part of its page titles", () => {
  it("is what most titles end or start with, from a separator on", () => {
    const python = [
      "os — Miscellaneous operating system interfaces — Python 3.11.2 documentation",
      "The Python Tutorial — Python 3.11.2 documentation",
      "4. More Control Flow Tools — Python 3.11.2 documentation",
      "Glossary — Python 3.11.2 documentation",
      "Index",
      "configparser — Configuration file parser — Python 3.11.2 documentation",
    ];
    const affixes = siteTitleAffixes(python);
    expect(affixes).toEqual({ prefix: "", suffix: " — Python 3.11.2 documentation" });
    expect(pageOwnTitle(python[0] as string, affixes)).toBe(
      "os — Miscellaneous operating system interfaces",
    );
    expect(pageOwnTitle("Index", affixes)).toBe("Index");

    const shop = ["Shop | Tea", "Shop | Cups", "Shop | About us", "Shop | Delivery", "Shop | Shop"];
    expect(siteTitleAffixes(shop).prefix).toBe("Shop | ");
    expect(pageOwnTitle("Shop | Tea", siteTitleAffixes(shop))).toBe("Tea");
  });

  it("is found in bounded time in hostile titles", () => {
    const titles = Array.from({ length: 5000 }, (_, i) => `${"a - ".repeat(250)}${i} — Site`);
    const started = performance.now();
    expect(siteTitleAffixes(titles).suffix).toBe(" — Site");
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("is nothing on a site whose titles share no such part, or that has few pages", () => {
    const manual = [
      "Chapter 25. Backup and Restore",
      "25.1. SQL Dump",
      "E.20. Release 15.1",
      "F.20. intarray — manipulate arrays of integers",
      "psql",
    ];
    expect(siteTitleAffixes(manual)).toEqual(NO_AFFIXES);
    expect(siteTitleAffixes(["A — Site", "B — Site"])).toEqual(NO_AFFIXES);
  });
});
