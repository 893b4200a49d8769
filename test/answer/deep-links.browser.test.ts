/**
 * A citation's deep link (`#:~:text=`) in a real Chromium: the browser scrolls to the quote, on
 * pages where a link built carelessly would match nothing (a `<pre>` that aligns its words with
 * runs of spaces) or an earlier place (a table whose header cell the page repeats above it).
 *
 * Needs Chromium (Debian's `chromium`, which .ci/run installs); without it the test is skipped
 * with a reason, never faked.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask } from "../../src/app.js";
import type { Store } from "../../src/store/types.js";
import { crawl, htmlRoute, mainPage, site, store } from "../helpers/crawl.js";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) =>
  existsSync(path),
);

/** Enough text between the parts of a page that a quote further down is out of view at first. */
const FILLER = Array.from(
  { length: 40 },
  (_, i) => `<p>Paragraph ${i} of the general notes, which say nothing about the question.</p>`,
).join("");

const routes = {
  "/robots.txt": htmlRoute("User-agent: *\nAllow: /\n"),
  "/": htmlRoute(
    mainPage(
      "Server handbook",
      '<p>See <a href="/errors">error messages</a> and <a href="/packages">packages</a>.</p>',
    ),
  ),
  "/errors": htmlRoute(
    mainPage(
      "Error messages",
      `${FILLER}<h2 id=auth>Authentication failures</h2>` +
        '<pre>FATAL:  password authentication failed for user "andym"</pre>' +
        "<p>Messages like this say that the server was reached and the password it was given is wrong.</p>",
    ),
  ),
  "/packages": htmlRoute(
    mainPage(
      "Packages",
      "<table><tr><th>Package</th><th>Size</th></tr><tr><td>gzip</td><td>231</td></tr></table>" +
        `${FILLER}<h2 id=crypt>Encryption tools</h2>` +
        "<table><tr><th>Package</th><th>Size</th><th>Purpose</th></tr>" +
        "<tr><td>cryptsetup</td><td>406</td><td>encrypts whole block devices with dm-crypt</td></tr></table>",
    ),
  ),
};

let browser: Browser | null = null;
let target: Store;
let siteId = 0;

beforeAll(async () => {
  if (!CHROMIUM) return;
  const s = await site(routes);
  target = store();
  await crawl(`${s.origin}/`, { store: target });
  const record = await target.sites.byOrigin(s.origin);
  if (!record) throw new Error("site not crawled");
  siteId = record.id;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * In the page (a script, as the page's own code runs): whether the first paragraph, cell or `<pre>`
 * holding `text` is in view after the page scrolled.
 */
const IN_VIEW = `(text) => {
  const element = [...document.querySelectorAll("pre, td, p")].find((e) =>
    (e.textContent || "").includes(text),
  );
  if (!element || window.scrollY === 0) return false;
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}`;

/**
 * Opens the citation's link with its text directive alone (no element id to fall back on) and
 * tells whether the browser scrolled the quote's `needle` into view.
 */
async function scrollsTo(url: string, needle: string): Promise<boolean> {
  const [base, fragment = ""] = url.split("#");
  const directive = fragment.slice(fragment.indexOf(":~:"));
  const tab = await (browser as Browser).newPage({ viewport: { width: 1000, height: 600 } });
  try {
    await tab.goto(`${base}#${directive}`, { waitUntil: "load" });
    // Chromium scrolls to a text fragment a moment after the page has loaded.
    return await tab
      .waitForFunction(`(${IN_VIEW})(${JSON.stringify(needle)})`, undefined, { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  } finally {
    await tab.close();
  }
}

describe.skipIf(!CHROMIUM)("deep links in Chromium", () => {
  it("scroll to a quote of aligned <pre> text, and to a table row below a repeated header", async () => {
    const asked = [
      ["what does FATAL: password authentication failed mean?", "/errors", "FATAL:"],
      ["which package encrypts block devices?", "/packages", "cryptsetup"],
    ] as const;
    for (const [question, path, needle] of asked) {
      const answer = await ask(target, siteId, question);
      const cited = answer.citations.find((c) => new URL(c.url).pathname === path);
      expect(cited?.url, question).toContain(":~:text=");
      expect(await scrollsTo(cited?.url as string, needle), cited?.url).toBe(true);
    }
  }, 60_000);
});

if (!CHROMIUM) {
  describe("deep links in Chromium", () => {
    it.skip("skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)", () => {});
  });
}
