import { describe, expect, it } from "vitest";
import { allowListGuide, classify, problemDetail, type ResponseToClassify } from "./index.js";

const r = (status: number, headers: Record<string, string>, body: string): ResponseToClassify => ({
  url: "https://example.org/page",
  status,
  headers,
  body,
});
const html = { "content-type": "text/html" };
const text =
  "<p>Ordinary readable text about the subject of this page, long enough to be a page.</p>".repeat(
    5,
  );

describe("classify: the order of decisions", () => {
  it("puts bot protection first, whatever the status or content type", () => {
    for (const status of [200, 202, 403, 429, 503]) {
      expect(classify(r(status, { ...html, "cf-mitigated": "challenge" }, "")).kind).toBe(
        "bot-protection",
      );
    }
    const json = classify(
      r(403, { "content-type": "application/json", "x-vercel-mitigated": "challenge" }, "{}"),
    );
    expect(json).toMatchObject({ kind: "bot-protection", product: "Vercel" });
  });

  it("then not-html, sniffing a missing content type", () => {
    expect(classify(r(200, { "content-type": "image/png" }, "\u0089PNG")).kind).toBe("not-html");
    expect(classify(r(200, {}, "%PDF-1.7")).kind).toBe("not-html");
    expect(classify(r(200, {}, `<!doctype html>${text}`)).kind).toBe("content");
    expect(classify(r(200, { "content-type": "application/pdf" }, "")).detail).toContain(
      "application/pdf",
    );
    // A server that calls a PDF HTML: the detail says what the body is, not "text/html, not HTML".
    const mislabelled = classify(r(200, { "content-type": "text/html" }, "%PDF-1.7\n"));
    expect(mislabelled.kind).toBe("not-html");
    expect(mislabelled.detail).toMatch(
      /says it is text\/html, but its body is not an HTML page \(binary data/,
    );
    // A stray NUL in a page of text (a paste from a word processor) leaves it a page.
    expect(classify(r(200, html, `<!doctype html>${text}\u0000`)).kind).toBe("content");
  });

  it("then js-rendered, before noindex", () => {
    const shell =
      '<meta name="robots" content="noindex"><div id="root"></div><script src="/main.js"></script>';
    expect(classify(r(200, html, shell)).kind).toBe("js-rendered");
  });

  it("then noindex, from the header or the meta tag", () => {
    expect(classify(r(200, { ...html, "x-robots-tag": "noindex" }, text)).kind).toBe("noindex");
    expect(classify(r(200, { ...html, "X-Robots-Tag": "HootyBot: none" }, text)).kind).toBe(
      "noindex",
    );
    expect(classify(r(200, html, `<meta name="hootybot" content="noindex">${text}`)).kind).toBe(
      "noindex",
    );
    expect(classify(r(200, { ...html, "x-robots-tag": "otherbot: noindex" }, text)).kind).toBe(
      "content",
    );
  });

  it("finds a robots meta tag wherever it stands, past the part scanned or the markup kept", () => {
    const noindex = '<META NAME="Robots" CONTENT="NoIndex">';
    const style = `<style>${"p{margin:0}".repeat(150_000)}</style>`;
    const tags = '<div class="x"><span>a</span></div>'.repeat(20_000);
    for (const before of [`<head>${style}`, `<body>${tags}`, `<body>${text.repeat(2_000)}`]) {
      expect(before.length).toBeGreaterThan(300_000);
      expect(classify(r(200, html, `${before}${noindex}${text}`)).kind).toBe("noindex");
      expect(
        classify(r(200, html, `${before}<meta name="googlebot" content="noindex">`)).kind,
      ).toBe("content");
    }
    // Many meta tags past the scan stay linear.
    const many = `${style}${"<meta".repeat(400_000)}`;
    const started = performance.now();
    expect(classify(r(200, html, `${many}${text}`)).kind).not.toBe("noindex");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("else content, error pages included", () => {
    expect(classify(r(200, html, text))).toMatchObject({ kind: "content", product: null });
    expect(classify(r(404, html, "<h1>Not found</h1>")).kind).toBe("content");
    expect(classify(r(500, html, "<h1>Internal Server Error</h1>")).kind).toBe("content");
    expect(classify(r(200, html, "")).detail).toBe("A page with no readable text.");
  });

  it("reports the robots directives it read", () => {
    const result = classify(r(200, { ...html, "x-robots-tag": "nofollow" }, text));
    expect(result.kind).toBe("content");
    expect(result.robots).toEqual({ noindex: false, nofollow: true });
  });
});

describe("classify: hostile input", () => {
  it("never throws and stays fast", () => {
    const inputs: ResponseToClassify[] = [
      r(200, html, "<".repeat(2_000_000)),
      r(200, html, "\u0000".repeat(1_000_000)),
      r(200, {}, "\uffff\ud800garbage".repeat(100_000)),
      r(403, { ...html, "set-cookie": "=;=;=\n".repeat(10_000) }, "<title>x"),
      r(Number.NaN, { "Content-Type": "text/html; charset=\u0000" }, "<script>".repeat(100_000)),
      r(200, { "x-robots-tag": ",:".repeat(100_000) }, "<meta name=robots content=".repeat(50_000)),
      {
        url: "",
        status: 200,
        headers: null as unknown as Record<string, string>,
        body: null as unknown as string,
      },
      r(200, html, `<div id="root">${"<div>".repeat(200_000)}`),
      r(200, html, "&amp;".repeat(200_000)),
      r(200, html, `<p>${"word ".repeat(3000)}</p>${"<meta ".repeat(200_000)}`),
      r(200, html, `<a href="${"x".repeat(900_000)}">`),
    ];
    for (const input of inputs) {
      const started = performance.now();
      const result = classify(input);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(typeof result.kind).toBe("string");
    }
  });
});

describe("problemDetail", () => {
  it("links the allow-list guide for bot protection", () => {
    const result = classify(r(403, { ...html, "cf-mitigated": "challenge" }, ""));
    const detail = problemDetail(result);
    expect(detail).toContain("Cloudflare");
    expect(detail).toContain(allowListGuide("Cloudflare").url);
    expect(problemDetail({ kind: "bot-protection", product: null, detail: "A check." })).toContain(
      "https://hooty.to/bot/allow",
    );
  });

  it("advises server-side rendering for shells", () => {
    const result = classify(r(200, html, '<div id="app"></div><script src="/app.js"></script>'));
    expect(result.kind).toBe("js-rendered");
    expect(problemDetail(result)).toMatch(/server-side rendering|prerender/);
  });
});
