import { describe, expect, it } from "vitest";
import { scanPage } from "./page.js";

describe("scanPage", () => {
  it("separates readable text, title and markup", () => {
    const page = scanPage(
      '<html><head><title> Hello &amp; welcome </title><style>p{color:red}</style></head><body><h1>Big&nbsp;news</h1><script>var secret = "_cf_chl_opt";</script><p>It&#39;s here.</p></body></html>',
    );
    expect(page.title).toBe("hello & welcome");
    expect(page.text).toBe("big news it's here.");
    expect(page.markup).toContain("_cf_chl_opt");
    expect(page.text).not.toContain("secret");
    expect(page.text).not.toContain("color");
  });

  it("keeps quoted code in the text channel, not the markup", () => {
    const page = scanPage(
      "<pre><code>&lt;script&gt;window._cf_chl_opt={}&lt;/script&gt;</code></pre>",
    );
    expect(page.text).toContain("window._cf_chl_opt");
    expect(page.markup).not.toContain("_cf_chl_opt");
  });

  it("reads declarative shadow roots but not other templates", () => {
    const page = scanPage(
      '<my-card><template shadowrootmode="open"><p>Rendered text</p></template></my-card><template><p>Hidden</p></template>',
    );
    expect(page.text).toBe("rendered text");
  });

  it("counts bundles, inline code and data scripts apart", () => {
    const page = scanPage(
      '<script src="/app.js"></script><script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script type="application/ld+json">{"a":1}</script><script>var x = 1;</script><script type="module">import "/m.js"</script>',
    );
    expect(page.bundles).toBe(2);
    expect(page.scripts).toBe(4);
    expect(page.inlineCode).toBeGreaterThan(0);
  });

  it("finds mount elements and the text inside them", () => {
    expect(scanPage('<div id="root"></div>').mount).toBe(true);
    expect(scanPage("<app-root></app-root>").mount).toBe(true);
    expect(scanPage("<shop-root></shop-root>").mount).toBe(true);
    expect(scanPage('<body class="ember-application"></body>').mount).toBe(true);
    expect(scanPage('<div id="content"></div>').mount).toBe(false);
    const ssr = scanPage(
      '<div id="__next"><div><p>Server text here</p></div><div></div></div><footer>outside</footer>',
    );
    expect(ssr.mountText).toBeGreaterThanOrEqual("server text here".length);
    expect(ssr.mountText).toBeLessThan(ssr.textLength);
    expect(
      scanPage('<div id="app"><div class="spinner"></div></div><p>Footer text</p>').mountText,
    ).toBe(0);
  });

  it("measures the chrome outside the mount element", () => {
    const page = scanPage(
      '<header><nav><a href="/">Home</a></nav></header><div id="root"><footer>inside</footer></div><div class="consent-bar">We use cookies</div><p>Own</p><footer>Imprint</footer>',
    );
    expect(page.chromeText).toBe("home".length + "we use cookies".length + "imprint".length + 3);
    expect(scanPage("<footer><p>Unclosed").chromeText).toBe("unclosed".length + 1);
  });

  it("counts the fields a person fills in, not captcha or hidden ones", () => {
    const page = scanPage(
      '<form><input type="hidden" name="a"><input type="email" name="e"><textarea name="m"></textarea><input name="rep"><input type="submit"></form>',
    );
    expect(page.forms).toBe(1);
    expect(page.userFields).toBe(2);
  });

  it("reads noscript text apart and notes meta refresh", () => {
    const page = scanPage(
      '<meta http-equiv="refresh" content="0;/x"><noscript><p>Enable <b>JavaScript</b></p></noscript>',
    );
    expect(page.noscript).toBe("enable javascript");
    expect(page.textLength).toBe(0);
    expect(page.metaRefresh).toBe(true);
  });

  it("survives hostile input quickly", () => {
    const inputs = [
      "<".repeat(200_000),
      "<script>".repeat(50_000),
      `<div ${"a=".repeat(100_000)}>`,
      "\u0000\u0001\uffff".repeat(100_000),
      "<!--".repeat(100_000),
      `<title>${"x".repeat(1_000_000)}`,
      "&#99999999;&#xD800;&bogus;".repeat(10_000),
      "x".repeat(3_000_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const page = scanPage(input);
      expect(performance.now() - started).toBeLessThan(500);
      expect(page.textLength).toBeGreaterThanOrEqual(0);
    }
    expect(scanPage("x".repeat(3_000_000)).truncated).toBe(true);
  });
});
