/**
 * One cheap pass over the raw HTML (no DOM): the readable text, the title, the markup (tags and
 * inline scripts) and a few structural counts. Markers of challenge pages are looked for in the
 * markup, wording in the text, so that an article quoting a challenge script in a code block is
 * not mistaken for the challenge itself.
 */

import { codeUnitAt } from "../../core/code-units.js";
import { decodeEntities } from "./entities.js";

/** Characters of the body looked at; a page longer than this is never an interstitial. */
export const SCAN_LIMIT = 1024 * 1024;
/**
 * Readable text after which the scan stops: no decision depends on more (the largest
 * interstitial bound is 8,000 characters), so a long article costs no more than its start.
 */
export const LONG_TEXT = 12_000;
/** Markup kept for marker checks. */
const MARKUP_KEEP = 256 * 1024;
/** Tags looked at, at most: bounds the work on pathological markup. */
const MAX_TAGS = 50_000;
const NOSCRIPT_KEEP = 4 * 1024;

export interface PageFacts {
  /** The first <title>, lower case, entities decoded, whitespace collapsed. */
  title: string;
  /** Readable text (outside script, style, noscript, template, svg…), lower case, collapsed. */
  text: string;
  /** Length of the readable text in characters; at least LONG_TEXT when the scan stopped early. */
  textLength: number;
  /** Tags and inline script code, lower case. */
  markup: string;
  /** Text inside <noscript>, lower case. */
  noscript: string;
  /** External scripts that look like application bundles (not analytics or tag managers). */
  bundles: number;
  /** Characters of inline JavaScript (data scripts such as JSON excluded). */
  inlineCode: number;
  /** Any <script> element at all, data scripts excluded. */
  scripts: number;
  /** An element a client-side framework mounts into (#root, #app, #__next, <app-root>…). */
  mount: boolean;
  /** Readable characters inside the first mount element (server-rendered text lives there). */
  mountText: number;
  /**
   * Readable characters of the site's chrome outside the mount element: header, footer, nav,
   * aside, a cookie or consent banner. A shell's server sends those and nothing else.
   */
  chromeText: number;
  /** Fields a person fills in: textarea, e-mail, password, phone, ordinary text inputs. */
  userFields: number;
  forms: number;
  /** Links (<a href>): an interstitial has a handful, a page of a site has navigation. */
  links: number;
  /** A <meta http-equiv="refresh">. */
  metaRefresh: boolean;
  /** The body was longer than SCAN_LIMIT. */
  truncated: boolean;
}

/** Elements whose content is not readable text. */
const SKIP_CONTENT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "textarea",
  "iframe",
  "object",
]);

const DATA_SCRIPT =
  /^(?:application\/(?:ld\+json|json|.*\+json)|text\/(?:template|x-template|html|x-handlebars-template|plain)|importmap|speculationrules)$/;

/** Script hosts that are analytics, consent or tag managers, never the page's own renderer. */
const NOT_A_BUNDLE =
  /googletagmanager\.com|google-analytics\.com|googlesyndication|doubleclick|plausible\.io|cloudflareinsights|static\.hotjar|cookiebot|cookielaw|onetrust|consensu\.org|usercentrics|matomo|piwik|clarity\.ms|connect\.facebook|platform\.twitter|recaptcha|hcaptcha|challenges\.cloudflare\.com|gtag\/js|\/analytics\.js|segment\.(?:com|io)\/analytics/;

