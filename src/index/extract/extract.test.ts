import { describe, expect, it } from "vitest";
import { sectionDetector } from "../language.js";
import { extractPage, MAX_BLOCKS } from "./extract.js";
import type { ExtractedPage } from "./types.js";

const URL = "https://example.org/docs/page.html";

function extract(body: string, head = "", headers?: Record<string, string>): ExtractedPage {
  return extractPage({
    url: URL,
    html: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
    ...(headers ? { headers } : {}),
  });
}

/** All section text of a page, joined. */
function text(page: ExtractedPage): string {
  return page.sections.map((s) => s.text).join("\n\n");
}

describe("page metadata", () => {
  it("title from <title>, else og:title, else the first <h1>", () => {
    expect(extract("<p>x</p>", "<title> A &amp; B\n title </title>").title).toBe("A & B title");
    expect(extract("<p>x</p>", '<meta property="og:title" content="OG">').title).toBe("OG");
    expect(extract("<h1>Heading <b>one</b></h1><p>x</p>").title).toBe("Heading one");
    expect(extract("<p>x</p>").title).toBe("");
  });

  it("a title keeps no control character: it is shown in terminals, where they would act", () => {
    const title = extract(
      "<p>x</p>",
      "<title>Terminal \u001b]0;owned\u0007 \u009b31m banner</title>",
    ).title;
    expect(title).toBe("Terminal ]0;owned 31m banner");
  });

  it("description and canonical (resolved against <base> and the URL, fragment dropped)", () => {
    const page = extract(
      "<p>x</p>",
      '<meta name="description" content=" What  this is. "><link rel="canonical" href="../other.html#top">',
    );
    expect(page.description).toBe("What this is.");
    expect(page.canonical).toBe("https://example.org/other.html");
    const based = extract(
      "<p>x</p>",
      '<base href="https://cdn.example.org/a/"><link rel="Canonical" href="b.html">',
    );
    expect(based.canonical).toBe("https://cdn.example.org/a/b.html");
    expect(extract("<p>x</p>", '<link rel="canonical" href="javascript:alert(1)">').canonical).toBe(
      undefined,
    );
  });

  it("language: <html lang>, then <meta http-equiv>, then the Content-Language header", () => {
    const html = (lang: string, meta = "") =>
      `<html${lang}><head>${meta}</head><body><p>Text</p></body></html>`;
    expect(extractPage({ url: URL, html: html(' lang="de-AT"') }).lang).toBe("de");
    expect(
      extractPage({
        url: URL,
        html: html("", '<meta http-equiv="Content-Language" content="it">'),
        headers: { "content-language": "fr" },
      }).lang,
    ).toBe("it");
    expect(
      extractPage({ url: URL, html: html(""), headers: { "content-language": "pt-BR, en" } }).lang,
    ).toBe("pt");
    expect(extractPage({ url: URL, html: html(' xml:lang="nl"') }).lang).toBe("nl");
    expect(extractPage({ url: URL, html: html("") }).lang).toBe("und");
  });

  it("a detector is asked only when nothing is declared (or when told to prefer it)", () => {
    const asked: string[] = [];
    const detectLanguage = (sample: string) => {
      asked.push(sample);
      return "es";
    };
    const body = "<p>Hola, este es un texto bastante largo en castellano.</p>";
    expect(extractPage({ url: URL, html: body }, { detectLanguage }).lang).toBe("es");
    expect(
      extractPage({ url: URL, html: `<html lang="en">${body}` }, { detectLanguage }).lang,
    ).toBe("en");
    expect(
      extractPage(
        { url: URL, html: `<html lang="en">${body}` },
        { detectLanguage, preferDetected: true },
      ).lang,
    ).toBe("es");
    expect(asked[0]).toContain("Hola");
  });

  it("a section in another declared language says so", () => {
    const page = extractPage({
      url: URL,
      html: '<html lang="en"><body><h2>One</h2><p>English.</p><section lang="de"><h2>Zwei</h2><p>Deutsch.</p></section></body></html>',
    });
    expect(page.sections.map((s) => s.lang)).toEqual([undefined, "de"]);
  });

  it("a short paragraph in another language, declared nowhere, is a section in that language", () => {
    const page = extractPage(
      {
        url: URL,
        html:
          '<html lang="en"><body><h1>Rooms</h1><h2>Standard rooms</h2><p>All standard rooms have a double bed, a private bathroom and a view of the garden.</p>' +
          "<h2>Informations en français</h2><p>Les chambres familiales peuvent accueillir jusqu'à cinq personnes. Les animaux domestiques sont acceptés moyennant un supplément.</p></body></html>",
      },
      { detectLanguage: sectionDetector("en") },
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.lang])).toEqual([
      ["Standard rooms", undefined],
      ["Informations en français", "fr"],
    ]);
  });

  it("a page whose whole text is in a component's wrapper keeps leaving out line numbers", () => {
    // Read the Docs' theme wraps everything in `wy-nav-content` ("nav"): the component rules
    // leave nothing, and the page is read again without them, not without every class rule.
    const page = extractPage({
      url: URL,
      html:
        '<html lang="en"><body><section class="wy-nav-content-wrap"><div class="wy-nav-content"><div role="main">' +
        '<h2 id="src">From source</h2><p>Build it in place:</p><div class="highlight-python"><table class="highlighttable"><tr>' +
        '<td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>\n<span class="normal">2</span></pre></div></td>' +
        '<td class="code"><div class="highlight"><pre>import widget\nwidget.spin()</pre></div></td></tr></table></div>' +
        '<p class="visually-hidden">Skip to the footer</p></div></div></section></body></html>',
    });
    expect(page.blocks.map((b) => b.text)).toEqual([
      "From source",
      "Build it in place:",
      "import widget\nwidget.spin()",
    ]);
  });

  it("a footnote without its back-link, its reference mark kept as the page shows it", () => {
    const page = extract(
      '<p>The tree is eleven years old.<sup id="fnref:1" role="doc-noteref"><a href="#fn:1" class="footnote">1</a></sup> Start early.</p>' +
        '<div class="footnotes" role="doc-endnotes"><ol><li id="fn:1"><p>Planted in 2013. <a href="#fnref:1" class="reversefootnote" role="doc-backlink">&#8617;</a></p></li>' +
        '<li id="fn2" class="footnote-item"><p>Full sun. <a href="#fnref2" class="footnote-backref">↩︎</a></p></li></ol></div>',
    );
    expect(text(page)).toBe(
      "The tree is eleven years old.1 Start early.\n\n  Planted in 2013.\n  Full sun.",
    );
  });

  it("headings without their permalink marks (¶, [edit], #)", () => {
    const page = extractPage({
      url: URL,
      html: '<html lang="en"><body><h2 id="install">Installing<a class="headerlink" href="#install">¶</a></h2><p>Run pip.</p><h2><span class="mw-headline" id="Use">Use</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="?action=edit">edit</a><span class="mw-editsection-bracket">]</span></span></h2><p>Call it.</p><h3 id="x">Tips<a href="#x" class="hash-link" aria-label="Direct link">​</a></h3><p>Be brief.</p></body></html>',
    });
    expect(page.sections.map((s) => s.headingPath.at(-1))).toEqual(["Installing", "Use", "Tips"]);
  });

  it("a link whose whole text is a mark, to the id of what it stands in, is a permalink", () => {
    const page = extract(
      '<h2 id="order">Order <a title="Permanent link" href="#order" class="permalink">&para;</a></h2><p>First.</p>' +
        '<section id="s"><h3>Tips <a href="#s">#</a></h3><p>Be brief.</p></section>' +
        '<dl><dt id="index-POSIX"><code>POSIX</code><a href="#index-POSIX"> &para;</a></dt><dd>A standard.</dd></dl>' +
        '<p>A mark to elsewhere stays: <a href="#order">§</a> 🔗</p>',
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.text])).toEqual([
      ["Order", "First."],
      ["Tips", "Be brief."],
      ["Order", "POSIX\n\nA standard.\n\nA mark to elsewhere stays: § 🔗"],
    ]);
  });

  it("a navigation panel (links by rel next, prev, up, contents, index between labels) goes", () => {
    const page = extract(
      '<div class="header"><p>Next: <a href="#B" accesskey="n" rel="next">B</a>, Previous: <a href="#A" rel="prev">A</a>, Up: <a href="#Top" rel="up">Top</a> &nbsp; [<a href="#SEC_Contents" rel="contents">Contents</a>][<a href="#Indexes" rel="index">Index</a>]</p></div>' +
        '<h2>Part</h2><p>See <a href="#B" rel="next">the next part</a> for more.</p>',
    );
    expect(text(page)).toBe("See the next part for more.");
  });

  it("a passage in another declared language is a section of its own under the same heading", () => {
    const page = extractPage({
      url: URL,
      html: '<html lang="it"><body><h2 id="orari">Orari</h2><p>Apriamo alle otto.</p><p lang="de">Im August haben wir Betriebsferien.</p><p lang="it-IT">Chiudiamo alle venti.</p><p>La domenica siamo chiusi.</p></body></html>',
    });
    expect(
      page.sections.map((s) => [s.headingPath.join(" › "), s.anchor, s.lang ?? "it", s.text]),
    ).toEqual([
      ["Orari", "orari", "it", "Apriamo alle otto."],
      ["Orari", "orari", "de", "Im August haben wir Betriebsferien."],
      ["Orari", "orari", "it", "Chiudiamo alle venti.\n\nLa domenica siamo chiusi."],
    ]);
  });
});

