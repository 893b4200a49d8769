import { describe, expect, it } from "vitest";
import { analyze, analyzerFor, createAnalyzer } from "./analyze.js";
import { createLexicon } from "./compound.js";

/** Main terms of `text` (parts left out). */
function terms(text: string, lang: string): string[] {
  return analyze(text, lang)
    .filter((t) => !t.extra)
    .map((t) => t.term);
}

/** Every term, parts marked with "+". */
function all(text: string, lang: string): string[] {
  return analyze(text, lang).map((t) => (t.extra ? `+${t.term}` : t.term));
}

describe("analyze: word forms meet (stemming per language)", () => {
  const same: [string, string[]][] = [
    ["en", ["install", "installing", "installed", "installs"]],
    ["en", ["package", "packages"]],
    ["en", ["index", "indexes", "indexing"]],
    ["de", ["Paket", "Pakete", "Paketen", "Paketes"]],
    ["de", ["installieren", "installiert", "installierte"]],
    ["de", ["Schlüssel", "Schluessel", "Schlüssels"]],
    ["de", ["Größe", "Groesse", "Größen"]],
    ["it", ["aggiorna", "aggiornare", "aggiornamento", "aggiornamenti"]],
    ["it", ["pacchetto", "pacchetti"]],
    ["it", ["perché", "perche"].map((w) => `${w} sistema`)],
    ["fr", ["installer", "installation", "installations"]],
    ["fr", ["paquet", "paquets"]],
    ["es", ["paquete", "paquetes"]],
    ["es", ["actualizar", "actualización", "actualizaciones"]],
    ["pt", ["pacote", "pacotes"]],
    ["pt", ["atualização", "atualizações"]],
    ["nl", ["pakket", "pakketten"]],
    ["nl", ["installeren", "installeer"]],
    ["de", ["konfigurieren", "konfiguriert", "konfigurierte"]],
  ];
  it.each(same)("%s: %j share one term", (lang, forms) => {
    const found = new Set(forms.map((form) => terms(form, lang).join(" ")));
    expect([...found]).toHaveLength(1);
    expect([...found][0]).not.toBe("");
  });

  it("keeps different words apart", () => {
    expect(terms("Paket", "de")).not.toEqual(terms("Packung", "de"));
    expect(terms("general", "en")).not.toEqual(terms("generic", "en"));
  });

  it("meets a word typed without diacritics through an extra term", () => {
    const page = analyze("atualização", "pt").map((t) => t.term);
    expect(page).toContain(terms("atualizacao", "pt")[0]);
    const fr = analyze("créer", "fr").map((t) => t.term);
    expect(fr).toContain(terms("creer", "fr")[0]);
  });

  it("folds case and diacritics into the term", () => {
    expect(terms("Café CAFÉ cafe", "fr")).toEqual(["caf", "caf", "caf"]);
    expect(terms("Straße Strasse", "de")).toEqual(["strass", "strass"]);
  });
});

describe("analyze: stopwords", () => {
  it("drops function words in each language", () => {
    expect(terms("how do I create an index", "en")).toEqual(["creat", "index"]);
    expect(terms("wie installiere ich ein paket", "de")).toEqual(["installi", "paket"]);
    expect(terms("come si aggiorna il sistema", "it")).toEqual(["aggiorn", "sistem"]);
    expect(terms("comment installer un paquet", "fr")).toEqual(["install", "paquet"]);
    expect(terms("cómo actualizo el sistema", "es")).toEqual(["actualiz", "sistem"]);
    expect(terms("como atualizo o sistema", "pt")).toEqual(["atualiz", "sistem"]);
    expect(terms("hoe installeer ik een pakket", "nl")).toEqual(["installer", "pakket"]);
  });

  it("recognises stopwords typed without diacritics", () => {
    expect(terms("fur perche", "de")).toEqual(["perch"]);
    expect(terms("perche", "it")).toEqual([]);
    expect(terms("fuer", "de")).toEqual([]);
    expect(analyzerFor("de").isStopword("FÜR")).toBe(true);
    expect(analyzerFor("de").isStopword("Paket")).toBe(false);
  });

  it("keeps a German word whose umlaut the stopword lacks", () => {
    // "andern" (others) is a stopword; "ändern" (to change) is what visitors want to do.
    expect(terms("Tastaturbelegung ändern", "de")).toEqual(["tastaturbeleg", "and"]);
    expect(terms("Passwort aendern", "de")).toEqual(terms("Passwort ändern", "de"));
    expect(terms("andern", "de")).toEqual([]);
    expect(analyzerFor("de").isStopword("ÄNDERN")).toBe(false);
    expect(analyzerFor("de").isStopword("ANDERN")).toBe(true);
    expect(terms("hätte wäre", "de")).toEqual([]);
    expect(terms("sì né lì qual'è", "it")).toEqual([]);
  });

  it("keeps content words that generic stopword lists drop", () => {
    expect(terms("system information computer page help new", "en")).toHaveLength(6);
    expect(terms("Beispiel Jahr gut neu", "de")).toHaveLength(4);
    expect(terms("ejemplo estado general", "es")).toHaveLength(3);
  });
});

