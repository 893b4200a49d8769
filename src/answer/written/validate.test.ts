import { describe, expect, it } from "vitest";
import { checkReply, type Verdict } from "./validate.js";

const passages = new Map([
  ["p1", "Installation\nInstall the package with apt install postgresql-15 on Debian."],
  ["p2", "The server listens on port 5432 by default; change it with the port setting."],
  ["p3", "Backups are made with pg_dump, which writes a consistent snapshot."],
]);

function check(reply: string, lang = "en", maxChars = 4_000): Verdict {
  return checkReply(reply, { passages, lang, maxChars });
}

function reason(reply: string): string | null {
  const verdict = check(reply);
  return verdict.kind === "rejected" ? verdict.reason : null;
}

describe("checking a written answer", () => {
  it("accepts sentences that each end with citations of given passages", () => {
    const verdict = check(
      "Install it with apt install postgresql-15 [p1]. The server then listens on port 5432 [p2].",
    );
    expect(verdict).toEqual({
      kind: "answer",
      answer:
        "Install it with apt install postgresql-15 [p1]. The server then listens on port 5432 [p2].",
      cited: ["p1", "p2"],
      claims: [
        { text: "Install it with apt install postgresql-15", cited: ["p1"] },
        { text: "The server then listens on port 5432", cited: ["p2"] },
      ],
    });
  });

  it("accepts citations after the full stop, grouped with commas, and list items", () => {
    const verdict = check(
      "The default server port is 5432 on Debian. [p2, p1]\nYou can:\n- install with apt [p1]\n- back up with pg_dump [p3]",
    );
    expect(verdict.kind).toBe("answer");
    if (verdict.kind !== "answer") return;
    expect(verdict.answer).toBe(
      "The default server port is 5432 on Debian. [p2][p1]\nYou can:\n- install with apt [p1]\n- back up with pg_dump [p3]",
    );
    expect(verdict.cited).toEqual(["p2", "p1", "p3"]);
  });

  it("accepts a short claim without content words, not a long one", () => {
    expect(check("It is so [p2].").kind).toBe("answer");
    expect(reason("It is what it is and that is that [p2].")).toBe("claim-without-content");
  });

  it("accepts abbreviations and a reasoning block before the answer", () => {
    expect(check("Use a tool, e.g. pg_dump for backups [p3].").kind).toBe("answer");
    expect(check("<think>p3 says pg_dump.</think>\nBackups use pg_dump [p3].").kind).toBe("answer");
    expect(check("Sicherungen macht z. B. Pg_dump [p3].", "de").kind).toBe("answer");
  });

  it("recognises NOT_COVERED alone, and only alone", () => {
    expect(check("NOT_COVERED")).toEqual({ kind: "not-covered" });
    expect(check(' "NOT_COVERED." \n')).toEqual({ kind: "not-covered" });
    expect(check("`NOT_COVERED`")).toEqual({ kind: "not-covered" });
    expect(reason("NOT_COVERED, but the port is 5432 [p2].")).toBe("not-covered-mixed-with-text");
  });

  it("rejects an uncited sentence anywhere", () => {
    expect(reason("The port is 5432 [p2]. It is also very fast.")).toBe("uncited-sentence");
    expect(reason("PostgreSQL is great. The port is 5432 [p2].")).toBe("uncited-sentence");
    expect(reason("Some intro\nThe port is 5432 [p2].")).toBe("uncited-sentence");
    expect(reason("The port is 5432.")).toBe("no-citations");
    expect(reason("[p2] The port is 5432.")).toBe("citation-without-claim");
  });

  it("rejects a number its passages do not hold", () => {
    expect(reason("The server listens on port 5433 by default [p2].")).toBe(
      "number-not-in-passages:5433",
    );
    expect(reason("Install postgresql-16 [p1].")).toBe("number-not-in-passages:16");
    expect(check("Der Server lauscht auf Port 5432 [p2].", "de").kind).toBe("answer");
  });

  it("takes a claim in its passage's language only when one or two of its sentences say it", () => {
    const shop = new Map([
      [
        "s",
        "Shipping costs\nShipping to Switzerland costs 9 francs. Shipping to Germany, Austria and Italy costs 19 francs. Orders above 150 francs ship free of charge.",
      ],
      ["p", "Pets\nDogs are welcome at Hotel Eule for 15 francs per night. Cats are not allowed."],
    ]);
    const langs = new Map([
      ["s", "en"],
      ["p", "en"],
    ]);
    const verdict = (reply: string, lang = "en") =>
      checkReply(reply, { passages: shop, passageLangs: langs, lang, maxChars: 4_000 });
    const why = (reply: string) => {
      const v = verdict(reply);
      return v.kind === "rejected" ? v.reason : v.kind;
    };
    expect(why("Shipping to Switzerland costs 9 francs [s].")).toBe("answer");
    expect(why("Orders over 150 francs are shipped free [s].")).toBe("answer");
    expect(
      why("Dogs stay at Hotel Eule for 15 francs a night, but cats are not allowed [p]."),
    ).toBe("answer");
    // Words of the passage, but not what any of its sentences says.
    expect(why("Shipping to Switzerland is free [s].")).toBe("claim-not-said-by-a-sentence:s");
    expect(why("Shipping to Switzerland costs 150 francs [s].")).toBe(
      "claim-not-said-by-a-sentence:s",
    );
    // Turned round.
    expect(why("We do not ship to Switzerland [s].")).toBe("claim-not-said-by-a-sentence:s");
    expect(why("Cats are allowed [p].")).toBe("claim-not-said-by-a-sentence:p");
    // Negation read in the passage's language, accented words too.
    const it = (reply: string) =>
      checkReply(reply, {
        passages: new Map([["c", "Animali\nI gatti non sono ammessi, né i cani."]]),
        passageLangs: new Map([["c", "it"]]),
        lang: "it",
        maxChars: 4_000,
      }).kind;
    expect(it("I gatti sono ammessi [c].")).toBe("rejected");
    expect(it("I gatti non sono ammessi [c].")).toBe("answer");
    // Written in another language than the passage: only the shared word and the numbers.
    expect(
      verdict("Der Versand in die Schweiz (Switzerland) kostet 9 Franken [s].", "de").kind,
    ).toBe("answer");
  });

  it("rejects citations of passages it was not given", () => {
    expect(reason("The port is 5432 [p4].")).toBe("unknown-id:p4");
    expect(reason("The port is 5432 [p2, 1].")).toBe("unknown-id:1");
    expect(reason("The port is 5432 [P2].")).toBe("unknown-id:P2");
  });

  it("rejects a citation of a passage that shares no word with the claim", () => {
    expect(reason("Backups are made with pg_dump [p2].")).toBe(
      "citation-does-not-support-claim:p2",
    );
    expect(reason("The sky is green [p1].")).toBe("citation-does-not-support-claim:p1");
  });

  it("rejects empty, oversized and garbage replies", () => {
    expect(reason("")).toBe("empty");
    expect(reason("  \n ")).toBe("empty");
    expect(reason("<think>only thinking</think>")).toBe("empty");
    expect(check(`The port is 5432 [p2]. ${"x".repeat(50)}`, "en", 40)).toEqual({
      kind: "rejected",
      reason: "too-long",
    });
    expect(reason('{"answer": "The port is 5432 [p2]."}')).toBe("uncited-sentence");
    expect(reason("```\nThe port is 5432 [p2].\n```")).toBe("uncited-sentence");
    expect(reason("\u0000\u0001\ufffd")).toBe("no-citations");
    expect(reason("]]]][[[[ [ ] [p2 [p2")).toBe("no-citations");
  });

  it("checks hostile replies at the size limit quickly", () => {
    const started = performance.now();
    for (const hostile of [
      `${" ".repeat(3_990)}[p1`,
      `${"a".repeat(3_990)}[p1]`,
      `${"[p1".repeat(1_300)}]`,
      `${"a. ".repeat(1_300)}[p1]`,
      `${"[p1]".repeat(999)}`,
    ]) {
      expect(check(hostile).kind).toBe("rejected");
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
});