describe("text layout", () => {
  it("paragraphs are separated by a blank line, whitespace collapsed, entities decoded", () => {
    const page = extract(
      "<p>One\n   two&nbsp;&amp;  three</p><div>Four &lt;b&gt; &#8212; &eacute;</div><p>Fi\u00adve\u200b</p>",
    );
    expect(text(page)).toBe("One two & three\n\nFour <b> — é\n\nFive");
  });

  it("inline elements do not add spaces; block elements separate", () => {
    expect(text(extract("<p>in<b>line</b> <i>text</i></p><div>a<div>b</div>c</div>"))).toBe(
      "inline text\n\na\n\nb\n\nc",
    );
  });

  it("<br> is a line break", () => {
    expect(text(extract("<p>Street 1<br>12345 Town<br/><br>Country</p>"))).toBe(
      "Street 1\n12345 Town\n\nCountry",
    );
  });

  it("list items are lines indented by their depth, with no mark the page does not show", () => {
    const page = extract(
      "<p>Intro</p><ul><li>One</li><li>Two<ul><li>Two a</li></ul></li><li><p>Three</p><p>more</p></li></ul><ol><li>First</li></ol>",
    );
    expect(text(page)).toBe("Intro\n\n  One\n  Two\n    Two a\n  Three\n  more\n\n  First");
  });

  it("tables row by row, a row's cells joined by a tab", () => {
    const page = extract(
      "<p>Before</p><table><caption>Sizes</caption><thead><tr><th>Name</th><th>Size</th></tr></thead><tbody><tr><td>a</td><td>1 <b>kB</b></td></tr><tr><td>b</td><td></td><td>x</td></tr></tbody></table><p>After</p>",
    );
    expect(text(page)).toBe("Before\n\nSizes\n\nName\tSize\na\t1 kB\nb\tx\n\nAfter");
  });

  it('a list item\'s fingerprint is the one Hooty stored when items began with "- "', () => {
    // Stored pages and a site's boilerplate state hold fingerprints taken from "- One" and
    // "  - Two a" (Hooty before analysis version 4): a page read now must match them.
    const page = extract("<main><ul><li>One<ul><li>Two a</li></ul></li></ul></main>");
    expect(page.blocks.map((b) => [b.text, b.fingerprint])).toEqual([
      ["  One", 2200611676511998],
      ["    Two a", 3176217896812583],
    ]);
  });

  it("<pre> keeps its whitespace and line breaks; the first newline is dropped", () => {
    const page = extract(
      "<p>Run:</p><pre>\n$ make   all\n\tindented &amp; <b>bold</b>\n<div>still pre</div>\n\n</pre><p>Done.</p>",
    );
    expect(text(page)).toBe("Run:\n\n$ make   all\n\tindented & bold\nstill pre\n\nDone.");
  });

  it("definition lists: terms and descriptions as paragraphs", () => {
    expect(text(extract("<dl><dt>-a<br>--all</dt><dd><p>Everything.</p></dd></dl>"))).toBe(
      "-a\n--all\n\nEverything.",
    );
  });
});