describe("analyze: apostrophes", () => {
  it("drops Italian elisions", () => {
    expect(terms("l'installazione dell'utente all'avvio un'altra c'è", "it")).toEqual(
      terms("installazione utente avvio altra", "it"),
    );
    // The elided "cosa", "quando", "nessuna" are function words as "l'" is.
    expect(terms("Che cos'è Debian? Quand'è uscita? nessun'altra", "it")).toEqual(
      terms("Debian uscita altra", "it"),
    );
  });

  it("drops French elisions", () => {
    expect(terms("l'installation d'un paquet qu'il jusqu'à aujourd'hui", "fr")).toEqual([
      "install",
      "paquet",
      "aujourdhui",
    ]);
  });

  it("drops English possessives and clitics", () => {
    expect(terms("the user's guide, users’ guides", "en")).toEqual([
      "user",
      "guid",
      "user",
      "guid",
    ]);
    expect(terms("it's we'll don't can't won't I'm", "en")).toEqual([]);
    expect(terms("O'Reilly", "en")).toEqual(["oreilli"]);
  });

  it("drops the Dutch plural apostrophe", () => {
    expect(terms("auto's", "nl")).toEqual(terms("auto", "nl"));
  });
});

describe("analyze: code, numbers and hyphens", () => {
  it("keeps identifiers, versions and file names verbatim, with their pieces as parts", () => {
    expect(all("pg_dump postgresql.conf 15.4 x86-64", "en")).toEqual([
      "pg_dump",
      "+pg",
      "+dump",
      "postgresql.conf",
      "+postgresql",
      "+conf",
      "15.4",
      "x86-64",
      "+x86",
    ]);
  });

  it("joins hyphenated words and keeps their pieces as parts", () => {
    expect(all("apt-get", "en")).toEqual(["aptget", "+apt", "+get"]);
    expect(terms("E-Mail email", "de")).toEqual(["email", "email"]);
    expect(terms("est-ce que", "fr")).toEqual([]);
  });

  it("drops the pronoun a French or Portuguese verb takes after a hyphen", () => {
    expect(terms("Puis-je retourner un article ?", "fr")).toEqual(["retourn", "articl"]);
    expect(terms("Servez-vous du thé ?", "fr")).toEqual(terms("Nous servez du thé", "fr"));
    expect(terms("Y a-t-il un parking ? Dites-nous", "fr")).toEqual(["parking", "dit"]);
    expect(terms("prendre rendez-vous", "fr")).toEqual(["prendr", "rendezvous"]);
    expect(terms("Pode-se pagar com cartão?", "pt")).toEqual(terms("pagar com cartão", "pt"));
  });

  it("finds a version written with a v as the version", () => {
    expect(all("v2.3", "en")).toEqual(["2.3", "+v2.3"]);
    expect(terms("Version 2.3", "en")).toContain("2.3");
  });

  it("keeps numbers", () => {
    expect(terms("PostgreSQL 15 and 2024", "en")).toEqual(["postgresql", "15", "2024"]);
  });
});

