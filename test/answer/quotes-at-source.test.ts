/**
 * A quote is found on its page as a visitor sees it, also when it spans a list's items or a
 * table's cells: the indexed text adds no mark the page does not show.
 */
import { describe, expect, it } from "vitest";
import { collapsed, shownText } from "../../bench/shown-text.js";
import { ask } from "../../src/app.js";
import { crawl, htmlRoute, mainPage, site, store } from "../helpers/crawl.js";

const routes = {
  "/robots.txt": htmlRoute("User-agent: *\nAllow: /\n"),
  "/": htmlRoute(
    mainPage(
      "Server handbook",
      '<p>How the server is run: <a href="/limits">connection limits</a>, <a href="/settings">settings</a>.</p>',
    ),
  ),
  "/limits": htmlRoute(
    mainPage(
      "Connection limits",
      "<h2 id=refuse>When connections are refused</h2>" +
        "<p>The server refuses new connections when any of the following holds:</p>" +
        "<ul><li>The number of clients reaches max_clients.</li>" +
        "<li>The disk that holds the log is full.<ul><li>Free space below 1 percent counts as full.</li></ul></li></ul>",
    ),
  ),
  "/settings": htmlRoute(
    mainPage(
      "Settings",
      "<h2 id=table>Settings and their defaults</h2>" +
        "<table><tr><th>Setting</th><th>Default</th><th>Meaning</th></tr>" +
        "<tr><td>max_clients</td><td>100</td><td>The most clients connected at once.</td></tr>" +
        "<tr><td>log_disk</td><td>/var/log</td><td>Where the log is written.</td></tr></table>",
    ),
  ),
};

describe("quotes at the source", () => {
  it("a quote spanning list items or table cells is found on the page", async () => {
    const s = await site(routes);
    const target = store();
    await crawl(`${s.origin}/`, { store: target });
    const record = await target.sites.byOrigin(s.origin);
    if (!record) throw new Error("site not crawled");
    const asked = [
      ["when does the server refuse new connections?", "/limits"],
      ["what is the default of max_clients?", "/settings"],
    ] as const;
    for (const [question, path] of asked) {
      const answer = await ask(target, record.id, question);
      expect(answer.covered, question).toBe(true);
      const first = answer.citations[0];
      expect(first?.url.startsWith(`${s.origin}${path}#`), question).toBe(true);
      for (const citation of answer.citations) {
        const html = await (await fetch(citation.url.split("#")[0] as string)).text();
        expect(shownText(html), question).toContain(collapsed(citation.quote));
      }
    }
    // The quotes above cross an item or a cell: the list's intro with an item, a whole row.
    const limits = await ask(target, record.id, asked[0][0]);
    expect(limits.citations[0]?.quote).toMatch(/holds:\s+The number of clients/);
    const settings = await ask(target, record.id, asked[1][0]);
    expect(settings.citations[0]?.quote).toMatch(/max_clients\s+100\s+The most clients/);
  });
});