describe("dropped: what is never page text", () => {
  it("scripts, styles, templates, media, embedded documents and form controls", () => {
    const page = extract(
      "<p>Keep</p><script>var x = '<p>no</p>';</script><style>p{}</style><noscript>Enable JS</noscript>" +
        "<template><p>tpl</p></template><svg><title>icon</title><text>svg</text></svg><iframe>frame</iframe>" +
        "<form><label>Name</label><input value=v><select><option>Opt</option></select><textarea>TA</textarea><button>Send</button><p>Form text</p></form>",
    );
    expect(text(page)).toBe("Keep\n\nForm text");
  });

  it("reads <noscript> only when the page has no text outside it (written for readers without scripts)", () => {
    const only = extract(
      '<div id="root"></div><noscript><h1>Opening hours</h1><p>We open at seven.</p></noscript><script src="/a.js"></script>',
    );
    expect(text(only)).toBe("We open at seven.");
    expect(only.blocks.map((b) => b.text)).toContain("Opening hours");
    const beside = extract("<p>Keep</p><noscript><p>Enable JS to see the map.</p></noscript>");
    expect(text(beside)).toBe("Keep");
  });

  it("nav, aside, the page's header and footer, and landmark roles", () => {
    const page = extract(
      '<header><p>Site name</p></header><nav><a href="/">Home</a></nav><div role="navigation">Menu</div>' +
        '<div role="banner">Banner</div><aside>Related</aside><p>Content</p><div role="contentinfo">Imprint</div><footer>© 2026</footer>',
    );
    expect(text(page)).toBe("Content");
  });

  it("an aside inside the main text is text (footnotes, notes); one beside it is the site's", () => {
    const page = extract(
      '<div role="main"><p>Text.<a href="#fn1" id="r1">[1]</a></p><aside class="footnote-list"><aside id="fn1" role="note"><p>[1] A note.</p></aside></aside></div>' +
        "<aside><p>Related pages</p></aside>",
    );
    expect(text(page)).toBe("Text.[1]\n\n[1] A note.");
  });

  it("an article's own header and footer stay", () => {
    const page = extract(
      "<header>Site</header><article><header><h1>Post</h1><p>By Ann</p></header><p>Body.</p><footer>Tags: x</footer></article>",
    );
    expect(page.sections).toMatchObject([
      { headingPath: ["Post"], text: "By Ann\n\nBody.\n\nTags: x" },
    ]);
  });

  it("hidden elements: hidden, aria-hidden, display:none, hiding classes", () => {
    const page = extract(
      '<p hidden>h1</p><p aria-hidden="true">h2</p><p style="display: none">h3</p><p style="visibility:hidden">h4</p>' +
        '<span class="sr-only">h5</span><div class="visually-hidden">h6</div><p>Seen</p><p aria-hidden="false">Also</p>',
    );
    expect(text(page)).toBe("Seen\n\nAlso");
  });

  it("an accordion's closed panels and its questions in heading buttons stay (the WAI-ARIA pattern)", () => {
    const page = extract(
      '<main><h1>FAQ</h1><h3><button type="button" aria-expanded="false" aria-controls="s0" id="a0">How long does renewal take?</button></h3>' +
        '<div id="s0" role="region" aria-labelledby="a0" hidden><p>Three weeks.</p></div>' +
        '<h3><button aria-expanded="false" aria-controls="s1">Can I pay by card?</button></h3><div id="s1" hidden><p>Yes.</p></div>' +
        '<h3>Fees <button class="copy">Copy link</button></h3><p>None.</p></main>',
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.text])).toEqual([
      ["How long does renewal take?", "Three weeks."],
      ["Can I pay by card?", "Yes."],
      ["Fees", "None."],
    ]);
  });

  it("tab panels hidden but the selected one stay; other hidden elements go", () => {
    const page = extract(
      '<ul role="tablist"><li role="tab">npm</li><li role="tab">pip</li></ul>' +
        '<div role="tabpanel"><pre>npm install sdk</pre></div><div role="tabpanel" hidden=""><pre>pip install sdk</pre></div>' +
        '<div hidden="until-found"><p>Found by search.</p></div><div hidden><p>Template.</p></div>' +
        '<div id="m" hidden><p>Menu.</p></div><div style="display:none" aria-labelledby="x"><p>Panel.</p></div>',
    );
    expect(text(page)).toBe("npm install sdk\n\npip install sdk\n\nFound by search.\n\nPanel.");
  });

  it("recommendations beside the text by their class; an API's id or a title's class with the word stay", () => {
    const page = extract(
      "<main><h1>Gloves</h1><p>Deerskin gloves.</p>" +
        '<div class="related-products"><h2>You may also like</h2><p>Beanie £20</p></div>' +
        '<div class="jp-relatedposts"><p>Another post</p></div><dl class="article-info"><dd class="hits">Hits: 213</dd></dl>' +
        '<dl><dt id="QuerySet.select_related">select_related()</dt><dd>Follows foreign keys.</dd></dl>' +
        '<div class="admonition-geos-related-errors admonition"><p>Logs fill up.</p></div></main>',
    );
    expect(text(page)).toBe(
      "Deerskin gloves.\n\nselect_related()\n\nFollows foreign keys.\n\nLogs fill up.",
    );
  });

  it("a page title's <h1> set before <main> heads the main text; a site name's does not", () => {
    const page = (title: string, h1: string) =>
      extractPage({
        url: "https://museum.example/hours",
        html: `<title>${title}</title><div class="region-content-above"><h1>${h1}</h1></div><main><p>Open at nine.</p><h2>Holidays</h2><p>Closed on 25 December.</p></main>`,
      }).sections.map((s) => s.headingPath);
    expect(page("Opening hours | Museum", "Opening hours")).toEqual([
      ["Opening hours"],
      ["Opening hours", "Holidays"],
    ]);
    expect(page("Opening hours | Museum", "Museum")).toEqual([[], ["Holidays"]]);
  });

  it("cookie and consent banners, by id or class", () => {
    const page = extract(
      '<div id="cookie-notice"><p>We use cookies.</p><a href="#">Accept</a></div><div class="cc-window gdpr-banner">GDPR</div>' +
        '<div class="ConsentManager">Consent</div><p>Content</p>',
    );
    expect(text(page)).toBe("Content");
  });

  it("page furniture: code line numbers, a wiki's retrieved-from line, edit links, comment replies", () => {
    const pygments =
      '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td>' +
      '<td class="code"><div class="highlight"><pre>retry:\n  attempts: 7</pre></div></td></tr></table>';
    const inline =
      '<pre><span class="linenos">1</span>for w in ws:\n<span class="linenos">2</span>    w.go()</pre>';
    const page = extract(
      `${pygments}${inline}<div class="printfooter">Retrieved from "/index.php?oldid=1"</div>` +
        '<div id="siteSub">From Fenwiki</div><p>Built in 1820.<span class="mw-cite-backlink">^</span></p>' +
        '<a class="theme-edit-this-page" href="/edit">Edit this page</a>' +
        '<p>Two feeds fixed it.</p><a class="comment-reply-link" href="#r">Reply</a>',
    );
    expect(text(page)).toBe(
      "retry:\n  attempts: 7\n\nfor w in ws:\n    w.go()\n\nBuilt in 1820.\n\nTwo feeds fixed it.",
    );
  });

  it("navigation by class or id: menus, breadcrumbs, sidebars, tables of contents, share bars", () => {
    const page = extract(
      '<ul class="main-menu"><li>A</li></ul><div class="breadcrumbs">Home › Docs</div><div id="sidebar">Side</div>' +
        '<div class="toc">Contents</div><div class="share-buttons">Share</div><p>Content</p><div class="navheader">Kept: no class word</div>',
    );
    expect(text(page)).toBe("Content\n\nKept: no class word");
  });

  it("an id holding such a word: a component, unless it is a slug of the text it starts with", () => {
    const page = extract(
      '<p>Intro.</p><div id="sidebar"><p>Side</p></div><div id="main-nav"><h3>Links</h3><ul><li>A</li></ul></div>' +
        '<section id="how-do-i-share-files"><h2>How do I share files?</h2><p>Use NFS.</p></section>' +
        '<div class="section" id="Sharing-Defaults"><h3>10.6 Sharing Defaults</h3><p>Use config.site.</p></div>' +
        '<dl><dt id="GUC-WAL-SKIP-THRESHOLD">wal_skip_threshold (integer)</dt><dd>A size.</dd></dl>' +
        '<p><span id="format-menu"></span>See the menu.</p>',
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.anchor, s.text])).toEqual([
      [undefined, null, "Intro."],
      ["How do I share files?", "how-do-i-share-files", "Use NFS."],
      ["10.6 Sharing Defaults", "Sharing-Defaults", "Use config.site."],
      [
        undefined,
        "GUC-WAL-SKIP-THRESHOLD",
        "wal_skip_threshold (integer)\n\nA size.\n\nSee the menu.",
      ],
    ]);
    expect(page.sections[3]?.anchors.map((a) => a.id)).toEqual(["format-menu"]);
  });

  it("an id the page used before names no place: a browser goes to its first element", () => {
    const page = extract(
      '<section id="info"><h2>Wi-Fi</h2><p>The network is OwlNet.</p></section>' +
        '<section id="info"><h2>Parking</h2><p>Free parking behind the building.</p></section>' +
        '<section id="laundry"><h2>Laundry</h2><p>Open around the clock.</p></section>' +
        '<h2 id="bar"><a name="bar"></a>Bar</h2><p>Open at night.</p>',
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.anchor])).toEqual([
      ["Wi-Fi", "info"],
      ["Parking", null],
      ["Laundry", "laundry"],
      // The same place named twice.
      ["Bar", "bar"],
    ]);
  });

  it("inside a heading no class or id names a component: the heading's text stays", () => {
    const page = extract(
      '<section id="general"><h2><a class="toc-backref" href="#id3" role="doc-backlink">General Questions</a></h2><p>Yes.</p></section>' +
        '<h2 class="title"><a id="gimp-edit-menu"></a>The Edit menu</h2><p>Undo.</p>',
    );
    expect(page.sections.map((s) => [s.headingPath.at(-1), s.anchor])).toEqual([
      ["General Questions", "general"],
      ["The Edit menu", "gimp-edit-menu"],
    ]);
  });

  it("class rules never drop the page shell, and state classes do not count", () => {
    const page = extractPage({
      url: URL,
      html: '<html class="nav-open"><body class="has-sidebar menu-open"><main class="toc-main"><div class="with-navigation"><p>Content</p></div></main></body></html>',
    });
    expect(text(page)).toBe("Content");
  });

  it("when class rules leave nothing, the page is read without them", () => {
    const page = extract('<div class="nav-layout"><h1>Title</h1><p>All the content.</p></div>');
    expect(text(page)).toBe("All the content.");
  });

  it("skip links, in several languages", () => {
    const page = extract(
      '<a href="#main">Skip to main content</a><a href="#c">Zum Inhalt springen</a><a href="#x">Vai al contenuto</a>' +
        '<main id="main"><p>Text with <a href="#note">a link</a>.</p></main>',
    );
    expect(text(page)).toBe("Text with a link.");
  });

  it("a link to an anchor that is not a skip link stays, even across blocks", () => {
    const page = extract(
      '<p><a href="#x">Skip<div>to content</div></a> kept</p><p><a href="#y">Jump to section 2</a></p>',
    );
    expect(text(page)).toBe("Skip\n\nto content\n\nkept\n\nJump to section 2");
  });

  it("an image inside a link reads as its alt text; other images are not text", () => {
    expect(
      text(
        extract('<p><a href="/next"><img src="n.png" alt="Next"></a> <img alt="[Tip]"> tip</p>'),
      ),
    ).toBe("Next tip");
  });
});