describe("analyze: German and Dutch compounds", () => {
  it("adds the parts of compounds of known words", () => {
    expect(all("Paketverwaltung", "de")).toEqual(["paketverwalt", "+paket", "+verwalt"]);
    expect(all("Sicherheitseinstellungen", "de")).toContain("+einstell");
    expect(all("Datenbankverwaltungssystem", "de")).toEqual(
      expect.arrayContaining(["+datenbank", "+verwalt", "+syst"]),
    );
  });

  it("splits the compounds sites commonly write, in German and Dutch", () => {
    expect(all("Datenbanksicherung", "de")).toEqual(["datenbanksicher", "+datenbank", "+sicher"]);
    expect(all("Versandkosten", "de")).toEqual(["versandkost", "+versand", "+kost"]);
    expect(all("Festplattenplatz", "de")).toContain("+festplatt");
    expect(all("fietsreparatie", "nl")).toEqual(["fietsreparatie", "+fiet", "+reparatie"]);
    expect(all("Wachtwoordherstel", "nl")).toContain("+wachtwoord");
  });

  it("lets a question and a page meet through compound parts", () => {
    const page = new Set(analyze("Die Paketverwaltung unter Debian", "de").map((t) => t.term));
    const question = terms("wie verwalte ich pakete", "de");
    for (const term of question) expect(page).toContain(term);
    const page2 = new Set(analyze("Verwaltung der Pakete", "de").map((t) => t.term));
    for (const token of analyze("Paketverwaltung", "de").filter((t) => t.extra)) {
      expect(page2).toContain(token.term);
    }
  });

  it("handles linking elements (Fugen-s, -es, -n, dropped -e)", () => {
    expect(all("Verwaltungssystem", "de")).toEqual(["verwaltungssyst", "+verwalt", "+syst"]);
    expect(all("Schulbuch", "de")).toEqual(["schulbuch", "+schul", "+buch"]);
    expect(all("Kundenkonto", "de")).toEqual(["kundenkonto", "+kund", "+konto"]);
  });

  it("does not split simple words or words with unknown parts", () => {
    expect(
      all("Verwaltung Beispiel Bestellung Anleitung", "de").filter((t) => t.startsWith("+")),
    ).toEqual([]);
  });

  it("uses the site's vocabulary with frequencies (Koehn and Knight)", () => {
    const lexicon = createLexicon("de-DE", [
      ["Kernel", 40],
      ["Modul", 30],
      ["Kernelmodul", 2],
      ["Spielplatz", 50],
    ]);
    const analyzer = createAnalyzer("de", { lexicon });
    expect(analyzer.analyze("Kernelmodul").map((t) => t.term)).toEqual([
      "kernelmodul",
      "kernel",
      "modul",
    ]);
    // a frequent whole word stays whole, though "spiel" and "platz" are known
    expect(analyzer.analyze("Spielplatz").map((t) => t.term)).toEqual(["spielplatz"]);
  });

  it("splits Dutch compounds", () => {
    expect(all("pakketbeheer", "nl")).toEqual(["pakketbeher", "+pakket", "+beher"]);
  });
});

describe("analyze: tokens", () => {
  it("carries positions (stopwords counted) and spans of the input", () => {
    const text = "Wie installiere ich die Paketverwaltung?";
    const tokens = analyze(text, "de");
    expect(
      tokens.map((t) => [t.term, t.position, text.slice(t.start, t.end), t.extra ?? false]),
    ).toEqual([
      ["installi", 1, "installiere", false],
      ["paketverwalt", 4, "Paketverwaltung", false],
      ["paket", 4, "Paketverwaltung", true],
      ["verwalt", 4, "Paketverwaltung", true],
    ]);
  });

  it("analyses a language without rules generically (folded, not stemmed)", () => {
    expect(terms("Привет, Мир! Ärger", "ru")).toEqual(["привет", "мир", "arger"]);
    expect(terms("Hello", "")).toEqual(["hello"]);
  });

  it("gives the term of one word", () => {
    expect(analyzerFor("it").term("Aggiornamenti")).toBe("aggiorn");
    expect(analyzerFor("it").term("della")).toBeNull();
    expect(analyzerFor("it").term("")).toBeNull();
  });

  it("is the same through forEachTerm", () => {
    const text = "Die Paketverwaltung installiert Pakete mit apt-get.";
    const seen: string[] = [];
    const words = analyzerFor("de").forEachTerm(text, (term) => seen.push(term));
    expect(seen).toEqual(analyze(text, "de").map((t) => t.term));
    expect(words).toBe(6);
  });

  it("stays correct when its cache fills up", () => {
    const analyzer = createAnalyzer("en", { cacheSize: 2 });
    const text = "installing packages installed package indexes";
    expect(analyzer.analyze(text)).toEqual(analyze(text, "en"));
    expect(analyzer.analyze(text)).toEqual(analyze(text, "en"));
  });
});
