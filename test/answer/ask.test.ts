/**
 * `hooty ask` end to end: a real site crawled by HootyBot, questions in visitors' words, answers
 * quoted verbatim from the indexed pages with citations — and "not covered" when they are not.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { htmlRoute, pagesSite, site } from "../helpers/crawl.js";

const page = (lang: string, title: string, sections: [string, string, string][]) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/backup">Backup</a> <a href="/tuning">Tuning</a> <a href="/de/pakete">Pakete</a></nav><main><h1>${title}</h1>${sections
    .map(([id, heading, text]) => `<h2 id="${id}">${heading}</h2><p>${text}</p>`)
    .join("")}</main><footer>© Example</footer></body></html>`;

const routes = {
  ...pagesSite(0),
  "/": htmlRoute(
    page("en", "Example database docs", [
      [
        "intro",
        "Introduction",
        "This manual explains how to run the Example database server day to day.",
      ],
    ]),
  ),
  "/backup": htmlRoute(
    page("en", "Backing up your data", [
      [
        "dump",
        "Dumping a database",
        "Use the dump tool to write a consistent copy of a database into a single file while the server keeps running. Restore the file with the restore tool.",
      ],
      [
        "schedule",
        "Scheduling backups",
        "Run the dump every night from cron and keep at least seven copies on another machine.",
      ],
    ]),
  ),
  "/tuning": htmlRoute(
    page("en", "Making queries faster", [
      [
        "indexes",
        "Indexes",
        "An index lets the server find rows without reading the whole table, which speeds up queries that filter on the indexed column.",
      ],
      [
        "memory",
        "Memory settings",
        "Raise the shared buffer size so that more of the working set stays in memory.",
      ],
    ]),
  ),
  "/de/pakete": htmlRoute(
    page("de", "Pakete verwalten", [
      [
        "installieren",
        "Pakete installieren",
        "Mit apt install wird ein Paket samt seinen Abhängigkeiten aus dem Archiv heruntergeladen und installiert.",
      ],
    ]),
  ),
};

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