describe("main content", () => {
  it("keeps only <main> when the page has one", () => {
    const page = extract(
      "<div><p>Outside</p></div><main><h1>Title</h1><p>Inside.</p></main><div>After</div>",
    );
    expect(page.sections).toMatchObject([{ headingPath: ["Title"], text: "Inside." }]);
  });

  it('role="main" counts as <main>', () => {
    expect(text(extract('<div>Out</div><div role="main"><p>In</p></div>'))).toBe("In");
  });

  it("else keeps the <article>s", () => {
    expect(
      text(extract("<div>Teaser</div><article><p>A</p></article><article><p>B</p></article>")),
    ).toBe("A\n\nB");
  });
});

describe("sections and anchors", () => {
  it("a section per heading, with the path of headings above it", () => {
    const page = extract(
      "<p>Lead</p><h1>A</h1><p>a</p><h2>A.1</h2><p>a1</p><h3>A.1.1</h3><p>a11</p><h2>A.2</h2><p>a2</p><h1>B</h1><p>b</p>",
    );
    expect(page.sections.map((s) => [s.headingPath.join(" > "), s.text])).toEqual([
      ["", "Lead"],
      ["A", "a"],
      ["A > A.1", "a1"],
      ["A > A.1 > A.1.1", "a11"],
      ["A > A.2", "a2"],
      ["B", "b"],
    ]);
  });

  it("a heading with no text below it only appears in the paths below", () => {
    const page = extract("<h1>Chapter</h1><h2>One</h2><p>x</p>");
    expect(page.sections).toMatchObject([{ headingPath: ["Chapter", "One"], text: "x" }]);
  });

  it("anchor: the heading's id, an id or name inside it, else the last id before it", () => {
    const page = extract(
      '<h2 id="own">Own</h2><p>1</p><h2><a id="inner"></a>Inner</h2><p>2</p><h2><a name="named">Named</a></h2><p>3</p>' +
        '<section id="wrap"><h2>Wrapped</h2><p>4</p></section><a name="before"></a><h2>Before</h2><p>5</p>',
    );
    expect(page.sections.map((s) => s.anchor)).toEqual(["own", "inner", "named", "wrap", "before"]);
  });

  it("text before any id has no anchor", () => {
    expect(extract("<p>Top</p>").sections[0]?.anchor).toBe(null);
  });

  it("finer ids inside a section are listed with their offsets", () => {
    const page = extract(
      '<h2 id="s">S</h2><p>one</p><p id="p2">two</p><dl><dt id="opt">-x</dt><dd>x</dd></dl>',
    );
    const s = page.sections[0];
    expect(s?.text).toBe("one\n\ntwo\n\n-x\n\nx");
    expect(s?.anchors).toEqual([
      { offset: 5, id: "p2" },
      { offset: 10, id: "opt" },
    ]);
  });

  it("a heading wrapped with its text ends with its wrapper (note boxes)", () => {
    const page = extract(
      '<div class="sect1" id="opts"><h2>Options</h2><p>Before.</p><div class="note"><h3>Note</h3><p>Careful.</p></div><p>After.</p></div><h2>Next</h2><p>n</p>',
    );
    expect(page.sections.map((s) => [s.headingPath.join(" > "), s.text, s.anchor])).toEqual([
      ["Options", "Before.", "opts"],
      ["Options > Note", "Careful.", "opts"],
      ["Options", "After.", "opts"],
      ["Next", "n", "opts"],
    ]);
  });
});

