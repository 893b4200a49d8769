/**
 * German, Italian and English from the real MyThes files of Debian's mythes-de, mythes-it and
 * mythes-en-us. CI installs them; elsewhere these tests are skipped, saying why.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openThesaurus, thesaurusStatus } from "./open.js";
import type { Related } from "./types.js";

const FILES = {
  de: "/usr/share/mythes/th_de_DE_v2.idx",
  it: "/usr/share/mythes/th_it_IT_v2.idx",
  en: "/usr/share/mythes/th_en_US_v2.idx",
};

function find(list: Related[] | undefined, term: string): Related | undefined {
  return list?.find((r) => r.term === term);
}

describe.skipIf(!existsSync(FILES.de))(
  "MyThes German (Debian mythes-de; skipped where it is not installed)",
  () => {
    const de = openThesaurus("de");

    it("loads", () => {
      expect(de?.load()).toBe(true);
      expect(de?.problem).toBeUndefined();
    });

    it("finds synonyms, whatever the case of the word", () => {
      expect(find(de?.lookup("Rechner"), "Computer")?.relation).toBe("synonym");
      expect(find(de?.lookup("rechner"), "Computer")).toBeDefined();
    });

    it("drops notes and optional words but keeps the relation they mark", () => {
      const sichern = de?.lookup("sichern", { limit: 100 });
      expect(find(sichern, "speichern")).toBeDefined();
      expect(sichern?.some((r) => r.term.includes("("))).toBe(false);
      expect(find(de?.lookup("Bank", { limit: 100 }), "Sitzgelegenheit")?.relation).toBe("broader");
    });

    it("falls back to the dictionary form of an inflected word", () => {
      const dateien = de?.lookup("Dateien");
      expect(find(dateien, "Datei")).toEqual({ term: "Datei", weight: 1, relation: "base" });
      expect(find(dateien, "File")).toBeDefined();
    });

    it("keeps multi-word terms as phrases", () => {
      const rechner = de?.lookup("Rechner", { limit: 200 });
      expect(find(rechner, "elektronische Datenverarbeitungsanlage")).toBeDefined();
    });
  },
);

describe.skipIf(!existsSync(FILES.it))(
  "MyThes Italian (Debian mythes-it; skipped where it is not installed)",
  () => {
    const it_ = openThesaurus("it");

    it("finds synonyms and falls back from plural and conjugated forms", () => {
      expect(find(it_?.lookup("utente"), "consumatore")?.relation).toBe("synonym");
      expect(find(it_?.lookup("permessi"), "permesso")?.relation).toBe("base");
      expect(find(it_?.lookup("aggiungo"), "aggiungere")?.relation).toBe("base");
    });
  },
);

describe.skipIf(!existsSync(FILES.en))(
  "MyThes English (Debian mythes-en-us; skipped where it is not installed)",
  () => {
    const en = openThesaurus("en", { source: "mythes" });

    it("is a separate thesaurus from WordNet, with the same relations", () => {
      expect(en?.source).toBe("mythes");
      const car = en?.lookup("car", { limit: 100 });
      expect(find(car, "automobile")?.relation).toBe("synonym");
      expect(find(car, "motor vehicle")?.relation).toBe("broader");
    });

    it("leaves antonyms out", () => {
      const good = en?.lookup("good", { limit: 500 }) ?? [];
      expect(good.length).toBeGreaterThan(0);
      expect(find(good, "bad")).toBeUndefined();
    });
  },
);

describe("a machine without the thesaurus files", () => {
  it("says which package is missing and gives no thesaurus", () => {
    const options = { mythesDir: "/nonexistent/mythes" };
    const status = thesaurusStatus("de", options);
    expect(status.available).toBe(false);
    if (!status.available) expect(status.reason).toContain("mythes-de");
    expect(openThesaurus("de", options)).toBeNull();
    expect(openThesaurus("it-CH", options)).toBeNull();
  });

  it("gives no thesaurus for a language it has none for", () => {
    expect(openThesaurus("xx")).toBeNull();
    expect(thesaurusStatus("")).toMatchObject({ available: false });
  });

  it("reports a WordNet folder without its files", () => {
    expect(openThesaurus("en", { wordnetDir: "/nonexistent/dict" })).toBeNull();
  });
});
