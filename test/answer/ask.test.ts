/**
 * `hooty ask` end to end: a real site crawled by HootyBot, questions in visitors' words, answers
 * quoted verbatim from the indexed pages with citations — and "not covered" when they are not.
 */
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

  it("survives a typo and answers a German question from the German page", async () => {
    expect((await ask("make my querys faster with an indx"))?.citations[0]?.url).toContain(
      "/tuning",
    );
    const german = await ask("Wie installiere ich ein Paket?");
    expect(german.covered).toBe(true);
    expect(german.citations[0]?.url).toContain("/de/pakete");
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
  });
});