describe("hostile HTML: never throws, stays linear", () => {
  it("unclosed and misnested tags", () => {
    const page = extract("<div><p>One<p>Two<li>Three<table><tr><td>Four<b><i>Five</b></i><h2>Six");
    expect(text(page)).toContain("One\n\nTwo");
    expect(text(page)).toContain("  Three\n\nFourFive");
    expect(page.blocks.at(-1)).toMatchObject({ kind: "heading", text: "Six" });
  });

  it("no <body>, no </head>", () => {
    const page = extractPage({ url: URL, html: "<head><title>T</title>Hello <b>world</b>" });
    expect(page.title).toBe("T");
    expect(text(page)).toBe("Hello world");
  });

  it("binary garbage", () => {
    const bytes = new Uint8Array(200_000);
    let seed = 42;
    for (let i = 0; i < bytes.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      bytes[i] = seed >>> 24;
    }
    const garbage = new TextDecoder("latin1").decode(bytes);
    const page = extractPage({ url: URL, html: garbage });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not survive
    const control = /[\u0000-\u0008]/;
    for (const s of page.sections) expect(s.text).not.toMatch(control);
    expect(() => extractPage({ url: URL, html: `<p>${garbage}</p><${garbage}` })).not.toThrow();
  });

  it("a page of countless tiny blocks keeps the first MAX_BLOCKS of them", () => {
    const count = MAX_BLOCKS + 5_000;
    const html = Array.from({ length: count }, (_, i) => `<p>Block ${i}</p>`).join("");
    const page = extractPage({ url: URL, html: `<main><h1>Start</h1>${html}</main>` });
    expect(page.blocks).toHaveLength(MAX_BLOCKS);
    expect(page.blocks[0]).toMatchObject({ kind: "heading", text: "Start" });
    expect(page.blocks.at(-1)?.text).toBe(`Block ${MAX_BLOCKS - 2}`);
    for (const region of page.regions) expect(region.end).toBeLessThanOrEqual(MAX_BLOCKS);
  });

  it("huge attributes", () => {
    const huge = "x".repeat(5_000_000);
    // CPU time, not wall time: a guard against work that grows faster than the input (seconds
    // become minutes), not a speed target, so a busy machine must not trip it.
    const started = process.cpuUsage();
    const page = extract(
      `<div class="${huge}" id="${huge}" style="${huge}" lang="${huge}"><a href="#${huge}" name="${huge}">Link</a><h2 id="${huge}">H</h2><p>Text</p></div>`,
      `<link rel="canonical" href="${huge}">`,
    );
    expect(text(page)).toContain("Text");
    expect(page.canonical).toBe(undefined);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
  });

  function timeNested(depth: number): number {
    const html = `${"<div>".repeat(depth)}<h2>Deep</h2><p>text</p>${"<span><p>x".repeat(depth / 10)}${"</div>".repeat(depth)}`;
    const started = performance.now();
    const page = extractPage({ url: URL, html });
    expect(page.sections[0]?.headingPath).toEqual(["Deep"]);
    return performance.now() - started;
  }

  it("100,000 nested divs, in linear time", () => {
    timeNested(10_000);
    const small = timeNested(10_000);
    const large = timeNested(100_000);
    expect(large).toBeLessThan(3000);
    // Ten times the input may cost more than ten times (GC), but nowhere near a hundred.
    expect(large / Math.max(small, 1)).toBeLessThan(40);
  });

  it("unmatched end tags, endless <br>s, one huge word, many attributes: fast", () => {
    const cases = [
      `${"<div>".repeat(3000)}${"</span>".repeat(100_000)}<p>end</p>`,
      `<p>a${"<br>".repeat(200_000)}b</p>`,
      `<p>${"x".repeat(3_000_000)}</p>`,
      `<div ${Array.from({ length: 50_000 }, (_, i) => `a${i}="v"`).join(" ")}><p>attrs</p></div>`,
      `${"<p>para ".repeat(100_000)}`,
      `${"<table><tr><td>".repeat(5000)}cell`,
      `<title>${"t".repeat(1_000_000)}`,
    ];
    for (const html of cases) {
      const started = performance.now();
      const page = extractPage({ url: URL, html });
      expect(performance.now() - started, html.slice(0, 30)).toBeLessThan(3000);
      expect(page.title.length).toBeLessThanOrEqual(1000);
    }
  });

  it("many headings in deep nesting, in linear time", () => {
    const html = "<div><h3>h</h3><p>t</p>".repeat(20_000);
    const started = performance.now();
    const page = extractPage({ url: URL, html });
    expect(page.sections.length).toBe(20_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
