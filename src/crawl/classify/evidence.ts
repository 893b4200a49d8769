/**
 * What a signature may look at, and the small predicates signatures are written with. Header and
 * cookie evidence is weak (a CDN or WAF sits in front of ordinary pages too); markup, wording and
 * the shape of the page (little readable text, a challenge mechanism) are strong.
 */
import type { HeaderView } from "./headers.js";
import type { PageFacts } from "./page.js";

export interface Evidence {
  status: number;
  headers: HeaderView;
  /** Facts of the body; empty facts when the body is not HTML. */
  page: PageFacts;
}

/** Readable text of a typical interstitial or block page stays well under this. */
export const INTERSTITIAL_TEXT = 3000;

/** The page is short enough to be an interstitial (challenge or block page). */
export function short(e: Evidence, max = INTERSTITIAL_TEXT): boolean {
  return e.page.textLength <= max && !e.page.truncated;
}

export function status(e: Evidence, ...codes: number[]): boolean {
  return codes.includes(e.status);
}

/** A status a WAF answers with when it refuses or challenges (not 404, 410 or 500). */
export function refusalStatus(e: Evidence): boolean {
  return status(e, 202, 400, 401, 403, 405, 406, 409, 429, 503);
}

export function inMarkup(e: Evidence, ...needles: string[]): boolean {
  return needles.some((needle) => e.page.markup.includes(needle));
}

export function inTitle(e: Evidence, ...needles: string[]): boolean {
  return needles.some((needle) => e.page.title.includes(needle));
}

/** Title, noscript text and readable text joined once per page, for wording checks. */
const WORDS = new WeakMap<Evidence, string>();

function words(e: Evidence): string {
  let all = WORDS.get(e);
  if (all === undefined) {
    all = `${e.page.title}\n${e.page.noscript}\n${e.page.text}`;
    WORDS.set(e, all);
  }
  return all;
}

/** Wording in the title or the readable text (noscript included). */
export function inWords(e: Evidence, ...needles: string[]): boolean {
  const all = words(e);
  return needles.some((needle) => all.includes(needle));
}

/** Checks several signatures share, computed once per page. */
const MEMO = new WeakMap<Evidence, Map<string, boolean>>();

function memo(e: Evidence, key: string, compute: () => boolean): boolean {
  let cache = MEMO.get(e);
  if (cache === undefined) {
    cache = new Map();
    MEMO.set(e, cache);
  }
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}

/** A header's lower-cased value contains one of the needles ("" matches any present header). */
export function header(e: Evidence, name: string, ...needles: string[]): boolean {
  if (!e.headers.has(name)) return false;
  if (needles.length === 0) return true;
  const value = e.headers.get(name).toLowerCase();
  return needles.some((needle) => value.includes(needle));
}

/** A cookie whose name starts with one of the prefixes is set. */
export function cookie(e: Evidence, ...prefixes: string[]): boolean {
  return e.headers.cookies.some((name) => prefixes.some((prefix) => name.startsWith(prefix)));
}

/** Words that only a challenge or anti-bot page uses about the visitor (several languages). */
const CHALLENGE_WORDS = [
  "checking your browser",
  "we are checking your browser",
  "checking if the site connection is secure",
  "verify you are human",
  "verify you are a human",
  "verifying you are human",
  "verify that you are human",
  "verify that you are not a robot",
  "confirm you are human",
  "confirm that you are human",
  "prove you are human",
  "are you a robot",
  "are you a human",
  "browser verification",
  "verifying your browser",
  "verifying the browser",
  "security check to access",
  "complete the security check",
  "performing security verification",
  "making sure you're not a bot",
  "made us think you were a bot",
  "that you're not a robot",
  "that you are not a robot",
  "you are not a bot",
  "we're verifying your browser",
  "needs to review the security of your connection",
  "please complete the security check",
  "your request is being verified",
  "please stand by, while we are checking",
  "enable javascript and cookies to continue",
  "please enable js and disable any ad blocker",
  "please enable cookies and javascript",
  "проверка браузера",
  "проверяем ваш браузер",
  "проверка, что вы не робот",
  "подтвердите, что вы человек",
  "überprüfung ihres browsers",
  "ihr browser wird überprüft",
  "wir überprüfen ihren browser",
  "ob sie ein mensch sind",
  "dass sie ein mensch sind",
  "dass sie kein roboter sind",
  "vérification de votre navigateur",
  "vérification que vous êtes humain",
  "vérifier que vous êtes humain",
  "que vous n'êtes pas un robot",
  "verifica del browser",
  "verifica di essere un essere umano",
  "verifica che tu sia un essere umano",
  "controllo di sicurezza in corso",
  "stiamo verificando il tuo browser",
  "verificando tu navegador",
  "verificando que eres humano",
  "verifica que eres humano",
  "comprobando tu navegador",
];

/**
 * Words a challenge uses that ordinary pages use too: a contact form's "I'm not a robot" box,
 * a host's "DDoS protection", terms forbidding "automated access", a router's "press and hold".
 * They count only with a status that refuses the page.
 */
