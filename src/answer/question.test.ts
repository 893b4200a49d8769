import { describe, expect, it } from "vitest";
import { expandTerms } from "./expand.js";
import { inLexicon } from "./lexicon.js";
import { analyseQuestion, MAX_QUESTION_TERMS } from "./question.js";

describe("analyseQuestion", () => {
  it("reads English contractions typed without the apostrophe as their full forms", () => {
    const terms = (q: string) => analyseQuestion(q, ["en"]).terms.map((t) => t.term);
    expect(terms("whats the maximum size of a table")).toEqual(
      terms("what the maximum size of a table"),
    );
    expect(terms("why doesnt it start, i cant connect")).toEqual(
      terms("why does it start, i can connect"),
    );
  });

  it("keeps a bounded number of terms from a hostile question", () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i.toString(36)}x`).join(" ");
    const { terms } = analyseQuestion(words, ["en"]);
    expect(terms.length).toBe(MAX_QUESTION_TERMS);
    expect(terms[0]?.word).toBe("word0x");
  });

  it("keeps each word as typed", () => {
    const { terms } = analyseQuestion("Whats the Maximum size", ["en"]);
    expect(terms.map((t) => t.word)).toEqual(["Maximum", "size"]);
  });

  it("marks the words written as names", () => {
    const names = (q: string, lang: string) =>
      analyseQuestion(q, [lang])
        .terms.filter((t) => t.name)
        .map((t) => t.word);
    expect(names("can I install Chrome and Teams? Steam too", "en")).toEqual(["Chrome", "Teams"]);
    expect(names("Chrome di Google c'è nei repository?", "it")).toEqual(["Google"]);
    expect(names("when is PGConf, and does an iPhone work with QWERTZ", "en")).toEqual([
      "PGConf",
      "iPhone",
      "QWERTZ",
    ]);
    // German writes every noun with a capital; a compound's part after a hyphen starts with one.
    expect(names("Wie spiegele ich das Home-Verzeichnis mit rsync?", "de")).toEqual([]);
    expect(names("HOW DO I INSTALL CHROME", "en")).toEqual([]);
    // In Title Case every word has a capital; one inside a word still marks a name.
    expect(names("How To Instal PostgreSQL On Ubuntu", "en")).toEqual(["PostgreSQL"]);
    expect(names("Come installo Microsoft Teams su Debian?", "it")).toEqual([
      "Microsoft",
      "Teams",
      "Debian",
    ]);
  });
});

describe("the reply's language", () => {
  it("is the question's own, also where its words are matched in the site's language", () => {
    const french = analyseQuestion("Comment sauvegarder la base de données ?", ["it"]);
    expect(french.lang).toBe("it");
    expect(french.replyLang).toBe("fr");
    const italian = analyseQuestion("Come si aggiorna il sistema?", ["it"]);
    expect([italian.lang, italian.replyLang]).toEqual(["it", "it"]);
  });

  it("is the question's own when it is too short to be sure but has a function word only that language has", () => {
    expect(analyseQuestion("Que vendez-vous ?", ["de"]).replyLang).toBe("fr");
    expect(analyseQuestion("Qué vendéis?", ["it"]).replyLang).toBe("es");
    expect(analyseQuestion("Wo ist das?", ["de"]).replyLang).toBe("de");
  });

  it("is the question's own when it is written in letters only that language has", () => {
    expect(analyseQuestion("¿Venden monopatines?", ["de"]).replyLang).toBe("es");
    expect(analyseQuestion("Öffnungszeiten?", ["it"]).replyLang).toBe("de");
    // A name detection guesses a language for leaves the site's.
    expect(analyseQuestion("Oracle?", ["en"]).replyLang).toBe("en");
    expect(analyseQuestion("Fortnite?", ["en"]).replyLang).toBe("en");
    expect(analyseQuestion("pgvector", ["en"]).replyLang).toBe("en");
  });

  it("leaves out the stopwords of a question's own language where the site's analyses it", () => {
    const german = analyseQuestion("Was ist MVCC?", ["en"]);
    expect([german.lang, german.replyLang]).toEqual(["en", "de"]);
    expect(german.terms.map((t) => t.word)).toEqual(["MVCC"]);
    const french = analyseQuestion("Comment sauvegarder la base de données ?", ["it"]);
    expect(french.terms.map((t) => t.word)).toEqual(["sauvegarder", "base", "données"]);
    // A question in the site's own language keeps every word the site's analysis keeps.
    const english = analyseQuestion("Was the die cast?", ["en"]);
    expect(english.terms.map((t) => t.word)).toEqual(["die", "cast"]);
  });

  it("is the question's own in languages Hooty does not analyse too, and the site's for a few unsure words", () => {
    expect(analyseQuestion("Как сделать резервную копию?", ["it"]).replyLang).toBe("ru");
    expect(analyseQuestion("データベースをバックアップする方法", ["de"]).replyLang).toBe("ja");
    expect(analyseQuestion("面包店的营业时间是什么？", ["en"]).replyLang).toBe("zh");
    expect(analyseQuestion("Jakie są godziny otwarcia piekarni?", ["de"]).replyLang).toBe("pl");
    expect(analyseQuestion("vacuum", ["it"]).replyLang).toBe("it");
    // The site's name in Latin letters does not make a Russian question German.
    expect(analyseQuestion("Как установить Debian?", ["de"]).replyLang).toBe("ru");
    expect(analyseQuestion("Debian をインストールする方法", ["de"]).replyLang).toBe("ja");
  });
});

describe("inLexicon", () => {
  it("tells ordinary English words from names the language does not know", () => {
    expect(inLexicon("en", "expensive")).toBe(true);
    expect(inLexicon("en", "Tables")).toBe(true);
    expect(inLexicon("en", "WireGuard")).toBe(false);
    expect(inLexicon("en", "soft-deleted")).toBe(true);
    expect(inLexicon("en", "soft-WireGuard")).toBe(false);
    expect(inLexicon("en", "-")).toBe(false);
    expect(inLexicon("en", "")).toBe(false);
  });

  it("looks a word up without its elided article", (context) => {
    if (inLexicon("it", "orologio") === null) context.skip("no Italian thesaurus (mythes-it) here");
    expect(inLexicon("it", "L'orologio")).toBe(true);
    expect(inLexicon("it", "dell’orologio")).toBe(true);
    expect(inLexicon("it", "l'Fortnite")).toBe(false);
    expect(inLexicon("en", "t'expensive")).toBe(false);
  });
});

describe("expandTerms", () => {
  it("adds English synonyms as related terms, weighed below the word", () => {
    const asked = analyseQuestion("make my queries faster", ["en"]).terms;
    const expanded = expandTerms(asked, "en");
    const quick = expanded.find((t) => t.word === "quick");
    expect(quick?.related?.for).toBe(asked.find((t) => t.word === "faster")?.term);
    expect(quick?.related?.weight).toBeGreaterThan(0);
    expect(quick?.related?.weight).toBeLessThanOrEqual(1);
    expect(expanded.slice(0, asked.length)).toEqual(asked);
  });

  it("leaves languages whose synonyms did not help alone, and survives any input", () => {
    const asked = analyseQuestion("Wie installiere ich ein Paket?", ["de"]).terms;
    expect(expandTerms(asked, "de")).toEqual(asked);
    expect(() =>
      expandTerms(analyseQuestion("\u0000".repeat(3000), ["en"]).terms, "en"),
    ).not.toThrow();
  });
});

describe("identifiers of the visitor's own schema", () => {
  it("are marked where a column or table noun stands beside them", () => {
    const own = (question: string, lang = "en") =>
      analyseQuestion(question, [lang])
        .terms.filter((t) => t.ownName)
        .map((t) => t.word);
    expect(own("automatically set an updated_at column whenever a row changes")).toEqual([
      "updated_at",
    ]);
    expect(own("add the column created_at to orders")).toEqual(["created_at"]);
    expect(own("Wie fülle ich die Spalte last_login automatisch?", "de")).toEqual(["last_login"]);
    expect(own("how do I install pg_cron and schedule a job?")).toEqual([]);
    expect(own("a column named total")).toEqual([]);
  });
});
