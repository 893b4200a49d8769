import { describe, expect, it } from "vitest";
import { extractLinks, MAX_LINKS } from "./extract.js";

describe("extractLinks", () => {
  it("reads anchors, areas, alternates, refresh, base and canonical; never forms", () => {
    const links = extractLinks(`<html><head>
      <base href="/docs/"><link rel="canonical" href="https://x.org/c">
      <link rel="alternate" hreflang="de" href="/de/">
      <link rel="alternate" type="application/rss+xml" href="/feed">
      <link rel="stylesheet" href="/s.css">
      <meta http-equiv="refresh" content="5; url='/moved'">
    </head><body>
      <a href="a.html">A</a><a href=" a.html ">again</a><a href="b?x=1&amp;y=2">B</a>
      <a href="/secret" rel="nofollow">no</a><a href="/file.bin" download>dl</a><a>none</a>
      <map><area href="/area"></map>
      <form action="/search"><input name="q"><button formaction="/other">go</button></form>
    </body></html>`);
    expect(links.base).toBe("/docs/");
    expect(links.canonical).toBe("https://x.org/c");
    expect(links.hrefs).toEqual(["/de/", "/moved", "a.html", "b?x=1&y=2", "/area"]);
  });

  it("keeps apart links whose text names a sign-in, account or cart", () => {
    const links = extractLinks(`<nav>
      <a href="/p?id=41">Log in</a><a href="/p?id=42"><span class="icon"></span>Mon&nbsp;compte</a>
      <a href="/p?id=43">Warenkorb (2)</a><a href="/p?id=44">Iniciar sesión</a>
      <a href="/p?id=45">Logging in with SSH keys</a><a href="/p?id=41">again</a>
      <a href="/p?id=46">Account</a><a href="/p?id=47">${"x ".repeat(200)}</a>
      <a href="/api.html#login">login</a><a href="/api.html"><code>register</code></a>
    </nav>`);
    expect(links.actions).toEqual(["/p?id=41", "/p?id=42", "/p?id=43", "/p?id=44"]);
    expect(links.hrefs).toEqual([
      "/p?id=45",
      "/p?id=46",
      "/p?id=47",
      "/api.html#login",
      "/api.html",
    ]);
  });

  it("reads an icon link by its image's alt, its aria-label or its title", () => {
    const links = extractLinks(`<header>
      <a href="/i1"><img src="/img/${"x".repeat(300)}.png" alt="Login"></a>
      <a href="/i2" aria-label="Sign in">→</a><a href="/i3" title="Warenkorb">🛒</a>
      <a href="/i4"><img alt='Mein Konto'></a><a href="/i5" title="Our story">About</a>
      <a href="/i6"><img alt="Logo of the shop" src="/logo.png"></a>
    </header>`);
    expect(links.actions).toEqual(["/i1", "/i2", "/i3", "/i4"]);
    expect(links.hrefs).toEqual(["/i5", "/i6"]);
  });

  it("survives malformed HTML", () => {
    expect(extractLinks("<a href='x'<<a href=\"y\"><div><a href=z>").hrefs).toContain("z");
    expect(extractLinks("\u0000\uffff<a href").hrefs).toEqual([]);
  });
});

describe("extractLinks on what browsers skip", () => {
  it("reads the pages frames and iframes show", () => {
    const links = extractLinks(`<html><head><title>API</title></head>
      <frameset cols="20%,80%"><frame src="nav.html" name="nav"><FRAME SRC="overview.html">
      <frame name="empty"><noframes><a href="/in-noframes">Non-frame version</a></noframes>
      </frameset><iframe src="https://video.example/embed/1"></iframe><iframe srcdoc="<p>x</p>">
      </iframe>`);
    expect(links.hrefs).toEqual(["nav.html", "overview.html", "https://video.example/embed/1"]);
  });

  it("ignores links inside comments, scripts, styles and templates", () => {
    const links =
      extractLinks(`<!-- <a href="/commented"> --><script>var s = '<a href="/in-script">';</script>
      <style>a[href="/in-style"]{}</style><template><a href="/in-template"></a></template>
      <a title='x > y' href="/after-quoted-gt">ok</a><A HREF=/upper>up</A><a href="/e?a=1&amp;b=&lt;">e</a>`);
    expect(links.hrefs).toEqual(["/after-quoted-gt", "/upper", "/e?a=1&b=<"]);
  });

  it("stays linear on deeply nested markup", () => {
    const html = `${"<div>".repeat(200_000)}<a href="/deep">deep</a>`;
    const started = performance.now();
    expect(extractLinks(html).hrefs).toEqual(["/deep"]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("reads the first MAX_LINKS distinct links of a page, and its canonical after them", () => {
    const anchors = Array.from(
      { length: MAX_LINKS + 500 },
      (_, i) => `<a href=/p/${i % (MAX_LINKS + 100)}>x</a>`,
    );
    const links = extractLinks(`<body>${anchors.join("")}<link rel="canonical" href="/c"></body>`);
    expect(links.hrefs).toHaveLength(MAX_LINKS);
    expect(links.hrefs.at(-1)).toBe(`/p/${MAX_LINKS - 1}`);
    expect(links.canonical).toBe("/c");
    expect(links.capped).toBe(true);
    // Links repeated past the limit leave nothing unread.
    const repeated = Array.from(
      { length: MAX_LINKS + 500 },
      (_, i) => `<a href=/p/${i % MAX_LINKS}>x</a>`,
    );
    expect(extractLinks(repeated.join("")).capped).toBe(false);
  });
});