/** Roots a widget renders into beside the page (a modal, a chat, a consent banner) are no mount. */
const MOUNT_ID =
  /\sid\s*=\s*["']?(?:root|app|__next|__nuxt|___gatsby|svelte|q-app|main-app|application|react-root|react-app|vue-app|(?!(?:modal|portal|chat|cookie|consent|toast|popup|overlay|tooltip|widget|banner|notifications?|dialog|drawer|menu)-)[\w-]+-(?:root|app))["'\s/>]/;

/** Custom elements Angular and web-component apps bootstrap into: <app-root>, <my-app>, <x-root>. */
const MOUNT_ELEMENT = /^(?:[a-z][\w]*-(?:root|app)|my-app|ng-view|router-outlet)$/;

const CHROME_ELEMENT = new Set(["header", "footer", "nav", "aside"]);
/** A cookie or consent banner, by its id or class. */
const CHROME_BANNER = /\s(?:id|class)\s*=\s*["']?[^"'>]*(?:cookie|consent|gdpr)/;

const USER_INPUT_TYPES = new Set([
  "",
  "text",
  "email",
  "password",
  "tel",
  "number",
  "url",
  "search",
  "file",
  "date",
]);
const CAPTCHA_FIELD = /name\s*=\s*["']?[\w-]*(?:captcha|rep|answer|challenge|token|code)/;

export function scanPage(body: string): PageFacts {
  const truncated = body.length > SCAN_LIMIT;
  const html = (truncated ? body.slice(0, SCAN_LIMIT) : body).toLowerCase();
  const facts: PageFacts = {
    title: "",
    text: "",
    textLength: 0,
    markup: "",
    noscript: "",
    bundles: 0,
    inlineCode: 0,
    scripts: 0,
    mount: false,
    mountText: 0,
    chromeText: 0,
    userFields: 0,
    forms: 0,
    links: 0,
    metaRefresh: false,
    truncated,
  };
  const text: string[] = [];
  const markup: string[] = [];
  let markupKept = 0;
  const addMarkup = (part: string) => {
    if (markupKept < MARKUP_KEEP) {
      markup.push(part);
      markupKept += part.length;
    }
  };
  const addText = (raw: string) => {
    let trimmed = raw.trim();
    if (trimmed === "") return;
    // One text run longer than the scan needs is cut before decoding.
    if (trimmed.length > LONG_TEXT) trimmed = trimmed.slice(0, LONG_TEXT);
    const clean = collapse(trimmed.includes("&") ? decodeEntities(trimmed) : trimmed);
    if (clean === "") return;
    facts.textLength += clean.length + 1;
    text.push(clean);
  };

  // The first mount element: its tag name, nesting depth, and the text length when it opened.
  let mountName = "";
  let mountDepth = 0;
  let mountStart = 0;
  // The chrome element open now (outermost), as for the mount element.
  let chromeName = "";
  let chromeDepth = 0;
  let chromeStart = 0;
  let tags = 0;
  let at = 0;
  const end = html.length;
  while (at < end) {
    if (facts.textLength >= LONG_TEXT) {
      // A long page: keep only the robots meta tags of the rest (they belong in <head>, but
      // pages put them anywhere).
      for (
        let meta = html.indexOf("<meta", at);
        meta >= 0;
        meta = html.indexOf("<meta", meta + 5)
      ) {
        const close = html.indexOf(">", meta);
        if (close < 0) break;
        addMarkup(html.slice(meta, close + 1));
      }
      break;
    }
    if (++tags > MAX_TAGS) {
      // Markup without end and without text: not a page anyone reads; stop here.
      facts.truncated = true;
      break;
    }
    const lt = html.indexOf("<", at);
    if (lt < 0) {
      addText(html.slice(at));
      break;
    }
    if (lt > at) addText(html.slice(at, lt));
    // Comments, doctype, CDATA.
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      at = close < 0 ? end : close + 3;
      continue;
    }
    const next = codeUnitAt(html, lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const close = html.indexOf(">", lt + 2);
      at = close < 0 ? end : close + 1;
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < end && isNameChar(codeUnitAt(html, nameEnd))) nameEnd++;
    if (nameEnd === nameStart) {
      // A lone "<" in text.
      addText("<");
      at = lt + 1;
      continue;
    }
    const gt = html.indexOf(">", nameEnd);
    const tagEnd = gt < 0 ? end : gt + 1;
    const tag = html.slice(lt, tagEnd);
    const name = html.slice(nameStart, nameEnd);
    addMarkup(tag);
    at = tagEnd;
    if (mountDepth > 0 && name === mountName) {
      if (closing) mountDepth--;
      else if (!tag.endsWith("/>")) mountDepth++;
      if (mountDepth === 0) facts.mountText = facts.textLength - mountStart;
    }
    if (chromeDepth > 0 && name === chromeName) {
      if (closing) chromeDepth--;
      else if (!tag.endsWith("/>")) chromeDepth++;
      if (chromeDepth === 0) facts.chromeText += facts.textLength - chromeStart;
    } else if (
      !closing &&
      chromeDepth === 0 &&
      mountDepth === 0 &&
      !tag.endsWith("/>") &&
      (CHROME_ELEMENT.has(name) || (tag.length <= 2048 && CHROME_BANNER.test(tag)))
    ) {
      chromeName = name;
      chromeDepth = 1;
      chromeStart = facts.textLength;
    }
    if (closing) continue;

    if (name === "title" && facts.title === "") {
      const close = html.indexOf("</title", at);
      const raw = html.slice(at, close < 0 ? Math.min(end, at + 1024) : close);
      facts.title = collapse(decodeEntities(raw)).slice(0, 300);
      at = close < 0 ? end : close;
      continue;
    }
    if (name === "script") {
      const close = html.indexOf("</script", at);
      const code = html.slice(at, close < 0 ? end : close);
      noteScript(facts, tag, code);
      if (!DATA_SCRIPT.test(attr(tag, "type") ?? "")) addMarkup(code);
      at = close < 0 ? end : close;
      continue;
    }
    if (name === "textarea") facts.userFields++;
    // A declarative shadow root (<template shadowrootmode>) is rendered: its text is read.
    if (
      SKIP_CONTENT.has(name) &&
      !tag.endsWith("/>") &&
      !(name === "template" && tag.includes("shadowroot"))
    ) {
      const close = html.indexOf(`</${name}`, at);
      const inner = html.slice(at, close < 0 ? end : close);
      if (name === "noscript" && facts.noscript.length < NOSCRIPT_KEEP) {
        facts.noscript += ` ${collapse(decodeEntities(inner.replace(/<[^>]*>/g, " ")))}`;
      } else if (name !== "style" && name !== "textarea") {
        // Tags inside (an iframe's fallback, an svg's links) still count as markup.
        addMarkup(inner.slice(0, 4096));
      }
      at = close < 0 ? end : close;
      continue;
    }
    const wasMount = facts.mount;
    noteTag(facts, name, tag);
    if (!wasMount && facts.mount) {
      mountName = name;
      mountStart = facts.textLength;
      mountDepth = tag.endsWith("/>") ? 0 : 1;
    }
  }
  if (mountDepth > 0) facts.mountText = facts.textLength - mountStart;
  if (chromeDepth > 0) facts.chromeText += facts.textLength - chromeStart;
  facts.text = text.join(" ");
  facts.markup = markup.join("");
  // A page's noindex counts wherever it stands, as its text does (the index reads the whole page):
  // also past the part scanned, or past the markup kept.
  if (facts.truncated || markupKept >= MARKUP_KEEP) facts.markup += robotsMetaTags(body);
  facts.noscript = facts.noscript.trim();
  return facts;
}

/** A `<meta>` tag, of a bounded length; matches never overlap, so the search stays linear. */
const META_TAG = /<meta\b[^>]{0,4096}>?/gi;
const ROBOTS_META_NAME = /\bname\s*=\s*["']?(?:robots|hootybot)\b/i;
const MAX_ROBOTS_META = 100;

/** The page's robots meta tags (`robots`, `hootybot`), lower-cased, wherever they stand. */
function robotsMetaTags(body: string): string {
  const found: string[] = [];
  for (const [tag] of body.matchAll(META_TAG)) {
    if (ROBOTS_META_NAME.test(tag)) found.push(tag.toLowerCase());
    if (found.length >= MAX_ROBOTS_META) break;
  }
  return found.join("");
}

function noteScript(facts: PageFacts, tag: string, code: string): void {
  const type = attr(tag, "type") ?? "";
  if (DATA_SCRIPT.test(type)) return;
  facts.scripts++;
  const src = attr(tag, "src");
  if (src !== null && src !== "") {
    if (!NOT_A_BUNDLE.test(src)) facts.bundles++;
  } else {
    facts.inlineCode += code.length;
    // An inline module, or a loader importing the application (SvelteKit, Vite legacy).
    if ((type === "module" && code.length > 0) || code.includes("import(")) facts.bundles++;
  }
}

function noteTag(facts: PageFacts, name: string, tag: string): void {
  switch (name) {
    case "input": {
      const type = attr(tag, "type") ?? "";
      if (USER_INPUT_TYPES.has(type) && !CAPTCHA_FIELD.test(tag)) facts.userFields++;
      return;
    }
    case "select":
      facts.userFields++;
      return;
    case "form":
      facts.forms++;
      return;
    case "a":
      if (tag.includes("href")) facts.links++;
      return;
    case "meta":
      if (/http-equiv\s*=\s*["']?refresh/.test(tag)) facts.metaRefresh = true;
      return;
    case "body":
      if (/class\s*=\s*["'][^"']*ember-application/.test(tag)) facts.mount = true;
      return;
  }
  if (facts.mount || tag.length > 2048) return;
  if (
    MOUNT_ELEMENT.test(name) ||
    MOUNT_ID.test(tag) ||
    tag.includes("data-reactroot") ||
    tag.includes(" ng-app") ||
    tag.includes("data-sveltekit")
  ) {
    facts.mount = true;
  }
}

const ATTRIBUTE = new Map<string, RegExp>();

/** The value of one attribute in a lower-cased tag, or null. Tags are short: bounded work. */
export function attr(tag: string, name: string): string | null {
  let re = ATTRIBUTE.get(name);
  if (re === undefined) {
    re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`);
    ATTRIBUTE.set(name, re);
  }
  const m = re.exec(tag.length > 4096 ? tag.slice(0, 4096) : tag);
  if (!m) return null;
  return (m[1] ?? m[2] ?? m[3] ?? "").trim();
}

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 58 ||
    code === 95
  );
}

/** Whitespace collapsed, typographic apostrophes made plain ("you’re" reads as "you're"). */
function collapse(text: string): string {
  // One replace, no test first: a text without runs comes back as is, and testing first costs
  // more than the replace itself when there is something to fold.
  let out = text.replace(WHITESPACE_RUNS, " ");
  if (out.includes("\u2019") || out.includes("\u2018")) out = out.replace(/[\u2018\u2019]/g, "'");
  return out.trim();
}

const WHITESPACE_RUNS = /\s{2,}|[^\S ]/g;
