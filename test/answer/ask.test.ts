/**
 * `hooty ask` end to end: a real site crawled by HootyBot, questions in visitors' words, answers
 * quoted verbatim from the indexed pages with citations — and "not covered" when they are not.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { site } from "../helpers/crawl.js";
import { routes } from "./example-site.js";

let origin = "";
let data = "";

beforeAll(async () => {
  const s = await site(routes);
  origin = s.origin;
  data = tempDir();
  const crawl = await runHooty(["crawl", `${origin}/`, "--data", data, "--json"]);
  expect(crawl.code).toBe(0);
}, 30_000);

async function ask(question: string) {
  const result = await runHooty(["ask", origin, question, "--data", data, "--json"]);
  expect(result.code).toBe(0);
  return jsonLines(result.stdout)[0] as {
    covered: boolean;
    answer: string;
    citations: { url: string; title: string; quote: string }[];
  };
}

describe("hooty ask", () => {
  it("answers in the visitor's own words with a verbatim, deep-linked citation", async () => {
    const answer = await ask("how can I make a backup copy of my database?");
    expect(answer.covered).toBe(true);
    const first = answer.citations[0];
    expect(first?.url).toMatch(new RegExp(`^${origin}/backup#\\w*:~:text=`));
    expect(first?.title).toBe("Backing up your data");
    expect(answer.answer).toContain(first?.quote);
    for (const citation of answer.citations) {
      const text = await (await fetch(citation.url.split("#")[0] as string)).text();
      const visible = text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      expect(visible).toContain(citation.quote);
    }
  });

  it("answers a question that repeats a heading, even of nothing but the site's name", async () => {
    for (const question of ["What is the Example database?", "what is the example database"]) {
      const answer = await ask(question);
      expect(answer.covered, question).toBe(true);
      expect(answer.citations[0]?.url, question).toMatch(new RegExp(`^${origin}/about#what`));
      expect(answer.answer, question).toContain("small relational server");
    }
  });

  it("survives a typo and answers a German question from the German page", async () => {
    expect((await ask("make my querys faster with an indx"))?.citations[0]?.url).toContain(
      "/tuning",
    );
    // A typo the stemmer keeps whole ("dumpinh") while it takes the word meant to its stem
    // ("dumping" → "dump"): corrected on the word as typed.
    const slip = await ask("dumpinh a database while the server keeps running");
    expect(slip.citations[0]?.url).toContain("/backup");
    const german = await ask("Wie installiere ich ein Paket?");
    expect(german.covered).toBe(true);
    expect(german.citations[0]?.url).toContain("/de/pakete");
  });

  it("reads a compound the pages never write whole in its parts, but not a name", async () => {
    const german = await ask("Paketabhängigkeiten?");
    expect(german.covered).toBe(true);
    expect(german.citations[0]?.url).toContain("/de/pakete");
    // Split by the site's own words where the analysis's seed words do not split it.
    const cache = await ask("Wie leere ich den Paketzwischenspeicher?");
    expect(cache.covered).toBe(true);
    expect(cache.citations[0]?.url).toContain("/de/pakete#aufraeumen");
    // The site knows "shared" and "buffer"; a setting named "shared_buffer" it does not.
    const name = await ask("shared_buffer");
    expect(name).toMatchObject({ covered: false, citations: [] });
  });

  it("says plainly, in the question's language, when the pages do not cover it", async () => {
    const english = await ask("What is the price of the enterprise license in Brazil?");
    expect(english).toEqual({
      covered: false,
      answer: expect.stringMatching(/do not answer/),
      citations: [],
    });
    const german = await ask("Wie wird das Wetter morgen in Berlin?");
    expect(german).toMatchObject({ covered: false, citations: [] });
    expect(german.answer).toMatch(/nicht/);
    // In a language the site does not have, or Hooty does not analyse: still the visitor's own.
    const french = await ask("Comment sauvegarder la base de données ?");
    expect(french).toMatchObject({ covered: false, citations: [] });
    expect(french.answer).toMatch(/ne répondent pas/);
    expect((await ask("Как сделать резервную копию?")).answer).toMatch(/не отвечают/);
  });
});

describe("hooty eval", () => {
  it("reports hit rates, abstentions, verbatim quotes and latency over a file of questions", async () => {
    const file = join(tempDir(), "questions.jsonl");
    const line = (question: string, expect: string[], lang?: string) =>
      JSON.stringify({ site: origin, question, expect, lang });
    writeFileSync(
      file,
      [
        // An expected page may name a section, or go through "..": the page is what counts.
        line("how can I make a backup copy of my database?", ["/de/../backup#dump"]),
        // An expected page may be given as a full URL, or without its leading slash.
        line("make my querys faster with an indx", [`${origin}/tuning`, "elsewhere"]),
        line("What is the price of the enterprise license in Brazil?", []),
        // The language a line gives, else the one the question is read in, groups the rates.
        line("Wie installiere ich ein Paket?", ["/de/pakete"]),
        // The same site named another way counts with it.
        JSON.stringify({
          site: `${origin}/`,
          question: "Paketabhängigkeiten?",
          expect: ["/de/pakete"],
          lang: "de-DE",
        }),
      ].join("\n"),
    );
    const result = await runHooty(["eval", file, "--data", data, "--json"]);
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout) as Record<string, unknown>[];
    expect(lines.slice(0, 5).map((l) => l.verdict)).toEqual([
      "hit@1",
      "hit@1",
      "abstained",
      "hit@1",
      "hit@1",
    ]);
    expect(lines.slice(0, 5).map((l) => l.lang)).toEqual(["en", "en", "en", "de", "de"]);
    expect(lines[0]).toMatchObject({ covered: true, quotesVerbatim: true });
    expect((lines[0]?.cited as string[] | undefined)?.[0]).toBe("/backup");
    expect(lines[5]).toMatchObject({
      summary: {
        questions: 5,
        answerable: 4,
        hitAt3: 100,
        hitAt1: 100,
        abstainedAnswerable: 0,
        unanswerable: 1,
        abstainedUnanswerable: 100,
        quotesVerbatim: 100,
        bySite: [{ site: origin, questions: 5, answerable: 4, hitAt3: 100, unanswerable: 1 }],
        // "de-DE" counts with "de".
        byLanguage: [
          { lang: "en", questions: 3, answerable: 2, hitAt1: 100, abstainedUnanswerable: 100 },
          { lang: "de", questions: 2, answerable: 2, hitAt3: 100, abstainedUnanswerable: null },
        ],
      },
    });
    type Latency = { p50: number; p95: number; max: number; first: number; loading: number };
    const summary = lines[5]?.summary as { latencyMs: Latency } | undefined;
    const latency = summary?.latencyMs ?? { p50: -1, p95: -1, max: -1, first: -1, loading: -1 };
    // The site's answer data is loaded before the clock runs for the answers.
    expect(latency.loading).toBeGreaterThan(0);
    const times = lines.slice(0, 5).map((l) => l.ms as number);
    expect(latency.first).toBe(times[0]);
    expect(latency.max).toBe(Math.max(...times));
    expect(latency.p50).toBeLessThanOrEqual(latency.p95);
    expect(latency.p95).toBeLessThanOrEqual(latency.max);
    // A page the index does not hold is named, with the line that expects it.
    expect(result.stderr).toMatch(/line 2: \/elsewhere is not in the index/);
    expect(result.stderr).not.toMatch(/\/backup is not in the index/);
    // For people, the rates of each language follow the totals (one site: no line per site).
    const text = await runHooty(["eval", file, "--data", data]);
    expect(text.stdout).toMatch(/^by language:\n {2}en {2}answerable 2: top 3 100%, top 1 100%/m);
    expect(text.stdout).toMatch(/^ {2}de {2}answerable 2: top 3 100%.*; unanswerable 0$/m);
    expect(text.stdout).not.toMatch(/by site/);
  });

  it("says so when the site's index holds no page at all", async () => {
    const closed = await site({
      "/robots.txt": (_req, res) => res.writeHead(200).end("User-agent: *\nDisallow: /\n"),
    });
    const crawled = await runHooty(["crawl", `${closed.origin}/`, "--data", data, "--json"]);
    expect(crawled.code).toBe(0);
    const result = await runHooty(["ask", closed.origin, "when do you open?", "--data", data]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`the index holds no page of ${closed.origin}`);
    // So does eval, whose "not covered" rates would otherwise look perfect.
    const questions = join(tempDir(), "closed.jsonl");
    writeFileSync(
      questions,
      `${JSON.stringify({ site: closed.origin, question: "when do you open?", expect: [] })}\n`,
    );
    const evaluated = await runHooty(["eval", questions, "--data", data]);
    expect(evaluated.code).toBe(0);
    expect(evaluated.stderr).toContain(`the index holds no page of ${closed.origin}`);
    // A site with pages says nothing of the kind when a question is not covered.
    const other = await runHooty(["ask", origin, "who won the 1954 world cup?", "--data", data]);
    expect(other.stderr).toBe("");
  });

  it("refuses a file that is not JSON lines of questions, in one line", async () => {
    const file = join(tempDir(), "bad.jsonl");
    writeFileSync(file, '{"site": "x", "question": "q"}\n');
    const result = await runHooty(["eval", file, "--data", data]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/line 1 needs "site", "question" and "expect"/);
    for (const [content, error] of [
      ["null\n", /line 1 needs "site"/],
      ['{"site": "x", "question": "  ", "expect": []}\n', /line 1 needs "site", "question"/],
      [
        '{"site": "http://a.example", "question": "q", "expect": ["http://b.example/p"]}\n',
        /line 1 expects http:\/\/b\.example\/p, a page of another site/,
      ],
      ['{"site": "x", "question": "q", "expect": [], "lang": 7}\n', /line 1 has a "lang" that/],
      [
        '{"site": "http://never.example", "question": "q", "expect": []}\n',
        /bad\.jsonl: line 1: http:\/\/never\.example is not a known site/,
      ],
    ] as const) {
      writeFileSync(file, content);
      const refused = await runHooty(["eval", file, "--data", data]);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toMatch(error);
    }
    // A path to something without end is read no further than a questions file may be long.
    const endless = await runHooty(["eval", "/dev/zero", "--data", data]);
    expect(endless.code).toBe(2);
    expect(endless.stderr.trim()).toBe(
      "hooty: /dev/zero is larger than 64 MiB: a questions file is JSON lines, one question each",
    );
  });
});