const EVERYDAY_CHALLENGE_WORDS = [
  "i'm not a robot",
  "i am not a robot",
  "not a robot?",
  "вы не робот",
  "я не робот",
  "human verification",
  "bot verification",
  "unusual traffic",
  "automated requests",
  "automated queries",
  "automated access",
  "ddos protection",
  "press & hold",
  "press and hold",
];

export function challengeWording(e: Evidence): boolean {
  return memo(
    e,
    "challenge",
    () =>
      inWords(e, ...CHALLENGE_WORDS) ||
      (refusalStatus(e) && inWords(e, ...EVERYDAY_CHALLENGE_WORDS)),
  );
}

/** Words of a firewall's refusal (not an origin's "please log in" or "not found"). */
const BLOCK_WORDS = [
  "web application firewall",
  "blocked by the firewall",
  "blocked by our firewall",
  "blocked by the website firewall",
  "blocked by our security service",
  "blocked by the security",
  "request was blocked",
  "request has been blocked",
  "request blocked",
  "you have been blocked",
  "your ip has been blocked",
  "your ip address has been blocked",
  "your ip address has been banned",
  "your access to this site has been limited",
  "access has been blocked",
  "bot protection",
  "anti-bot",
  "suspected bot",
  "detected as a bot",
  "identified as a bot",
  "identified as automated traffic",
  "automated traffic has been blocked",
];

export function blockWording(e: Evidence): boolean {
  return memo(e, "block", () => inWords(e, ...BLOCK_WORDS));
}

/**
 * Words of a sentence about the check itself (the visitor, a robot, a wait, the browser, the
 * block, its reference number), in the languages of CHALLENGE_WORDS.
 */
const ABOUT_THE_CHECK =
  /verif|human|robot|\bbots?\b|captcha|secur|check|javascript|\bjs\b|cookie|browser|access|wait|moment|second|continu|proceed|redirect|block|denied|reject|forbidden|\bray\b|incident|reference|support id|event id|request|automat|traffic|protect|firewall|connection|ddos|challenge|interruption|error|prüf|mensch|vérif|navigat|umano|sicurezza|humano|провер|робот|человек|доступ/;

/** Beside the sentences about the check, an interstitial has at most this much text. */
export const TEXT_BESIDE = 150;

/**
 * Little readable text besides the sentences about the check: the check is the page's purpose.
 * A contact page with a CAPTCHA widget, or an article titled after a product, has paragraphs of
 * its own.
 */
export function littleElse(e: Evidence): boolean {
  return memo(e, "little-else", () => {
    if (e.page.textLength > 4 * INTERSTITIAL_TEXT) return false;
    let beside = 0;
    for (const sentence of e.page.text.split(/(?<=[.!?…])\s+/)) {
      if (!ABOUT_THE_CHECK.test(sentence)) beside += sentence.length + 1;
      if (beside > TEXT_BESIDE) return false;
    }
    return true;
  });
}

/** Few links: an interstitial links to a vendor or a privacy page at most, a site page to itself. */
export function fewLinks(e: Evidence, max = 8): boolean {
  return e.page.links <= max;
}

/** A refusal with nothing in it: no text, no script (or a body that is not HTML at all). */
export function emptyRefusal(e: Evidence): boolean {
  return status(e, 401, 403, 405, 429, 503) && e.page.textLength === 0 && e.page.scripts === 0;
}

/** No readable text, only scripts: a page that does its work in JavaScript. */
export function scriptOnly(e: Evidence, maxText = 40): boolean {
  return e.page.textLength <= maxText && e.page.scripts > 0;
}

/**
 * The page is shaped like a challenge: challenge wording, or a script or refresh doing the work.
 * Answered 200, it must look like an interstitial too (short, few links, little text beside the
 * check, a script, refresh or form doing it): a protected site sends its vendor's headers and
 * cookies with every page, and a short page of it may well mention a robot.
 */
export function challengeShape(e: Evidence): boolean {
  if (!refusalStatus(e)) {
    return (
      challengeWording(e) &&
      short(e, 1000) &&
      fewLinks(e) &&
      (e.page.scripts > 0 || e.page.metaRefresh || e.page.forms > 0) &&
      littleElse(e)
    );
  }
  return (
    (challengeWording(e) && short(e, 2000)) ||
    scriptOnly(e) ||
    (e.page.metaRefresh && short(e, 300))
  );
}

/**
 * A CAPTCHA the visitor must solve: the widget element or an explicit render call. The
 * reCAPTCHA v3 script alone (`api.js?render=KEY`) is not one: many sites load it everywhere.
 */
const CAPTCHA_WIDGETS = [
  "h-captcha",
  "hcaptcha.render",
  "g-recaptcha",
  "grecaptcha.render",
  "recaptcha/api2/anchor",
  "challenges.cloudflare.com/turnstile",
  "cf-turnstile",
  "turnstile.render",
];

export function captchaWidget(e: Evidence): boolean {
  return memo(e, "captcha", () => inMarkup(e, ...CAPTCHA_WIDGETS));
}

/** Served through Cloudflare (weak: most Cloudflare pages are ordinary pages). */
export function cloudflareEdge(e: Evidence): boolean {
  return header(e, "server", "cloudflare") || e.headers.has("cf-ray");
}
