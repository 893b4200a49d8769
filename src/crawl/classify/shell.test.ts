import { describe, expect, it } from "vitest";
import { scanPage } from "./page.js";
import { judgeShell } from "./shell.js";

const shell = (html: string) => judgeShell(scanPage(html)).shell;

describe("judgeShell", () => {
  it("finds empty mount elements filled by bundles", () => {
    expect(shell('<div id="root"></div><script src="/static/js/main.js"></script>')).toBe(true);
    expect(shell('<div id="app"></div><script type="module" src="/src/main.ts"></script>')).toBe(
      true,
    );
    expect(shell('<app-root></app-root><script src="main.js" type="module"></script>')).toBe(true);
    expect(
      shell('<div id="__next"></div><script src="/_next/static/chunks/main.js"></script>'),
    ).toBe(true);
  });

  it("finds notices and loaders", () => {
    expect(
      shell(
        '<noscript>You need to enable JavaScript to run this app.</noscript><script src="/a.js"></script>',
      ),
    ).toBe(true);
    expect(shell('<p>Loading…</p><script src="/bundle.js"></script>')).toBe(true);
    expect(shell("<p>This page requires JavaScript.</p><script>start()</script>")).toBe(false);
  });

  it("leaves a page alone whose server wrote its text in <noscript> for readers without scripts", () => {
    const article =
      "<h1>Opening hours</h1><p>The bakery opens at seven every weekday and at eight on Saturdays. </p>".repeat(
        3,
      );
    expect(
      shell(`<div id="root"></div><noscript>${article}</noscript><script src="/main.js"></script>`),
    ).toBe(false);
    // A notice, however long its sentences about JavaScript, is no text of the page.
    expect(
      shell(
        `<div id="root"></div><noscript>${"Please enable JavaScript to use this site, as JavaScript is required. ".repeat(5)}</noscript><script src="/main.js"></script>`,
      ),
    ).toBe(true);
  });

  it("leaves a frameset alone, scripts and all: its frames show the text", () => {
    const frames =
      '<frameset cols="20%,80%"><frame src="nav.html"><frame src="main.html"></frameset>';
    expect(shell(`<head><script src="/app/bundle.js"></script></head>${frames}`)).toBe(false);
    expect(shell('<head><script src="/app/bundle.js"></script></head><body></body>')).toBe(true);
  });

  it("leaves server-rendered and tiny pages alone", () => {
    const text =
      "<p>A real paragraph of server-rendered text about our products and services. </p>".repeat(4);
    expect(shell(`<div id="root">${text}</div><script src="/app.js"></script>`)).toBe(false);
    expect(
      shell(
        '<div id="root"><h1>Opening hours</h1><p>Mon–Fri 8–18</p></div><script src="/app.js"></script>',
      ),
    ).toBe(false);
    expect(shell("<h1>It works!</h1>")).toBe(false);
    expect(
      shell(
        '<h1>Coming soon</h1><p>Opening in March.</p><script src="https://www.googletagmanager.com/gtag/js"></script>',
      ),
    ).toBe(false);
    expect(shell("")).toBe(false);
  });

  it("finds shells whose server sends only the site's chrome", () => {
    const bundle = '<script src="/bundle.js"></script>';
    expect(
      shell(
        `<div id="root"></div><div class="cookie-banner">We use cookies to improve your visit. By browsing on you accept them. <a href="/privacy">Privacy</a> <button>OK</button></div>${bundle}`,
      ),
    ).toBe(true);
    expect(
      shell(
        `<header><a href="/">Corner Books</a> <a href="/shop">Shop</a> <a href="/events">Events</a></header><div id="app"></div><footer>© 2025 Corner Books · Imprint · 3 Mill Lane, Norwich</footer>${bundle}`,
      ),
    ).toBe(true);
    // A navigation bar of a dozen links and a footer, server-rendered, beside the empty mount.
    const links = Array.from({ length: 12 }, (_, i) => `<a href="/p${i}">Section number ${i}</a>`);
    expect(
      shell(
        `<header><nav>${links.join(" ")}</nav></header><div id="root"></div><footer>© 2025 Corner Books · Imprint · 3 Mill Lane, Norwich</footer><script type="module" src="/assets/index-4f2a.js"></script>`,
      ),
    ).toBe(true);
    // The chrome beside a page of its own stays a page: the mount is a widget's.
    expect(
      shell(
        `<header><a href="/">Corner Books</a></header><main><h1>Readings</h1><p>Poetry night on Friday at seven; entry is free and tea is on us.</p></main><div id="app"></div><footer>© 2025 Corner Books</footer>${bundle}`,
      ),
    ).toBe(false);
  });

  it("leaves short pages alone whose script only adds a widget", () => {
    const bundle = '<script src="/static/js/main.js"></script>';
    const contact =
      "<h1>Contact</h1><p>Example GmbH, Hauptstraße 5, 80331 München. Phone +49 89 123456.</p>";
    expect(
      shell(`${contact}<noscript>Please enable JavaScript to view the map.</noscript>${bundle}`),
    ).toBe(false);
    expect(shell(`${contact}<div id="modal-root"></div>${bundle}`)).toBe(false);
    expect(
      shell(
        `<h1>Thank you!</h1><p>We will answer your message within two days.</p><div id="cookie-consent-root"></div>${bundle}`,
      ),
    ).toBe(false);
    expect(
      shell(
        `<p>Loading times for deliveries are two to three working days in Germany.</p>${bundle}`,
      ),
    ).toBe(false);
  });
});
