/**
 * Page classification (DESIGN.md flow: fetch → decode → classify): what a response is for the
 * crawler. Decisions, in order: bot-protection (any status), not-html, js-rendered, noindex,
 * content. An ordinary error page is content here; the crawler judges statuses itself.
 */
import { isHtml, isHtmlType, mediaType } from "./content-type.js";
import { fromMetaTags, fromRobotsHeader, type RobotsDirectives } from "./directives.js";
import type { Evidence } from "./evidence.js";
import { allowListGuide, JS_RENDERED_ADVICE } from "./guides.js";
import { viewHeaders } from "./headers.js";
import { saysNotFound } from "./not-found.js";
import { type PageFacts, scanPage } from "./page.js";
import { judgeShell } from "./shell.js";
import { SIGNATURES, type Signature } from "./signatures.js";

export { mayBeHtml, mediaType } from "./content-type.js";
export { type RobotsDirectives, robotsDirectives } from "./directives.js";
export { allowListGuide, GUIDED_PRODUCTS, JS_RENDERED_ADVICE, productSlug } from "./guides.js";
export { SIGNATURES, type Signature } from "./signatures.js";

export type PageKind = "content" | "bot-protection" | "js-rendered" | "not-html" | "noindex";

export interface ResponseToClassify {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Classification {
  kind: PageKind;
  /** The bot-protection product, when one is recognised; null otherwise. */
  product: string | null;
  /** A plain-language one-liner: what the page is. */
  detail: string;
  /** The indexing directives that apply to HootyBot (meta robots, X-Robots-Tag). */
  robots: RobotsDirectives;
  /** Content that says it is the page for a URL that does not exist (a "soft 404"). */
  saysNotFound?: boolean;
}

const EMPTY_PAGE = scanPage("");

interface Read {
  evidence: Evidence;
  html: boolean;
  contentType: string;
}

function read(response: ResponseToClassify): Read {
  const headers = viewHeaders(response.headers);
  const body = typeof response.body === "string" ? response.body : "";
  const status = Number.isInteger(response.status) ? response.status : 0;
  const contentType = headers.get("content-type");
  const html = isHtml(contentType, body);
  // A body served as something else (an image, JSON) is not read for page markers: challenge
  // pages are HTML. Header signatures still apply. A refusal in plain text is read: what a WAF
  // tells clients that are not browsers ("error code: 1020").
  const type = mediaType(contentType);
  const plainRefusal = type === "text/plain" && status >= 400;
  const page: PageFacts = html || type === null || plainRefusal ? scanPage(body) : EMPTY_PAGE;
  return { evidence: { status, headers, page }, html, contentType };
}

/** The first signature of the table that matches the response, if any. */
export function matchSignature(response: ResponseToClassify): Signature | undefined {
  return firstMatch(read(response).evidence);
}

function firstMatch(evidence: Evidence): Signature | undefined {
  return SIGNATURES.find((signature) => signature.test(evidence));
}

export function classify(response: ResponseToClassify): Classification {
  const { evidence, html, contentType } = read(response);
  const { headers, page } = evidence;
  const robots = fromRobotsHeader(headers.get("x-robots-tag"));
  const signature = firstMatch(evidence);
  if (signature) {
    return {
      kind: "bot-protection",
      product: signature.product,
      detail: `HootyBot met ${signature.what} instead of the page, and read nothing.`,
      robots,
    };
  }
  if (!html) {
    const type = mediaType(contentType);
    return {
      kind: "not-html",
      product: null,
      detail: !type
        ? "The response is not an HTML page."
        : isHtmlType(type)
          ? `The response says it is ${type}, but its body is not an HTML page (binary data such as a PDF or an image, JSON or XML data, or a script's source).`
          : `The response is ${type}, not an HTML page.`,
      robots,
    };
  }
  const shell = judgeShell(page);
  if (shell.shell) {
    return {
      kind: "js-rendered",
      product: null,
      detail: `The page is an empty shell whose text only JavaScript would build (${shell.reason}).`,
      robots,
    };
  }
  fromMetaTags(page.markup, robots);
  if (robots.noindex) {
    return {
      kind: "noindex",
      product: null,
      detail:
        "The page asks not to be indexed (noindex in its robots meta tag or X-Robots-Tag header).",
      robots,
    };
  }
  if (saysNotFound(page)) {
    return {
      kind: "content",
      product: null,
      detail: `A page saying the page asked for does not exist (its title: “${page.title}”).`,
      robots,
      saysNotFound: true,
    };
  }
  return {
    kind: "content",
    product: null,
    detail:
      page.textLength === 0
        ? "A page with no readable text."
        : "An ordinary page with readable text.",
    robots,
  };
}

/**
 * The explanation and the way out for a problem in the crawl report: the guide to allow HootyBot
 * through the product for bot protection, server-side rendering or prerendering for shells.
 */
export function problemDetail(
  classification: Pick<Classification, "kind" | "product" | "detail">,
): string {
  switch (classification.kind) {
    case "bot-protection": {
      const guide = allowListGuide(classification.product);
      return `${classification.detail} To let HootyBot in: ${guide.advice} Guide: ${guide.url}`;
    }
    case "js-rendered":
      return `${classification.detail} ${JS_RENDERED_ADVICE}`;
    default:
      return classification.detail;
  }
}
