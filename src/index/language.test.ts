import { describe, expect, it } from "vitest";
import type { Block } from "./extract/index.js";
import { pageLanguage, rememberingSectionDetectors, sectionDetector } from "./language.js";

const block = (text: string): Block => ({
  kind: "text",
  level: 0,
  scopeEnd: -1,
  text,
  sep: "\n\n",
  anchor: null,
  lang: null,
  group: 0,
  row: 0,
  linked: false,
  term: false,
  fingerprint: 0,
});

const ENGLISH =
  "The backup of a database is made with pg_dump, which writes the whole database into a file that can be read back later, while the server keeps running and the users go on with their work.";
const GERMAN =
  "Die Sicherung einer Datenbank wird mit pg_dump erstellt, das die ganze Datenbank in eine Datei schreibt, die später wieder eingelesen werden kann, während der Server weiterläuft und die Benutzer weiterarbeiten.";

describe("languages of pages and sections", () => {
  it("keeps a declared page language, detects an undeclared one", () => {
    expect(pageLanguage("de", [block(GERMAN)])).toBe("de");
    expect(pageLanguage("und", [block(GERMAN)])).toBe("de");
    expect(pageLanguage("und", [block("pg_dump")])).toBe("und");
    // Too little text to overrule what the page says, or text in no language.
    expect(pageLanguage("it", [block("The backup is made with pg_dump.")])).toBe("it");
    expect(
      pageLanguage("ru", [block("pg_dump -Fc -f db.dump mydb && pg_restore -d new db.dump")]),
    ).toBe("ru");
  });

  it("takes the text's language over a declared one it plainly is not in, or one that is no language", () => {
    const long = (text: string) => [block(text), block(text)];
    expect(pageLanguage("it", long(ENGLISH))).toBe("en");
    expect(pageLanguage("en", long(GERMAN))).toBe("de");
    const museum =
      "Questo testo è scritto in italiano per verificare il rilevamento della lingua della pagina. Il museo apre alle nove e chiude alle diciotto, tutti i giorni tranne il lunedì.";
    expect(pageLanguage("en", [block(museum)])).toBe("it");
    // A row of letters (an index's "A | B | C …") is no text in any language.
    const letters =
      "Index pages by letter: Symbols | _ | A | B | C | D | E | F | G | H | I | J | K | L | M | N | O | P | Q | R | S | T | U | V | W | X | Y | Z";
    expect(pageLanguage("en", [block(letters)])).toBe("en");
    expect(pageLanguage("xx", [block(GERMAN)])).toBe("de");
    expect(pageLanguage("xx", [block("pg_dump")])).toBe("und");
  });

  it("overrules a short page's declared language only when hardly a word of it is that language's", () => {
    const ristorante =
      "Il ristorante del museo serve piatti tipici della cucina piemontese.\nÈ consigliata la prenotazione nel fine settimana.";
    expect(pageLanguage("en", [block(ristorante)])).toBe("it");
    // A few words of the declared language keep it; so does a caption too short to tell.
    expect(
      pageLanguage("en", [
        block("The museum's restaurant serves piatti tipici della cucina piemontese."),
      ]),
    ).toBe("en");
    expect(pageLanguage("en", [block("Benvenuti al museo!")])).toBe("en");
  });

  it("tells a section in another language than its page's", () => {
    const detect = sectionDetector("en");
    expect(detect(ENGLISH)).toBe("en");
    expect(detect(GERMAN)).toBe("de");
    expect(sectionDetector("de")(ENGLISH)).toBe("en");
  });

  it("tells a short paragraph in another language, but not a short text that is no evidence", () => {
    const detect = sectionDetector("en");
    const french =
      "Les chambres familiales peuvent accueillir jusqu'à cinq personnes. Les animaux " +
      "domestiques sont acceptés moyennant un supplément de quinze euros par nuit.";
    expect(french.length).toBeLessThan(200);
    expect(detect(french)).toBe("fr");
    // Names, a command line, an English sentence: the page's language holds (null: the page's).
    const language = (text: string) => detect(text) ?? "en";
    expect(language("Giuseppe Verdi, Giacomo Puccini, Gioachino Rossini, Vincenzo Bellini")).toBe(
      "en",
    );
    expect(language("pg_dump --format=custom --compress=9 --file=/var/backups/db.dump mydb")).toBe(
      "en",
    );
    expect(language("Check-in starts at three in the afternoon and check-out is at eleven.")).toBe(
      "en",
    );
    const untranslated =
      "All modern GUI browsers support source code based browser extension and it is becoming standardized.";
    expect(sectionDetector("fr")(untranslated)).toBe("en");
  });

  it("remembers answers without changing them, whatever the length of the text", () => {
    const detectors = rememberingSectionDetectors();
    const texts = [
      ENGLISH,
      GERMAN,
      "pg_dump -Fc mydb > db.dump",
      "Les animaux domestiques sont acceptés moyennant un supplément de quinze euros par nuit.",
      GERMAN.repeat(200_000),
    ];
    for (const pageLang of ["en", "de"]) {
      const remembering = detectors(pageLang);
      const plain = sectionDetector(pageLang);
      for (const text of [...texts, ...texts]) expect(remembering(text)).toBe(plain(text));
    }
  });
});
