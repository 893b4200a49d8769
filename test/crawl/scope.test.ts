/** What HootyBot fetches, and what it never does: proven on the server's own request log. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  crawl,
  crawlTogether,
  htmlRoute,
  pageHtml,
  pagesSite,
  paths,
  site,
  store,
} from "../helpers/crawl.js";

/** A site that answers every path but robots.txt with the page `page` makes for it. */
function anyPathSite(page: (path: string) => string) {
  return site(
    { "/robots.txt": (_req, res) => res.writeHead(200).end("User-agent: *\nAllow: /\n") },
    { fallback: (req, res) => htmlRoute(page(req.url ?? "/"))(req, res) },
  );
}

describe("what HootyBot fetches", () => {
  it("never requests non-HTML links, unsafe links, forms or other sites; aborts a non-HTML type", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        pageHtml("Home", [
          "/manual.pdf",
          "/logo.PNG",
          "/login",
          "/de/warenkorb",
          "/it/carrello",
          "/mon-compte",
          "/product?add-to-cart=7",
          "/logout",
          "javascript:alert(1)",
          "mailto:x@example.org",
          "https://elsewhere.example/",
          "/image",
          "/ok",
        ]).replace(
          "</main>",
          '<form method="post" action="/subscribe"><input name="e"><button>Go</button></form>' +
            '<a href="/p?id=41">Log in</a><a href="/p?id=42"><i class="icon"></i> Warenkorb (2)</a></main>',
        ),
      ),
      "/image": (_req, res) =>
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(10_000)),
      "/ok": htmlRoute(pageHtml("OK", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(new Set(paths(s.log))).toEqual(
      new Set(["/robots.txt", "/", "/sitemap.xml", "/image", "/ok"]),
    );
    expect(s.log.every((r) => r.method === "GET")).toBe(true);
    expect(report.skipped).toMatchObject({ "not-html": 3, unsafe: 8, "off-site": 1 });
    expect(report.pages.indexed).toBe(2);
  });

  it("reads each page once where the server writes a new session into every link", async () => {
    let sessions = 0;
    const session = () => `${(++sessions).toString(16).padStart(8, "0")}c0ffee${"ab".repeat(9)}`;
    // Like PHP or a servlet without a cookie: each answer opens a session and puts it in its links.
    const page = (title: string) => () =>
      htmlRoute(
        pageHtml(title, [
          `/a?PHPSESSID=${session()}`,
          `/b;jsessionid=${session().toUpperCase()}`,
          `/c?id=3&sid=${session()}`,
        ]),
      );
    const routes = Object.fromEntries(
      ["/", "/a", "/b", "/c"].map((path) => [
        path,
        (req: IncomingMessage, res: ServerResponse) => page(`Page ${path}`)()(req, res),
      ]),
    );
    const s = await site(
      { ...pagesSite(0), ...routes },
      {
        fallback: (req, res) => {
          const path = (req.url ?? "").split(";")[0] ?? "";
          const handler = routes[path];
          if (handler) handler(req, res);
          else res.writeHead(404).end();
        },
      },
    );
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual(["/robots.txt", "/", "/sitemap.xml", "/a", "/b", "/c?id=3"]);
    expect(report.pages).toEqual({ fetched: 4, indexed: 4 });
  });

  it("follows no links of a copy of a page it read: a server that answers any path with it", async () => {
    // A relative link to `docs/` on a page every path answers with: /docs/docs/docs/… forever.
    const s = await anyPathSite(() => pageHtml("Docs", ["docs/", "guide/intro"]));
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 20 } });
    expect(paths(s.log)).toEqual(["/robots.txt", "/", "/sitemap.xml", "/docs/", "/guide/intro"]);
    expect(report.pages).toEqual({ fetched: 3, indexed: 1 });
    expect(report.skipped.duplicate).toBe(2);
    expect(report.problems).toEqual([]);
  });

  it("knows a page again under another URL though each answer carries a new token and time", async () => {
    let served = 0;
    // As Rails or Laravel writes every page: a CSRF token and a CSP nonce made for the request.
    const home = (_req: IncomingMessage, res: ServerResponse) => {
      const token = `t${++served}x${"9".repeat(served)}`;
      const page = pageHtml("Home", ["/index.html", "/p1"])
        .replace("</head>", `<meta name="csrf-token" content="${token}"></head>`)
        .replace("</main>", `<script nonce="${token}">start()</script></main>`)
        .replace(
          "</body>",
          `<footer>Made at 21:15:0${served} in 0.0${served}2 s</footer><!-- served ${served} --></body>`,
        );
      htmlRoute(page)(_req, res);
    };
    const s = await site({ ...pagesSite(1), "/": home, "/index.html": home });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual(["/robots.txt", "/", "/sitemap.xml", "/index.html", "/p1"]);
    expect(report.skipped.duplicate).toBe(1);
    expect(report.pages).toEqual({ fetched: 3, indexed: 2 });
  });

  it("asks for a page once though every answer links it with a new token", async () => {
    let served = 0;
    const token = () => `${(++served).toString(16).padStart(8, "0")}a9f3c2e1b7d4f6a0c5e9b8d7`;
    const page = (title: string) => (_req: IncomingMessage, res: ServerResponse) =>
      htmlRoute(pageHtml(title, [`/news?token=${token()}`, `/about?token=${token()}`, "/p1"]))(
        _req,
        res,
      );
    const s = await site(
      { ...pagesSite(1), "/": page("Home") },
      {
        fallback: (req, res) => {
          const path = (req.url ?? "").split("?")[0] ?? "";
          if (path === "/news" || path === "/about") page(path)(req, res);
          else res.writeHead(404).end();
        },
      },
    );
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 30 } });
    const asked = paths(s.log).map((p) => p.split("?")[0]);
    expect(asked.filter((p) => p === "/news")).toHaveLength(1);
    expect(asked.filter((p) => p === "/about")).toHaveLength(1);
    expect(report.pages).toEqual({ fetched: 4, indexed: 4 });
    expect(report.skipped.duplicate).toBeGreaterThan(0);
    expect(report.problems).toEqual([]);
  });

  it("never asks for a path that repeats itself, though each level's page differs", async () => {
    // Each level echoes its path, so no two pages are copies.
    const s = await anyPathSite((path) => pageHtml(`Docs at ${path}`, ["docs/"]));
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 20 } });
    expect(paths(s.log)).toEqual(["/robots.txt", "/", "/sitemap.xml", "/docs/", "/docs/docs/"]);
    expect(report.pages).toEqual({ fetched: 3, indexed: 3 });
    expect(report.skipped.duplicate).toBe(1);
    expect(report.problems).toEqual([]);
  });

  it("follows a redirect that adds a session to the page asked for, once", async () => {
    const s = await site(
      {
        ...pagesSite(0),
        "/": htmlRoute(pageHtml("Home", ["/plain-page"])),
        "/plain-page": (_req, res) =>
          res.writeHead(302, { location: "/plain-page;jsessionid=0A1B2C3D" }).end(),
      },
      {
        fallback: (req, res) => {
          if (req.url === "/plain-page;jsessionid=0A1B2C3D")
            htmlRoute(pageHtml("The page", ["/"]))(req, res);
          else res.writeHead(404).end();
        },
      },
    );
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual([
      "/robots.txt",
      "/",
      "/sitemap.xml",
      "/plain-page",
      "/plain-page;jsessionid=0A1B2C3D",
    ]);
    expect(report.pages.indexed).toBe(2);
    expect(report.problems).toEqual([]);
  });

  it("reads links and sitemap entries written with the origin the site moved from on its own", async () => {
    // Like http://example.org → https://www.example.org, its pages still naming the old address.
    const moved = await site({ ...pagesSite(0) });
    const old = await site({
      ...pagesSite(0),
      "/": (_req, res) => res.writeHead(301, { location: `${moved.origin}/` }).end(),
    });
    moved.routes.set("/", htmlRoute(pageHtml("Home", [`${old.origin}/p1`, "/p2"])));
    moved.routes.set("/sitemap.xml", (_req, res) =>
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<urlset><url><loc>${old.origin}/p3</loc></url></urlset>`),
    );
    for (const page of ["/p1", "/p2", "/p3"]) moved.routes.set(page, htmlRoute(pageHtml(page, [])));
    const report = await crawl(`${old.origin}/`);
    expect(paths(old.log)).toEqual(["/robots.txt", "/"]);
    expect(new Set(paths(moved.log))).toEqual(
      new Set(["/robots.txt", "/", "/sitemap.xml", "/p1", "/p2", "/p3"]),
    );
    expect(report.site).toBe(moved.origin);
    expect(report.skipped["off-site"]).toBe(0);
    expect(report.pages).toEqual({ fetched: 4, indexed: 4 });
  });

  it("reads the pages of a frameset and of the site's iframes", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        '<html lang="en"><head><title>API docs</title></head><frameset cols="20%,80%">' +
          '<frame src="nav.html"><frame src="overview.html"><noframes><p>Frames needed.</p>' +
          "</noframes></frameset></html>",
      ),
      "/nav.html": htmlRoute(pageHtml("Navigation", ["a.html"])),
      "/overview.html": htmlRoute(
        pageHtml("Overview", []).replace(
          "</main>",
          '<iframe src="/notes.html"></iframe><iframe src="https://video.example/e/1"></iframe></main>',
        ),
      ),
      "/a.html": htmlRoute(pageHtml("Class A", [])),
      "/notes.html": htmlRoute(pageHtml("Notes", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(new Set(paths(s.log))).toEqual(
      new Set([
        "/robots.txt",
        "/",
        "/sitemap.xml",
        "/nav.html",
        "/overview.html",
        "/a.html",
        "/notes.html",
      ]),
    );
    expect(report.skipped["off-site"]).toBe(1);
    expect(report.pages.fetched).toBe(5);
  });

  it("reports error answers by their status, whatever their body or type", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/empty", "/json", "/text", "/ok"])),
      "/empty": (_req, res) => res.writeHead(500).end(),
      "/json": (_req, res) =>
        res.writeHead(403, { "content-type": "application/json" }).end('{"error":"denied"}'),
      "/text": (_req, res) => res.writeHead(404, { "content-type": "text/plain" }).end("nope"),
      "/ok": htmlRoute(pageHtml("OK", [])),
    });
    const report = await crawl(`${s.origin}/`);
    const errors = report.problems.filter((p) => p.kind === "http-error");
    expect(errors.map((p) => [new URL(p.url ?? "").pathname, p.status])).toEqual([
      ["/empty", 500],
      ["/json", 403],
      ["/text", 404],
    ]);
    expect(errors.every((p) => p.detail.startsWith(`${p.status}: `))).toBe(true);
    expect(report.skipped["not-html"]).toBe(0);
    expect(report.pages.indexed).toBe(2);
  });

  it("takes a page that says it does not exist for a broken link, whatever its status", async () => {
    const s = await site({
      ...pagesSite(1),
      "/": htmlRoute(pageHtml("Home", ["/p1", "/gone"])),
      "/gone": htmlRoute(
        '<html lang="en"><head><title>Page not found – Example</title></head><body>' +
          '<h1>Oops!</h1><p>We could not find that page.</p><a href="/p1">Home</a></body></html>',
      ),
    });
    const report = await crawl(`${s.origin}/`);
    expect(report.pages).toEqual({ fetched: 3, indexed: 2 });
    expect(report.skipped.error).toBe(1);
    expect(report.problems).toEqual([
      {
        kind: "http-error",
        url: `${s.origin}/gone`,
        status: 200,
        product: null,
        detail: "200, but the page says it does not exist (a broken link answered as a page)",
        advice:
          "answer a missing page with status 404, so that browsers and crawlers know it is gone",
      },
    ]);
  });

  it("never follows a start page into a sign-in page, and says why nothing was read", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": (_req, res) => res.writeHead(302, { location: "/login?next=%2F" }).end(),
      "/login": htmlRoute(pageHtml("Sign in", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).not.toContain("/login");
    expect(report.pages.fetched).toBe(0);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/`,
        status: 302,
        detail: expect.stringContaining("a sign-in, account or shopping page"),
      }),
    ]);

    // Nor opens a sign-in page given as the start URL; robots.txt still comes first.
    const given = await crawl(`${s.origin}/login?next=%2F`, { store: store() });
    expect(paths(s.log).filter((p) => p === "/login")).toEqual([]);
    expect(given.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/login?next=%2F`,
        detail: expect.stringContaining("the start URL is a sign-in, account or shopping page"),
      }),
    ]);

    // Nor into a sign-in service on another host: that host is not adopted, not even asked.
    const sso = await site({ ...pagesSite(0), "/login": htmlRoute(pageHtml("Sign in", [])) });
    const app = await site({
      ...pagesSite(0),
      "/": (_req, res) => res.writeHead(302, { location: `${sso.origin}/login?return=%2F` }).end(),
    });
    const elsewhere = await crawl(`${app.origin}/`);
    expect(sso.log).toEqual([]);
    expect(elsewhere.site).toBe(app.origin);
    expect(elsewhere.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        detail: expect.stringContaining("a sign-in, account or shopping page"),
      }),
    ]);
  });

  it("says when the start page redirects in a loop, and asks each URL of the loop once", async () => {
    const s = await site({
      ...pagesSite(0),
      "/loop1": (_req, res) => res.writeHead(302, { location: "/loop2" }).end(),
      "/loop2": (_req, res) => res.writeHead(302, { location: "/loop1" }).end(),
      "/self": (_req, res) => res.writeHead(301, { location: "/self" }).end(),
    });
    const report = await crawl(`${s.origin}/loop1`);
    expect(paths(s.log).filter((p) => p.startsWith("/loop"))).toEqual(["/loop1", "/loop2"]);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/loop2`,
        status: 302,
        detail: expect.stringContaining(
          `redirects in a loop (${s.origin}/loop1 → ${s.origin}/loop2 → ${s.origin}/loop1)`,
        ),
      }),
    ]);
    const self = await crawl(`${s.origin}/self`, { store: store() });
    expect(self.problems).toEqual([
      expect.objectContaining({ detail: expect.stringContaining("redirects in a loop") }),
    ]);
  });

  it("says why a start page's redirect is not followed: a file, a path that repeats itself", async () => {
    const s = await site({
      ...pagesSite(0),
      "/to-file": (_req, res) => res.writeHead(302, { location: "/manual.pdf" }).end(),
      "/to-loop": (_req, res) => res.writeHead(302, { location: "/x/x/x/" }).end(),
    });
    const file = await crawl(`${s.origin}/to-file`);
    expect(file.problems).toEqual([
      expect.objectContaining({
        detail: `the start page sends HootyBot on to ${s.origin}/manual.pdf, a file that is not an HTML page, which HootyBot does not read`,
      }),
    ]);
    const loop = await crawl(`${s.origin}/to-loop`, { store: store() });
    expect(loop.problems).toEqual([
      expect.objectContaining({ detail: expect.stringContaining("whose path repeats itself") }),
    ]);
    expect(paths(s.log)).not.toContain("/manual.pdf");
    expect(paths(s.log)).not.toContain("/x/x/x/");
  });

  it("says when a linked page redirects in a loop, and asks each URL of the loop once", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/old", "/shared", "/also-shared", "/self"])),
      "/old": (_req, res) => res.writeHead(301, { location: "/new" }).end(),
      "/new": (_req, res) => res.writeHead(302, { location: "/old" }).end(),
      // Two links redirecting to one page is no loop.
      "/shared": (_req, res) => res.writeHead(301, { location: "/target" }).end(),
      "/also-shared": (_req, res) => res.writeHead(301, { location: "/shared" }).end(),
      "/target": htmlRoute(pageHtml("Target", [])),
      "/self": (_req, res) => res.writeHead(307, { location: "/self" }).end(),
    });
    const report = await crawl(`${s.origin}/`);
    const asked = paths(s.log);
    for (const path of ["/old", "/new", "/shared", "/also-shared", "/target", "/self"]) {
      expect(asked.filter((p) => p === path)).toEqual([path]);
    }
    // In the order HootyBot met them: /self is linked from the home page, /new is where /old leads.
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/self`,
        status: 307,
        detail: expect.stringContaining(
          `redirects in a loop (${s.origin}/self → ${s.origin}/self)`,
        ),
      }),
      expect.objectContaining({
        kind: "http-error",
        url: `${s.origin}/new`,
        status: 302,
        detail: `redirects in a loop (${s.origin}/new → ${s.origin}/old → ${s.origin}/new) and never leads to a page`,
      }),
    ]);
    expect(report.pages.indexed).toBe(2);
  });

  it("reads a page that sends browsers on at once (meta refresh) as a redirect, not a page", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        pageHtml("Main page", []).replace(
          "<head>",
          '<head><meta http-equiv="refresh" content="0; url=/wiki/Main_Page">',
        ),
      ),
      "/wiki/Main_Page": htmlRoute(pageHtml("Welcome", ["/later"])),
      "/later": htmlRoute(
        pageHtml("Later", []).replace(
          "<head>",
          '<head><meta http-equiv="refresh" content="30; url=/">',
        ),
      ),
    });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual(expect.arrayContaining(["/", "/wiki/Main_Page", "/later"]));
    // The refreshing home page is not indexed; a page that refreshes after 30 s is read.
    expect(report.pages).toEqual({ fetched: 2, indexed: 2 });
    expect(report.problems).toEqual([]);
    // A start page refreshing to another site says where it leads.
    const away = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        pageHtml("Moved", []).replace(
          "<head>",
          '<head><meta http-equiv="refresh" content="0;URL=\'https://elsewhere.example/\'">',
        ),
      ),
    });
    const moved = await crawl(`${away.origin}/`);
    expect(moved.pages.indexed).toBe(0);
    expect(moved.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        detail: expect.stringContaining("https://elsewhere.example/, another site"),
      }),
    ]);
  });

  it("says when the start page is not HTML, and skips a file a server calls HTML", async () => {
    const json = await site({
      ...pagesSite(0),
      "/": (_req, res) =>
        res.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}'),
    });
    const report = await crawl(`${json.origin}/`);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "http-error",
        url: `${json.origin}/`,
        detail: expect.stringContaining("application/json, not an HTML page"),
      }),
    ]);
    const pdf = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/report"])),
      "/report": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2_000, 7)])),
    });
    const mislabelled = await crawl(`${pdf.origin}/`);
    expect(paths(pdf.log)).toContain("/report");
    expect(mislabelled.skipped["not-html"]).toBe(1);
    expect(mislabelled.pages.indexed).toBe(1);
  });

  it("says so when robots.txt keeps it out of the start page, and reads nothing more", async () => {
    const s = await site(pagesSite(3, "User-agent: *\nDisallow: /\n"));
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual(["/robots.txt"]);
    expect(report.pages.fetched).toBe(0);
    expect(report.skipped.robots).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "robots-disallowed",
        url: `${s.origin}/`,
        detail: 'robots.txt keeps HootyBot out of the start page ("Disallow: /", line 2)',
        advice: expect.stringContaining("User-agent: HootyBot / Allow: /"),
      }),
    ]);
    // A group of HootyBot's own that keeps it out: the advice names its rule.
    const own = await site(
      pagesSite(1, "User-agent: *\nAllow: /\n\nUser-agent: HootyBot\nDisallow: /\n"),
    );
    const kept = await crawl(`${own.origin}/`);
    expect(kept.problems[0]?.advice).toBe(
      'remove or narrow "Disallow: /" (line 5) in robots.txt\'s group for HootyBot if it may read these pages',
    );
  });

  it("stops at the page limit and says pages were left", async () => {
    const s = await site(pagesSite(6));
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 3 } });
    expect(report.pages.fetched).toBe(3);
    expect(report.skipped.limit).toBe(4);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: "page-limit" }));
    expect(s.log.filter((r) => /^\/p\d/.test(r.path))).toHaveLength(2);
  });

  it("reads sitemaps from robots.txt (a path there too) and /sitemap.xml, own origin only", async () => {
    const s = await site({
      ...pagesSite(0, "User-agent: *\nAllow: /\nSitemap: /by-path.xml\n"),
      "/": htmlRoute(pageHtml("Home", [])),
      "/by-path.xml": (_req, res) =>
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(`<urlset><url><loc>${s.origin}/from-listed</loc></url></urlset>`),
      "/from-listed": htmlRoute(pageHtml("Listed by path", [])),
      "/sitemap.xml": (_req, res) =>
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<sitemapindex><sitemap><loc>${s.origin}/more.xml.gz</loc></sitemap></sitemapindex>`,
          ),
      "/more.xml.gz": (_req, res) =>
        res
          .writeHead(200, { "content-type": "application/gzip" })
          .end(
            gzipSync(
              `<urlset><url><loc>${s.origin}/from-sitemap</loc></url><url><loc>https://other.example/x</loc></url></urlset>`,
            ),
          ),
      "/from-sitemap": htmlRoute(pageHtml("From the sitemap", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toContain("/from-sitemap");
    expect(paths(s.log)).toContain("/from-listed");
    expect(report.pages.indexed).toBe(3);
  });

  it("reads a sitemap where it moved to on the site, not elsewhere, and not in a loop", async () => {
    const xml = (body: string) => (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { "content-type": "application/xml" }).end(body);
    const moved =
      (to: string, status = 301) =>
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(status, { location: to }).end();
    const s = await site({
      ...pagesSite(0, "User-agent: *\nAllow: /\nSitemap: /sitemap-old.xml\nSitemap: /loop-a.xml\n"),
      "/": htmlRoute(pageHtml("Home", [])),
      "/sitemap.xml": moved("/sitemap_index.xml"),
      "/sitemap-old.xml": moved("/sitemaps/pages.xml", 302),
      "/loop-a.xml": moved("/loop-b.xml"),
      "/loop-b.xml": moved("/loop-a.xml"),
      "/only-in-sitemap": htmlRoute(pageHtml("Only in the sitemap", [])),
      "/listed-page": htmlRoute(pageHtml("Listed", [])),
    });
    s.routes.set(
      "/sitemap_index.xml",
      xml(
        `<sitemapindex><sitemap><loc>${s.origin}/post-sitemap.xml</loc></sitemap><sitemap><loc>https://elsewhere.example/s.xml</loc></sitemap></sitemapindex>`,
      ),
    );
    s.routes.set(
      "/post-sitemap.xml",
      xml(`<urlset><url><loc>${s.origin}/only-in-sitemap</loc></url></urlset>`),
    );
    s.routes.set(
      "/sitemaps/pages.xml",
      xml(`<urlset><url><loc>${s.origin}/listed-page</loc></url></urlset>`),
    );
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).toEqual(expect.arrayContaining(["/only-in-sitemap", "/listed-page"]));
    expect(paths(s.log).filter((p) => p.startsWith("/loop-"))).toEqual([
      "/loop-a.xml",
      "/loop-b.xml",
    ]);
    expect(report.pages.indexed).toBe(3);
  });

  it("never follows a sitemap's redirect to a sign-in page", async () => {
    const s = await site({
      ...pagesSite(1),
      // A site that sends every request it does not know to its login page.
      "/sitemap.xml": (_req, res) =>
        res.writeHead(302, { location: "/login?next=%2Fsitemap.xml" }).end(),
      "/login": htmlRoute(pageHtml("Sign in", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log).some((p) => p.startsWith("/login"))).toBe(false);
    expect(report.pages.indexed).toBe(2);
  });

  it("reads every sitemap when the first lists only entries HootyBot never asks for", async () => {
    const junk = (ext: string) =>
      Array.from({ length: 3000 }, (_, i) => `<url><loc>${s.origin}/${ext}${i}</loc></url>`);
    const urlset = (entries: string[]) => (_req: IncomingMessage, res: ServerResponse) =>
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<urlset>${entries.join("")}</urlset>`);
    const s = await site({
      ...pagesSite(
        0,
        "User-agent: *\nDisallow: /tag/\nSitemap: /images.xml\nSitemap: /tags.xml\nSitemap: /pages.xml\n",
      ),
      "/": htmlRoute(pageHtml("Home", [])),
      "/images.xml": (req, res) =>
        urlset(junk("img/p").map((e) => e.replace("</loc>", ".jpg</loc>")))(req, res),
      "/tags.xml": (req, res) => urlset(junk("tag/t"))(req, res),
      "/pages.xml": (req, res) =>
        urlset([`<url><loc>${s.origin}/from-pages</loc></url>`])(req, res),
      "/from-pages": htmlRoute(pageHtml("Listed last", [])),
    });
    const report = await crawl(`${s.origin}/`, { settings: { maxPages: 10 } });
    expect(paths(s.log)).toContain("/from-pages");
    expect(report.pages.indexed).toBe(2);
    // The entries it skips are counted, as many as the page limit's room for URLs.
    expect(report.skipped["not-html"]).toBeGreaterThan(0);
  });

  it("a page of many links robots.txt keeps out does not hold up the next request", async () => {
    const s = await site({
      ...pagesSite(0, "User-agent: *\nDisallow: /tag/\n"),
      "/": htmlRoute(
        pageHtml("Home", [...Array.from({ length: 1000 }, (_, i) => `/tag/${i}`), "/next"]),
      ),
      "/next": htmlRoute(pageHtml("Next", [])),
    });
    const report = await crawl(`${s.origin}/`, { settings: { gate: { minDelayMs: 500 } } });
    expect(report.skipped.robots).toBe(1000);
    const home = s.log.find((r) => r.path === "/");
    const next = s.log.find((r) => r.path === "/next");
    // Arrival of /next after the end of the last response before it: the pace, not a thousand
    // writes of one entry each (several seconds before).
    const before = s.log.filter((r) => r.arrivedAt < (next?.arrivedAt ?? 0));
    const lastEnd = Math.max(...before.map((r) => r.finishedAt ?? 0));
    expect(home).toBeDefined();
    expect((next?.arrivedAt ?? 0) - lastEnd).toBeLessThan(1500);
  }, 20_000);

  it("obeys meta robots and X-Robots-Tag: noindex pages stay out, nofollow links are not followed", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        pageHtml("Home", ["/noindex", "/header-noindex", "/two-headers", "/nofollow"]),
      ),
      "/noindex": htmlRoute(
        pageHtml("Hidden", ["/via-noindex"], '<meta name="robots" content="noindex">'),
      ),
      "/header-noindex": htmlRoute(pageHtml("Hidden too", []), 200, { "x-robots-tag": "noindex" }),
      // Two header lines: the first for another crawler, the second for every crawler.
      "/two-headers": (_req, res) =>
        res
          .writeHead(200, {
            "content-type": "text/html; charset=utf-8",
            "x-robots-tag": ["googlebot: index", "noindex"],
          })
          .end(pageHtml("Hidden as well", [])),
      "/nofollow": htmlRoute(
        pageHtml("Shown", ["/never"], '<meta name="robots" content="nofollow">'),
      ),
      "/via-noindex": htmlRoute(pageHtml("Found through a noindex page", [])),
      "/never": htmlRoute(pageHtml("Never", [])),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(paths(s.log)).toContain("/via-noindex");
    expect(paths(s.log)).not.toContain("/never");
    expect(report.skipped.noindex).toBe(3);
    const site1 = await shared.sites.byOrigin(s.origin);
    const indexed = (await shared.pages.list(site1?.id ?? 0)).map((p) => new URL(p.url).pathname);
    expect(indexed.sort()).toEqual(["/", "/nofollow", "/via-noindex"]);
    // Only a start page that asks not to be indexed is a problem the owner must see.
    expect(report.problems.filter((p) => p.kind === "noindex")).toEqual([]);
  });

  it("reports a start page that asks not to be indexed: the reason a crawl read nothing", async () => {
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(
        pageHtml("Staging", ["/a"], '<meta name="robots" content="noindex, nofollow">'),
      ),
      "/a": htmlRoute(pageHtml("A", [])),
    });
    const report = await crawl(`${s.origin}/`, { store: store() });
    expect(paths(s.log)).not.toContain("/a");
    expect(report.pages.indexed).toBe(0);
    const [problem, ...more] = report.problems;
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ kind: "noindex", url: `${s.origin}/`, status: 200 });
    expect(problem?.detail).toMatch(/noindex, nofollow/);
    expect(problem?.advice).toMatch(/WordPress/);
  });

  it("indexes one page for duplicate URLs and follows rel=canonical", async () => {
    const home = pageHtml("Home", ["/index.html", "/?utm_source=x", "/alias"]);
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(home),
      "/index.html": htmlRoute(home),
      "/alias": htmlRoute(pageHtml("Alias", [], '<link rel="canonical" href="/canonical">')),
      "/canonical": htmlRoute(pageHtml("Canonical", [])),
    });
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log).filter((p) => p === "/")).toHaveLength(1);
    expect(report.skipped.duplicate).toBe(2);
    expect(report.pages.indexed).toBe(2);
  });

  it("indexes once a listing that sorting changes only in how it looks", async () => {
    const listing = (active: string) =>
      pageHtml(
        "Products",
        ["name", "price", "date"].map((by) => `/products?sort=${by}`),
      ).replaceAll(
        `href="/products?sort=${active}"`,
        `href="/products?sort=${active}" class="active"`,
      );
    const s = await site(
      { ...pagesSite(0), "/": htmlRoute(pageHtml("Home", ["/products"])) },
      {
        fallback: (req, res) => {
          const sort = new URL(req.url ?? "/", "http://x").searchParams.get("sort") ?? "";
          return htmlRoute(listing(sort))(req, res);
        },
      },
    );
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log).filter((p) => p.startsWith("/products"))).toHaveLength(4);
    expect(report.pages.indexed).toBe(2);
    expect(report.skipped.duplicate).toBe(3);
  });

  it("never loses a page's text to a canonical link it cannot follow", async () => {
    const canonicalTo = (title: string, href: string) =>
      htmlRoute(pageHtml(title, [], `<link rel="canonical" href="${href}">`));
    const s = await site({
      ...pagesSite(0, "User-agent: *\nDisallow: /private\n"),
      "/": htmlRoute(pageHtml("Home", ["/a", "/b", "/c", "/d", "/copy"])),
      // A names B and B names A: one of them stays.
      "/a": canonicalTo("Alpha", "/b"),
      "/b": canonicalTo("Beta", "/a"),
      // A canonical robots.txt keeps HootyBot out of, and one that is missing.
      "/c": canonicalTo("Gamma", "/private/c"),
      "/d": canonicalTo("Delta", "/missing"),
      // Read first, a copy stands in for its canonical page until that page is read.
      "/copy": canonicalTo("Original", "/original"),
      "/original": canonicalTo("Original", "/original"),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(paths(s.log)).not.toContain("/private/c");
    const siteId = (await shared.sites.byOrigin(s.origin))?.id ?? 0;
    const indexed = (await shared.pages.list(siteId)).map((p) => new URL(p.url).pathname);
    expect(indexed.sort()).toEqual(["/", "/a", "/c", "/d", "/original"]);
    expect(report.skipped.duplicate).toBe(2);
    expect(report.pages.indexed).toBe(5);
  });

  it("adopts the origin a start URL redirects to, with its own robots.txt", async () => {
    const target = await site({ ...pagesSite(1) });
    const start = await site({
      "/robots.txt": (_req, res) => res.writeHead(200).end("User-agent: *\nAllow: /\n"),
      "/": (_req, res) => res.writeHead(301, { location: `${target.origin}/` }).end(),
    });
    const report = await crawl(`${start.origin}/`);
    expect(report.site).toBe(target.origin);
    expect(paths(start.log)).toEqual(["/robots.txt", "/"]);
    expect(paths(target.log)[0]).toBe("/robots.txt");
    expect(report.pages.indexed).toBe(2);
  });

  it("takes a site that moved to another origin for good out of the index at its old one", async () => {
    const target = await site({ ...pagesSite(1) });
    let redirect = 0;
    const start = await site({
      ...pagesSite(0),
      "/": (req, res) =>
        redirect > 0
          ? res.writeHead(redirect, { location: `${target.origin}/` }).end()
          : htmlRoute(pageHtml("Home", ["/about"]))(req, res),
      "/about": htmlRoute(pageHtml("About", [])),
    });
    const shared = store();
    expect((await crawl(`${start.origin}/`, { store: shared })).pages.indexed).toBe(2);
    const old = await shared.sites.byOrigin(start.origin);
    const oldPaths = async () =>
      (await shared.pages.list(old?.id ?? 0)).map((p) => new URL(p.url).pathname);
    // A temporary redirect (a maintenance page elsewhere) takes out only the start page.
    redirect = 302;
    expect((await crawl(`${start.origin}/`, { store: shared })).site).toBe(target.origin);
    expect(await oldPaths()).toEqual(["/about"]);
    redirect = 301;
    expect((await crawl(`${start.origin}/`, { store: shared })).site).toBe(target.origin);
    expect(await oldPaths()).toEqual([]);
    const newSite = await shared.sites.byOrigin(target.origin);
    expect((await shared.pages.list(newSite?.id ?? 0)).length).toBe(2);
  });

  it("a site that moved for good leaves the index also when its new origin is crawled beside it, or does not answer", async () => {
    const target = await site({ ...pagesSite(1) });
    let movedTo: string | null = null;
    const oldSite = () =>
      site({
        ...pagesSite(0),
        "/": (req, res) =>
          movedTo
            ? res.writeHead(301, { location: `${movedTo}/` }).end()
            : htmlRoute(pageHtml("Home", ["/about"]))(req, res),
        "/about": htmlRoute(pageHtml("About", [])),
      });
    const besides = await oldSite();
    const silent = await oldSite();
    const shared = store();
    await crawlTogether([`${besides.origin}/`, `${silent.origin}/`], shared);
    const left = async (origin: string) => {
      const old = await shared.sites.byOrigin(origin);
      return (await shared.pages.list(old?.id ?? 0)).length;
    };
    expect([await left(besides.origin), await left(silent.origin)]).toEqual([2, 2]);
    // One moves to an origin this run also crawls; the other to one where nothing listens.
    movedTo = target.origin;
    const [same] = await crawlTogether([`${besides.origin}/`, `${target.origin}/`], shared);
    expect(same?.report?.sameSiteAs).toBe(target.origin);
    expect(await left(besides.origin)).toBe(0);
    movedTo = "http://127.0.0.1:9";
    const gone = await crawl(`${silent.origin}/`, { store: shared });
    expect(gone.problems[0]?.kind).toBe("robots-unavailable");
    expect(await left(silent.origin)).toBe(0);
  });

  it("keeps out of what robots.txt disallows, and says which rule", async () => {
    const s = await site(
      pagesSite(3, "User-agent: hootybot\nDisallow: /p2\n\nUser-agent: *\nDisallow: /\n"),
    );
    const report = await crawl(`${s.origin}/`);
    expect(paths(s.log)).not.toContain("/p2");
    expect(report.skipped.robots).toBe(1);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ kind: "robots-disallowed", url: `${s.origin}/p2` }),
    );
    expect(report.problems.find((p) => p.kind === "robots-disallowed")?.detail).toContain(
      "Disallow: /p2",
    );
  });
});

describe("the operator's block list", () => {
  it("stops a running crawl of the domain at once and refuses the next", async () => {
    const s = await site(pagesSite(20));
    const shared = store();
    let shown = { state: "", indexed: -1 };
    const running = crawl(`${s.origin}/`, { store: shared, onProgress: (p) => (shown = p) });
    await new Promise((r) => setTimeout(r, 1_800));
    await shared.blocks.add(s.host, "asked by mail");
    const blockedAt = Date.now();
    const report = await running;
    expect(Date.now() - blockedAt).toBeLessThan(1_500);
    expect(report.outcome).toBe("stopped");
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: "blocked" }));
    // What it read left the index with the block: the report says none is indexed.
    expect(report.pages.fetched).toBeGreaterThan(0);
    expect(report.pages.indexed).toBe(0);
    expect(shown).toMatchObject({ state: "done", indexed: 0 });
    const after = s.log.filter((r) => r.arrivedAt > blockedAt + 50);
    expect(after).toEqual([]);
    const count = s.log.length;
    const again = await crawl(`${s.origin}/`, { store: shared });
    expect(again.outcome).toBe("stopped");
    expect(s.log.length).toBe(count);
    const siteRecord = await shared.sites.byOrigin(s.origin);
    expect(await shared.pages.list(siteRecord?.id ?? 0)).toEqual([]);
  });
});

describe("robots.txt changes", () => {
  it("take effect within an hour, also in a crawl that runs longer", async () => {
    let robots = "User-agent: *\nAllow: /\n";
    const s = await site(pagesSite(6, () => robots));
    let offset = 0;
    const target = store();
    const { crawlSite } = await import("../../src/crawl/site-crawl.js");
    const { fetchOnce } = await import("../../src/crawl/fetch/fetch.js");
    const { createIndexSink } = await import("../../src/index/page-sink.js");
    const report = await crawlSite(`${s.origin}/`, {
      store: target,
      sink: createIndexSink(target),
      fetch: fetchOnce,
      now: () => Date.now() + offset,
      onProgress: () => {
        if (offset === 0 && paths(s.log).includes("/p2")) {
          robots = "User-agent: *\nDisallow: /p1\nDisallow: /p5\n";
          offset = 61 * 60_000;
        }
      },
    });
    expect(paths(s.log).filter((p) => p === "/robots.txt")).toHaveLength(2);
    expect(paths(s.log)).not.toContain("/p5");
    // /p1, read before the change, left the index when robots.txt was read again.
    expect(report.skipped.robots).toBe(2);
    const siteId = (await target.sites.byOrigin(s.origin))?.id ?? 0;
    const indexed = (await target.pages.list(siteId)).map((p) => new URL(p.url).pathname);
    expect(indexed.sort()).toEqual(["/", "/p2", "/p3", "/p4", "/p6"]);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ kind: "robots-disallowed", url: `${s.origin}/p1` }),
    );
  });
});

describe("hooty refresh during a crawl", () => {
  it("has the running crawl read robots.txt again before its next request", async () => {
    let robots = "User-agent: *\nAllow: /\n";
    const s = await site(pagesSite(8, () => robots));
    const shared = store();
    const running = crawl(`${s.origin}/`, { store: shared });
    while (!paths(s.log).includes("/p2")) await new Promise((r) => setTimeout(r, 50));
    robots = "User-agent: *\nDisallow: /p1\nDisallow: /p6\nDisallow: /p7\nDisallow: /p8\n";
    const { refreshSite } = await import("../../src/crawl/refresh.js");
    const { fetchOnce } = await import("../../src/crawl/fetch/fetch.js");
    const { createIndexSink } = await import("../../src/index/page-sink.js");
    const site1 = await shared.sites.byOrigin(s.origin);
    if (!site1) throw new Error("no site");
    const refreshed = await refreshSite(site1, {
      store: shared,
      sink: createIndexSink(shared),
      fetch: fetchOnce,
    });
    expect(refreshed.robots).toBe("not-checked");
    expect(refreshed.detail).toContain("reads it again within a second");
    const report = await running;
    expect(paths(s.log).filter((p) => p === "/robots.txt")).toHaveLength(2);
    expect(paths(s.log)).not.toContain("/p6");
    const indexed = (await shared.pages.list(site1.id)).map((p) => new URL(p.url).pathname);
    expect(indexed.sort()).toEqual(["/", "/p2", "/p3", "/p4", "/p5"]);
    expect(report.skipped.robots).toBe(4);
  });
});

describe("recrawls", () => {
  it("ask only for what changed (ETag, Last-Modified) and still reach the pages behind a 304", async () => {
    const conditional =
      (title: string, links: string[], etag: string) =>
      (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
        if (req.headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
        res
          .writeHead(200, {
            "content-type": "text/html",
            etag,
            "last-modified": "Mon, 02 Nov 2026 10:00:00 GMT",
          })
          .end(pageHtml(title, links));
      };
    const s = await site({
      ...pagesSite(0),
      "/": conditional("Home", ["/a"], '"home-1"'),
      "/a": conditional("A", ["/b"], '"a-1"'),
      "/b": conditional("B", [], '"b-1"'),
    });
    const shared = store();
    expect((await crawl(`${s.origin}/`, { store: shared })).pages.indexed).toBe(3);
    const site1 = await shared.sites.byOrigin(s.origin);
    const firstSeen = (await shared.pages.list(site1?.id ?? 0)).map((p) => p.fetchedAt);
    const before = s.log.length;
    const again = await crawl(`${s.origin}/`, { store: shared });
    expect(again.pages).toEqual({ fetched: 3, indexed: 3 });
    const second = s.log.slice(before).filter((r) => /^\/[ab]?$/.test(r.path));
    expect(second.map((r) => r.path)).toEqual(["/", "/a", "/b"]);
    // The start page too.
    expect(second.every((r) => r.headers["if-none-match"] && r.headers["if-modified-since"])).toBe(
      true,
    );
    // Each page answered 304 was seen, unchanged, by this crawl.
    const seenAgain = (await shared.pages.list(site1?.id ?? 0)).map((p) => p.fetchedAt);
    seenAgain.forEach((at, i) => {
      expect(at > (firstSeen[i] ?? "")).toBe(true);
    });
  });

  it("take out a page that now fails, and put it back once it reads again", async () => {
    let failing = false;
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/flaky", "/slow"])),
      "/flaky": (req, res) =>
        failing ? res.writeHead(500).end("oops") : htmlRoute(pageHtml("Flaky", []))(req, res),
      // Never answers while failing: the request times out.
      "/slow": (req, res) => {
        if (!failing) htmlRoute(pageHtml("Slow", []))(req, res);
      },
    });
    const shared = store();
    const indexedPaths = async () => {
      const siteId = (await shared.sites.byOrigin(s.origin))?.id ?? 0;
      return (await shared.pages.list(siteId)).map((p) => new URL(p.url).pathname).sort();
    };
    const settings = { timeoutMs: 1_000 };
    expect((await crawl(`${s.origin}/`, { store: shared, settings })).pages.indexed).toBe(3);
    failing = true;
    const again = await crawl(`${s.origin}/`, { store: shared, settings });
    expect(again.problems.map((p) => [p.url, p.status])).toEqual([
      [`${s.origin}/flaky`, 500],
      [`${s.origin}/slow`, null],
    ]);
    expect(await indexedPaths()).toEqual(["/"]);
    failing = false;
    await crawl(`${s.origin}/`, { store: shared, settings });
    expect(await indexedPaths()).toEqual(["/", "/flaky", "/slow"]);
  });

  it("drop a page whose 304 now says noindex in X-Robots-Tag", async () => {
    let noindex = false;
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/fest"])),
      "/fest": (req, res) => {
        const robots = noindex ? { "x-robots-tag": "noindex" } : {};
        if (req.headers["if-none-match"] === '"fest-1"') {
          return res.writeHead(304, { etag: '"fest-1"', ...robots }).end();
        }
        res
          .writeHead(200, { "content-type": "text/html", etag: '"fest-1"', ...robots })
          .end(pageHtml("Festival", []));
      },
    });
    const shared = store();
    expect((await crawl(`${s.origin}/`, { store: shared })).pages.indexed).toBe(2);
    noindex = true;
    const again = await crawl(`${s.origin}/`, { store: shared });
    expect(s.log.filter((r) => r.path === "/fest").at(-1)?.headers["if-none-match"]).toBe(
      '"fest-1"',
    );
    expect(again.skipped.noindex).toBe(1);
    const site1 = await shared.sites.byOrigin(s.origin);
    const urls = (await shared.pages.list(site1?.id ?? 0)).map((p) => new URL(p.url).pathname);
    expect(urls).toEqual(["/"]);
  });

  it("a 304 to a request without conditions is no page: the copy leaves the index", async () => {
    let broken = false;
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/rent"])),
      // No validators: the recrawl asks without conditions, and a broken cache answers 304.
      "/rent": (req, res) =>
        broken ? res.writeHead(304).end() : htmlRoute(pageHtml("Rent", []))(req, res),
    });
    const shared = store();
    expect((await crawl(`${s.origin}/`, { store: shared })).pages.indexed).toBe(2);
    broken = true;
    const again = await crawl(`${s.origin}/`, { store: shared });
    const last = s.log.filter((r) => r.path === "/rent").at(-1);
    expect(last?.headers["if-none-match"] ?? last?.headers["if-modified-since"]).toBeUndefined();
    expect(again.problems).toContainEqual(
      expect.objectContaining({ kind: "http-error", url: `${s.origin}/rent`, status: 304 }),
    );
    const site1 = await shared.sites.byOrigin(s.origin);
    const urls = (await shared.pages.list(site1?.id ?? 0)).map((p) => new URL(p.url).pathname);
    expect(urls).toEqual(["/"]);
  });
});
