/**
 * The signature table: every bot-protection rule, in one place, each naming its product. A
 * signature must rest on strong evidence (a header only a challenge or block sends, markup only a
 * challenge page carries, or vendor evidence together with the shape of a challenge page); a
 * CDN header on its own never matches. The first signature that matches wins, so specific ones
 * come before generic ones. Wording alone (an article can quote any block page) counts only with
 * a refusal status or on a short page shaped like an interstitial (few links, little text beside
 * the check, a script, form or refresh doing it); so do a CAPTCHA widget and a product's title.
 * Signatures were written from public descriptions of each product's pages (detection lists of
 * open-source WAF detectors, vendors' documentation, bug reports).
 */
import {
  blockWording,
  captchaWidget,
  challengeShape,
  challengeWording,
  cloudflareEdge,
  cookie,
  type Evidence,
  emptyRefusal,
  fewLinks,
  header,
  inMarkup,
  inTitle,
  inWords,
  littleElse,
  refusalStatus,
  scriptOnly,
  short,
  status,
} from "./evidence.js";

export interface Signature {
  /** The product, as shown to site owners; null for a generic check with no recognisable vendor. */
  product: string | null;
  /** What HootyBot met, in plain words, completing "HootyBot met …". */
  what: string;
  test(e: Evidence): boolean;
}

/** A refusal page of a short length that names the vendor in its words. */
function brandedRefusal(e: Evidence, brand: string): boolean {
  return short(e, 1500) && refusalStatus(e) && fewLinks(e) && inWords(e, brand);
}

/**
 * A page served 200 whose text is all about a browser check ("Checking your browser before
 * accessing …"): nothing to fill in, few links, no text of its own.
 */
function onlyTheCheck(e: Evidence): boolean {
  return (
    short(e, 600) &&
    fewLinks(e, 3) &&
    e.page.userFields === 0 &&
    challengeWording(e) &&
    littleElse(e)
  );
}

/** Something on the page does the check: a script, a refresh or a form. */
function mechanism(e: Evidence): boolean {
  return e.page.scripts > 0 || e.page.metaRefresh || e.page.forms > 0;
}

/**
 * A page titled after a product is its check only when shaped like one: an article about the
 * product (or one quoting its page) bears the title too, with text of its own.
 */
function titledCheck(e: Evidence): boolean {
  return (
    refusalStatus(e) ||
    (e.page.textLength < 600 && littleElse(e) && (mechanism(e) || e.page.textLength < 100))
  );
}

/**
 * A page whose purpose is a CAPTCHA: the widget, nothing for a person to fill in, few links and
 * little text beside the check. A contact or sign-up form carries the same widget among its own
 * fields and text.
 */
function captchaInterstitial(e: Evidence, ...widgets: string[]): boolean {
  return (
    short(e, 2000) &&
    fewLinks(e) &&
    e.page.userFields === 0 &&
    inMarkup(e, ...widgets) &&
    littleElse(e) &&
    (challengeWording(e) ||
      (e.page.textLength < 600 &&
        (refusalStatus(e) ||
          inTitle(
            e,
            "captcha",
            "robot",
            "human",
            "security check",
            "bot check",
            "browser check",
            "verification required",
            "attention required",
          ))))
  );
}

/** A redirect to SiteGround's check, by a refresh or a script (a link or an image is no check). */
const SITEGROUND_REDIRECT =
  /http-equiv\s*=\s*["']?refresh[^>]*\/\.well-known\/sgcaptcha|location(?:\.href)?\s*=\s*["'`][^"'`]*\/\.well-known\/sgcaptcha|location\.(?:replace|assign)\(\s*["'`][^"'`]*\/\.well-known\/sgcaptcha/;
const RELOAD = /location\.(?:reload|replace)\(/;

const KASADA_PATH =
  /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:ips|p)\.js/;
const AKAMAI_REFERENCE = /reference #\s?\d{1,3}\.[0-9a-f]+\.\d+\.[0-9a-f]+/;
/** Titles of a refusal or rate-limit page, in the languages HootyBot reads (lower case). */
const REFUSAL_TITLES = [
  "access denied",
  "you have been blocked",
  "too many requests",
  "rate limit exceeded",
  "rate limited",
  "zugriff verweigert",
  "zu viele anfragen",
  "accès refusé",
  "trop de requêtes",
  "accesso negato",
  "troppe richieste",
  "acceso denegado",
  "demasiadas solicitudes",
  "доступ ограничен",
  "доступ запрещён",
  "слишком много запросов",
];
/**
 * The page's title is a refusal and nothing else ("Access denied", "429 Too Many Requests",
 * "Error: you have been blocked"): "Access denied errors" or "Access Denied (song)" are pages
 * about one.
 */
function refusalTitle(e: Evidence): boolean {
  const title = e.page.title
    .replace(/^(?:error|fehler|erreur|errore)?\s*:?\s*(?:\d{3})?\s*[-–:|]?\s*/, "")
    .replace(/[\s.!…]+$/, "");
  return REFUSAL_TITLES.includes(title);
}

/** A rate limit, said to the visitor. */
const RATE_LIMIT_WORDS = [
  "too many requests",
  "rate limit exceeded",
  "you have sent too many requests",
  "zu viele anfragen",
  "trop de requêtes",
  "troppe richieste",
  "demasiadas solicitudes",
  "слишком много запросов",
];
/** The visitor taken for a program. */
const AUTOMATED_WORDS = [
  "looks automated",
  "automated clients",
  "automated requests",
  "automatisiert",
  "automatisé",
  "automatizzat",
  "automatizad",
  "автоматическ",
];
const CLOUDFLARE_BLOCK_CODE = /error(?: code:?)? (?:100[5-9]|101[0-2]|1015|1020|1106)\b/;

export const SIGNATURES: readonly Signature[] = [
  // Cloudflare
  {
    product: "Cloudflare",
    what: "a Cloudflare challenge (the response says cf-mitigated: challenge)",
    test: (e) => header(e, "cf-mitigated", "challenge"),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare JavaScript or managed challenge (“Just a moment…”)",
    test: (e) =>
      short(e, 5000) &&
      inMarkup(
        e,
        "_cf_chl_opt",
        "/orchestrate/chl_page/",
        "/orchestrate/jsch/",
        "/orchestrate/managed/",
        "/orchestrate/captcha/",
        "__cf_chl_f_tk=",
        "__cf_chl_jschl_tk__",
        "__cf_chl_captcha_tk__",
        "__cf_chl_rt_tk=",
        "cf-browser-verification",
        "jschl_vc",
        "jschl-answer",
        "cf-challenge-running",
        "cf_chl_",
        "cf-please-wait",
      ),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare Turnstile check (“Verify you are human”)",
    test: (e) =>
      short(e, 2000) &&
      fewLinks(e) &&
      e.page.userFields === 0 &&
      inMarkup(e, "challenges.cloudflare.com/turnstile", "cf-turnstile") &&
      (refusalStatus(e) || littleElse(e)) &&
      (inTitle(e, "just a moment") ||
        (cloudflareEdge(e) && (challengeWording(e) || refusalStatus(e)))),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare block page (“Sorry, you have been blocked”, error 1020 and the like)",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "cf-error-details", "cf.errors.css", "cf-wrapper", "cf-error-code") ||
        (cloudflareEdge(e) && refusalStatus(e))) &&
      (inTitle(e, "attention required! | cloudflare") ||
        inWords(e, "sorry, you have been blocked", "used cloudflare to restrict access") ||
        CLOUDFLARE_BLOCK_CODE.test(e.page.title) ||
        CLOUDFLARE_BLOCK_CODE.test(e.page.text)),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare block page (“Sorry, you have been blocked”)",
    // The block page's own title and words, whatever its status (one served 200) and however little
    // of Cloudflare's markup and headers came along (a proxy in between drops them): from
    // Cloudflare's edge, or naming the Ray ID it gives a block.
    test: (e) =>
      short(e) &&
      fewLinks(e) &&
      inTitle(e, "attention required! | cloudflare") &&
      inWords(e, "sorry, you have been blocked", "used cloudflare to restrict access") &&
      (cloudflareEdge(e) || inWords(e, "cloudflare ray id")),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare challenge page (“Just a moment…”)",
    test: (e) =>
      short(e, 600) &&
      fewLinks(e) &&
      e.page.title.startsWith("just a moment") &&
      (cloudflareEdge(e) || inMarkup(e, "/cdn-cgi/") || refusalStatus(e)) &&
      // A post of a Cloudflare customer may carry the title too.
      (refusalStatus(e) || challengeWording(e) || e.page.textLength < 100),
  },
  {
    product: "Cloudflare",
    what: "a Cloudflare Waiting Room (a queue in front of the site)",
    test: (e) =>
      short(e, 2000) &&
      fewLinks(e) &&
      (inWords(e, "waiting room powered by cloudflare") || cookie(e, "__cfwaitingroom")) &&
      (refusalStatus(e) || (mechanism(e) && littleElse(e))),
  },

  // Akamai
  {
    product: "Akamai",
    what: "an Akamai “Access Denied” page",
    test: (e) =>
      short(e, 800) &&
      (status(e, 403) || e.page.title === "access denied") &&
      inWords(e, "access denied", "you don't have permission to access") &&
      (AKAMAI_REFERENCE.test(e.page.text) ||
        inWords(e, "errors.edgesuite.net") ||
        (header(e, "server", "akamaighost") && inWords(e, "reference #"))),
  },
  {
    product: "Akamai",
    what: "an Akamai Bot Manager challenge",
    test: (e) =>
      short(e) &&
      inMarkup(
        e,
        "sec-if-cpt-container",
        "/_sec/cp_challenge/",
        "/_sec/verify?provider=",
        "bm-verify=",
        "ak-challenge-",
      ),
  },
  {
    product: "Akamai",
    what: "an Akamai Bot Manager sensor page (it reloads the page once its script has run)",
    // Every page of a customer loads the sensor; this one has nothing else and reloads itself.
    test: (e) =>
      short(e, 40) &&
      !e.page.mount &&
      inMarkup(e, "/akam/") &&
      (header(e, "server", "akamaighost") || cookie(e, "_abck", "bm_sz", "ak_bmsc")) &&
      (e.page.metaRefresh || RELOAD.test(e.page.markup)),
  },

  // Imperva / Incapsula (Distil's "Pardon Our Interruption" belongs to Imperva)
  {
    product: "Imperva",
    what: "an Imperva (Incapsula) challenge or block page",
    test: (e) =>
      short(e) &&
      ((inMarkup(e, "_incapsula_resource") &&
        (scriptOnly(e, 0) ||
          inWords(e, "incapsula incident id", "request unsuccessful", "pardon our interruption") ||
          inMarkup(
            e,
            "main-iframe",
            "cwudnsai",
            "reeseskipexpirationcheck",
            "interstitial-inprogress",
          ))) ||
        (inWords(e, "incapsula incident id") &&
          (refusalStatus(e) || (e.page.textLength < 300 && fewLinks(e, 2))))),
  },
  {
    product: "Imperva",
    what: "an Imperva bot-protection page (“Pardon Our Interruption”)",
    test: (e) =>
      short(e) &&
      fewLinks(e, 5) &&
      inWords(e, "pardon our interruption") &&
      (inMarkup(e, "distil", "incapsula", "imperva", "reese84") ||
        cookie(e, "reese84", "visid_incap", "incap_ses", "___utmvc") ||
        e.headers.has("x-iinfo")),
  },
  {
    product: "Imperva",
    what: "an Imperva block page",
    test: (e) =>
      short(e) &&
      refusalStatus(e) &&
      (e.headers.has("x-iinfo") ||
        header(e, "x-cdn", "incapsula", "imperva") ||
        inWords(e, "imperva")) &&
      inWords(e, "blocked by our security service", "incident id", "powered by imperva"),
  },

  // Sucuri
  {
    product: "Sucuri",
    what: "the Sucuri Website Firewall (the response says x-sucuri-block)",
    test: (e) => e.headers.has("x-sucuri-block"),
  },
  {
    product: "Sucuri",
    what: "a Sucuri Website Firewall block or challenge page",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "sucuri_cloudproxy_js") ||
        inWords(e, "cloudproxy@sucuri.net") ||
        ((refusalStatus(e) ||
          (fewLinks(e) && inTitle(e, "sucuri website firewall") && titledCheck(e))) &&
          inWords(e, "sucuri website firewall", "sucuri cloudproxy") &&
          inWords(e, "access denied", "block id", "blocked", "verif"))),
  },

  // DataDome
  {
    product: "DataDome",
    what: "a DataDome challenge (captcha-delivery.com)",
    // A page of a DataDome customer may link to it or prefetch it: the challenge is nearly empty.
    test: (e) =>
      short(e) &&
      fewLinks(e) &&
      (refusalStatus(e) || e.page.textLength < 100) &&
      (inMarkup(
        e,
        "geo.captcha-delivery.com/captcha",
        "geo.captcha-delivery.com/interstitial",
        "ct.captcha-delivery.com/c.js",
        "ct.captcha-delivery.com/i.js",
      ) ||
        (inMarkup(e, "var dd=", "var dd =") && inMarkup(e, "captcha-delivery.com"))),
  },
  {
    product: "DataDome",
    what: "a DataDome block page",
    test: (e) =>
      short(e) &&
      refusalStatus(e) &&
      (((e.headers.has("x-datadome") || e.headers.has("x-dd-b") || cookie(e, "datadome")) &&
        (challengeShape(e) || (fewLinks(e) && blockWording(e)))) ||
        (fewLinks(e) && inWords(e, "datadome"))),
  },

  // PerimeterX / HUMAN
  {
    product: "PerimeterX",
    what: "a PerimeterX (HUMAN) “Press & Hold” challenge",
    test: (e) =>
      short(e) &&
      (inMarkup(
        e,
        "px-captcha",
        "captcha.px-cdn.net",
        "captcha.px-cloud.net",
        "/captcha/captcha.js?a=c",
        "_pxcaptcha",
      ) ||
        // The sensor script and cookie come with every page of a customer's site.
        (fewLinks(e) &&
          (inWords(e, "access to this page has been denied") ||
            (refusalStatus(e) &&
              (inWords(e, "press & hold", "press and hold") ||
                scriptOnly(e) ||
                challengeWording(e)))) &&
          (inMarkup(e, "_pxappid", "perimeterx", "px-cdn.net", "px-cloud.net", "human-challenge") ||
            cookie(e, "_px"))) ||
        (inTitle(e, "access to this page has been denied") &&
          fewLinks(e) &&
          (refusalStatus(e) || challengeWording(e)))),
  },

  // AWS WAF
  {
    product: "AWS WAF",
    what: "an AWS WAF challenge or CAPTCHA (the response says x-amzn-waf-action)",
    test: (e) => header(e, "x-amzn-waf-action", "challenge", "captcha", "block"),
  },
  {
    product: "AWS WAF",
    what: "an AWS WAF challenge",
    test: (e) =>
      short(e) &&
      fewLinks(e) &&
      // Ordinary pages use the integration SDK too: the challenge has next to no text.
      (inMarkup(e, "gokuprops") ||
        (inMarkup(e, "awswafintegration", "awswafcookiedomainlist") &&
          (refusalStatus(e) || e.page.textLength < 60)) ||
        (inMarkup(e, "awswaf.com") && (refusalStatus(e) || challengeWording(e)))),
  },
  {
    product: "AWS WAF",
    what: "an AWS WAF block (“Request blocked” from CloudFront)",
    test: (e) =>
      short(e) &&
      status(e, 403) &&
      inWords(e, "request blocked") &&
      (inWords(e, "generated by cloudfront") ||
        e.headers.has("x-amz-cf-id") ||
        header(e, "via", "cloudfront")),
  },
  {
    product: "AWS WAF",
    what: "an AWS WAF block at the load balancer (403 from awselb)",
    test: (e) => status(e, 403) && header(e, "server", "awselb") && short(e, 200),
  },

  // Kasada
  {
    product: "Kasada",
    what: "a Kasada challenge",
    test: (e) =>
      (e.headers.hasPrefix("x-kpsdk") && refusalStatus(e) && short(e, 500)) ||
      (short(e, 500) &&
        (refusalStatus(e) || e.page.textLength < 50) &&
        (inMarkup(e, "kpsdk") ||
          ((inMarkup(e, "ips.js") || inMarkup(e, "/p.js")) && KASADA_PATH.test(e.page.markup)))),
  },

  // F5
  {
    product: "F5",
    what: "an F5 BIG-IP ASM “Request Rejected” page",
    test: (e) =>
      short(e, 1500) &&
      fewLinks(e, 3) &&
      ((inWords(e, "the requested url was rejected") &&
        (refusalStatus(e) ||
          // Answered 200, F5's own page: its title, or none; a forum post quoting it has its own.
          ((e.page.title === "request rejected" ||
            ((e.page.title === "" || e.page.textLength < 200) && e.page.textLength < 400)) &&
            littleElse(e)))) ||
        (inWords(e, "your support id is") &&
          ((e.page.title === "request rejected" && littleElse(e)) ||
            cookie(e, "ts0", "ts1") ||
            inMarkup(e, "/tspd/")))),
  },
  {
    product: "F5",
    what: "an F5 bot-defense JavaScript check",
    // F5's script comes with every page of a protected site: only a page with next to no text
    // of its own beside it is the check.
    test: (e) =>
      inMarkup(e, "/tspd/") &&
      e.page.scripts > 0 &&
      (e.page.textLength <= 150 || (short(e, 400) && inWords(e, "your support id is"))),
  },

  // Vercel
  {
    product: "Vercel",
    what: "the Vercel Security Checkpoint (the response says x-vercel-mitigated)",
    test: (e) => header(e, "x-vercel-mitigated", "challenge", "deny"),
  },
  {
    product: "Vercel",
    what: "the Vercel Security Checkpoint (“We're verifying your browser”)",
    test: (e) =>
      short(e) &&
      ((fewLinks(e, 3) && inTitle(e, "vercel security checkpoint") && titledCheck(e)) ||
        inMarkup(e, "/.well-known/vercel/security/") ||
        (refusalStatus(e) &&
          inWords(e, "vercel security checkpoint", "we're verifying your browser"))),
  },

  // Fastly
  {
    product: "Fastly",
    what: "a Fastly bot challenge (“Client Challenge”)",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "/_fs-ch-") ||
        (fewLinks(e) &&
          inTitle(e, "client challenge") &&
          (e.headers.has("x-fastly-request-id") || header(e, "x-served-by", "cache-")))),
  },
  {
    product: "Fastly",
    what: "a Fastly (Next-Gen WAF) block",
    test: (e) =>
      short(e, 1500) &&
      status(e, 403, 406) &&
      (e.headers.hasPrefix("x-sigsci") ||
        ((e.headers.has("x-fastly-request-id") || header(e, "x-served-by", "cache-")) &&
          inWords(e, "request blocked", "blocked by", "not acceptable"))),
  },

  // A bare refusal (no text, no script) from a service whose headers show it answered
  {
    product: "DataDome",
    what: "a DataDome refusal",
    test: (e) => emptyRefusal(e) && (e.headers.has("x-datadome") || e.headers.has("x-dd-b")),
  },
  {
    product: "Imperva",
    what: "an Imperva refusal",
    test: (e) =>
      emptyRefusal(e) && (e.headers.has("x-iinfo") || header(e, "x-cdn", "incapsula", "imperva")),
  },
  {
    product: "Sucuri",
    what: "a Sucuri Website Firewall refusal",
    test: (e) => emptyRefusal(e) && (e.headers.has("x-sucuri-id") || header(e, "server", "sucuri")),
  },

  // Russian DDoS-protection services
  {
    product: "DDoS-Guard",
    what: "a DDoS-Guard browser check",
    test: (e) =>
      short(e) &&
      ((e.page.title.startsWith("ddos-guard") && fewLinks(e, 2) && titledCheck(e)) ||
        // A footer link to ddos-guard.net is a credit; the check page has little else.
        (fewLinks(e, 3) &&
          (refusalStatus(e) || e.page.textLength < 400) &&
          inMarkup(
            e,
            "/.well-known/ddos-guard/",
            "check.ddos-guard.net",
            "ddg-l10n",
            "ddos-guard.net/",
          )) ||
        ((header(e, "server", "ddos-guard") ||
          cookie(e, "__ddg") ||
          (fewLinks(e) && inWords(e, "ddos-guard"))) &&
          (challengeShape(e) || emptyRefusal(e))) ||
        // Its check's words and nothing else, from its edge, even with the script left out.
        ((header(e, "server", "ddos-guard") || cookie(e, "__ddg")) &&
          inWords(e, "ddos-guard") &&
          onlyTheCheck(e)) ||
        brandedRefusal(e, "ddos-guard")),
  },
  {
    product: "Qrator",
    what: "a Qrator browser check",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "/__qrator/", "qrator_jsid", "qauth_") ||
        ((header(e, "server", "qrator") ||
          cookie(e, "qrator_") ||
          (fewLinks(e) && inWords(e, "qrator"))) &&
          (challengeShape(e) || emptyRefusal(e))) ||
        brandedRefusal(e, "qrator")),
  },
  {
    product: "Qrator",
    what: "a Qrator refusal (403 from Qrator's edge: its check took HootyBot for a bot)",
    // Qrator answers a client its fingerprint check refuses with a bare 403 of its own.
    test: (e) => status(e, 403) && header(e, "server", "qrator") && short(e, 200) && fewLinks(e, 2),
  },
  {
    product: "StormWall",
    what: "a StormWall browser check",
    test: (e) =>
      short(e) &&
      ((fewLinks(e) &&
        (inMarkup(e, "stormwall") || inWords(e, "stormwall")) &&
        (challengeShape(e) || refusalStatus(e) || scriptOnly(e))) ||
        ((header(e, "server", "stormwall") || cookie(e, "swp_token")) &&
          (challengeShape(e) || emptyRefusal(e))) ||
        brandedRefusal(e, "stormwall")),
  },
  {
    product: "Variti",
    what: "a Variti browser check",
    test: (e) =>
      short(e) &&
      ((fewLinks(e) &&
        (inMarkup(e, "variti") || inWords(e, "variti")) &&
        (challengeShape(e) || refusalStatus(e) || scriptOnly(e))) ||
        ((header(e, "server", "variti") || cookie(e, "ipp_uid", "ipp_key", "ipp_sign")) &&
          (challengeShape(e) || emptyRefusal(e))) ||
        brandedRefusal(e, "variti")),
  },

  // Self-hosted and hosting-provider checks
  {
    product: "Anubis",
    what: "an Anubis proof-of-work check (“Making sure you're not a bot!”)",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "anubis_challenge", "anubis_version", "/.within.website/x/cmd/anubis") ||
        cookie(e, "within.website-x-cmd-anubis") ||
        (fewLinks(e) &&
          inTitle(e, "making sure you're not a bot") &&
          inWords(e, "protected by anubis"))),
  },
  {
    product: "SiteGround",
    what: "the SiteGround anti-bot check (sgcaptcha)",
    test: (e) =>
      header(e, "sg-captcha", "challenge") ||
      (short(e) && fewLinks(e, 3) && SITEGROUND_REDIRECT.test(e.page.markup)),
  },
  {
    product: "Wordfence",
    what: "a Wordfence block page (“Your access to this site has been limited”)",
    test: (e) =>
      short(e, 8000) &&
      // Served 200 too: its title and its signature line ("Generated by Wordfence at <time>") say
      // what it is; an article about the page quotes the title but signs nothing.
      (refusalStatus(e) ||
        (short(e, 1500) &&
          fewLinks(e) &&
          inTitle(e, "your access to this site has been limited") &&
          inWords(e, "generated by wordfence at"))) &&
      (inWords(e, "wordfence") || inMarkup(e, "wordfence.com")) &&
      inWords(
        e,
        "has been limited",
        "locked out",
        "blocked",
        "unsafe operation",
        "generated by wordfence",
      ),
  },
  {
    product: "ModSecurity",
    what: "a ModSecurity block page",
    test: (e) =>
      short(e, 1500) &&
      refusalStatus(e) &&
      (inWords(e, "mod_security", "modsecurity", "mod security") ||
        (header(e, "server", "mod_security", "noyb") && status(e, 403, 406))),
  },
  {
    product: "Imunify360",
    what: "an Imunify360 bot-protection page",
    test: (e) =>
      short(e) &&
      ((fewLinks(e) &&
        (inMarkup(e, "imunify360") || inWords(e, "imunify360")) &&
        // Its refusal to a client it takes for a program is a 415 in plain text.
        (refusalStatus(e) ||
          status(e, 415) ||
          challengeWording(e) ||
          captchaWidget(e) ||
          inMarkup(e, "imunify360-preloader", "webshield"))) ||
        ((cookie(e, "wssplashchk") || inMarkup(e, "wssplashchk")) &&
          (challengeShape(e) || scriptOnly(e, 200))) ||
        (header(e, "server", "imunify360") && (challengeShape(e) || captchaWidget(e)))),
  },
  {
    product: "Yandex SmartCaptcha",
    what: "a Yandex SmartCaptcha check (“Are you not a robot?”)",
    test: (e) =>
      short(e) &&
      e.page.userFields === 0 &&
      ((fewLinks(e) &&
        inMarkup(e, "/showcaptcha", "/checkcaptcha", "checkbox-captcha", "advanced-captcha")) ||
        (fewLinks(e) &&
          inMarkup(e, "smartcaptcha.yandexcloud.net", "smart-captcha", "smartcaptcha") &&
          (challengeWording(e) || refusalStatus(e) || inTitle(e, "captcha", "robot")))),
  },

  // Further vendors met in the wild
  {
    product: "Radware",
    what: "a Radware Bot Manager check",
    test: (e) =>
      short(e) &&
      (inMarkup(e, "captcha.perfdrive.com", "ssjsinternal", "shieldsquare") ||
        (refusalStatus(e) && inWords(e, "unauthorized activity has been detected")) ||
        // The sensor of perfdrive.com comes with every page of a customer's site.
        (fewLinks(e) &&
          (inTitle(e, "radware") || inMarkup(e, "perfdrive.com")) &&
          littleElse(e) &&
          (refusalStatus(e) ||
            captchaWidget(e) ||
            challengeWording(e) ||
            inWords(e, "you are a bot")))),
  },
  {
    product: "Barracuda",
    what: "a Barracuda WAF block page",
    test: (e) =>
      (brandedRefusal(e, "barracuda") && (blockWording(e) || inWords(e, "blocked"))) ||
      (short(e, 1500) &&
        fewLinks(e) &&
        (cookie(e, "barra_counter_session", "bni__barracuda_lb_cookie") ||
          inWords(e, "barracuda")) &&
        blockWording(e) &&
        littleElse(e)),
  },
  {
    product: "FortiWeb",
    what: "a Fortinet FortiWeb block page",
    test: (e) =>
      short(e) &&
      ((refusalStatus(e) &&
        inWords(e, "fortiweb", "fortigate") &&
        inWords(e, "attack id", "blocked", "web page blocked")) ||
        // Its page names no product: "Web Page Blocked! … Attack ID: … Message ID: …".
        (fewLinks(e, 3) &&
          inWords(e, "attack id") &&
          inWords(e, "message id", "web page blocked") &&
          (refusalStatus(e) ||
            (inTitle(e, "web page blocked") && inWords(e, "message id") && short(e, 800))))),
  },
  {
    product: "Citrix NetScaler",
    what: "a Citrix NetScaler Application Firewall block page",
    test: (e) =>
      short(e, 1500) &&
      fewLinks(e, 3) &&
      (inWords(e, "application firewall block page") ||
        (cookie(e, "citrix_ns_id") && inWords(e, "request rejected", "incident id"))) &&
      (refusalStatus(e) || littleElse(e)),
  },
  {
    product: "NinjaFirewall",
    what: "a NinjaFirewall block page",
    test: (e) =>
      (brandedRefusal(e, "ninjafirewall") && inWords(e, "blocked", "incident")) ||
      (short(e, 1500) && fewLinks(e, 3) && inTitle(e, "ninjafirewall") && littleElse(e)),
  },
  {
    product: "Shield Security",
    what: "a Shield Security (WordPress) block page",
    test: (e) =>
      short(e, 1500) &&
      fewLinks(e, 3) &&
      inWords(e, "shield security") &&
      (blockWording(e) || inWords(e, "access restricted")) &&
      (refusalStatus(e) || littleElse(e)),
  },
  {
    product: "Bunny Shield",
    what: "a Bunny Shield browser check",
    test: (e) =>
      short(e, 1000) &&
      fewLinks(e, 3) &&
      (inMarkup(e, "/.bunny-shield/") ||
        (header(e, "server", "bunnycdn") && (challengeWording(e) || scriptOnly(e, 200)))) &&
      (refusalStatus(e) || littleElse(e)),
  },
  {
    product: "Alibaba Cloud",
    what: "an Alibaba Cloud WAF check or block",
    test: (e) =>
      short(e, 1500) &&
      fewLinks(e, 3) &&
      ((inMarkup(e, "acw_sc__v2") && scriptOnly(e, 200)) ||
        (inMarkup(e, "/sd/punish", "punish-component") && (refusalStatus(e) || littleElse(e))) ||
        (cookie(e, "acw_tc") && refusalStatus(e) && blockWording(e))),
  },
  {
    product: "Queue-it",
    what: "a Queue-it waiting room",
    test: (e) =>
      short(e, 2000) &&
      fewLinks(e, 5) &&
      inMarkup(e, "queue-it.net", "queueit", "queue-it") &&
      inWords(e, "queue", "waiting room", "in line") &&
      littleElse(e),
  },
  {
    product: "Arkose Labs",
    what: "an Arkose Labs (FunCaptcha) check in front of the page",
    test: (e) =>
      captchaInterstitial(e, "client-api.arkoselabs.com", "funcaptcha", "arkoselabs.com/fc/"),
  },
  {
    product: "Friendly Captcha",
    what: "a Friendly Captcha check in front of the page",
    test: (e) => captchaInterstitial(e, "frc-captcha", "friendly-challenge", "friendlycaptcha"),
  },
  {
    product: null,
    what: "a hosting provider's cookie check (a script that decrypts a test cookie and reloads)",
    test: (e) =>
      short(e, 400) &&
      inMarkup(e, "slowaes.decrypt") &&
      inMarkup(e, "__test") &&
      e.page.scripts > 0,
  },
  {
    product: "Azure WAF",
    what: "an Azure Front Door or Application Gateway WAF block",
    test: (e) =>
      short(e, 1000) &&
      status(e, 403) &&
      ((e.headers.has("x-azure-ref") && inWords(e, "the request is blocked")) ||
        header(e, "server", "microsoft-azure-application-gateway")),
  },
  {
    product: "BitNinja",
    what: "a BitNinja security check",
    test: (e) =>
      short(e) &&
      fewLinks(e) &&
      (inWords(e, "bitninja") || inMarkup(e, "bitninja")) &&
      // "Security check by BitNinja.IO … make sure you are a human and not a bot", reloading.
      (refusalStatus(e) || (littleElse(e) && (challengeWording(e) || mechanism(e)))),
  },
  {
    product: "Reblaze",
    what: "a Reblaze challenge",
    test: (e) =>
      short(e) &&
      (cookie(e, "rbzid") || inMarkup(e, "rbzns", "reblaze")) &&
      (challengeShape(e) || scriptOnly(e)),
  },
  {
    product: "StackPath",
    what: "a StackPath WAF block or challenge page",
    test: (e) =>
      short(e, 1500) &&
      fewLinks(e) &&
      (header(e, "server", "stackpath") ||
        e.headers.hasPrefix("x-sp-") ||
        inWords(e, "powered by stackpath")) &&
      (blockWording(e) || challengeWording(e)) &&
      (refusalStatus(e) || littleElse(e)),
  },
  {
    product: "GeeTest",
    what: "a GeeTest CAPTCHA in front of the page",
    test: (e) =>
      short(e, 2000) &&
      fewLinks(e) &&
      e.page.userFields === 0 &&
      inMarkup(
        e,
        "static.geetest.com",
        "gcaptcha4.geetest.com",
        "api.geetest.com",
        "initgeetest",
      ) &&
      littleElse(e) &&
      (refusalStatus(e) || e.page.textLength < 600),
  },

  // CAPTCHA services a site or its host puts in front of the pages
  {
    product: "hCaptcha",
    what: "an hCaptcha check in front of the page",
    test: (e) => captchaInterstitial(e, "h-captcha", "hcaptcha.render", "hcaptcha.com/1/api.js"),
  },
  {
    product: "reCAPTCHA",
    what: "a reCAPTCHA check in front of the page",
    test: (e) =>
      captchaInterstitial(e, "g-recaptcha", "grecaptcha.render", "recaptcha/api2/anchor"),
  },
  {
    product: "Turnstile",
    what: "a Cloudflare Turnstile check in front of the page",
    test: (e) =>
      captchaInterstitial(
        e,
        "challenges.cloudflare.com/turnstile",
        "cf-turnstile",
        "turnstile.render",
      ),
  },

  // Generic checks: no vendor recognisable
  {
    product: null,
    what: "a browser check (“Checking your browser”, “Verify you are human”)",
    test: (e) =>
      short(e, 1000) &&
      fewLinks(e) &&
      e.page.userFields === 0 &&
      challengeWording(e) &&
      (mechanism(e) || refusalStatus(e)) &&
      littleElse(e),
  },
  {
    product: null,
    what: "a firewall's refusal page",
    test: (e) => short(e, 1500) && fewLinks(e) && refusalStatus(e) && blockWording(e),
  },
  {
    product: null,
    what: "a refusal or rate-limit page answered with status 200 (“You have been blocked”, “Too many requests”)",
    test: (e) =>
      short(e, 600) &&
      fewLinks(e, 3) &&
      e.page.userFields === 0 &&
      littleElse(e) &&
      (refusalTitle(e) || (e.page.title === "" && inWords(e, ...RATE_LIMIT_WORDS))) &&
      (blockWording(e) || inWords(e, ...RATE_LIMIT_WORDS, ...AUTOMATED_WORDS)),
  },
  {
    product: null,
    what: "a JavaScript-only check answering with an error status",
    test: (e) =>
      status(e, 403, 429, 503) &&
      !e.page.mount &&
      e.page.bundles === 0 &&
      (scriptOnly(e, 0) || (e.page.metaRefresh && e.page.textLength === 0)),
  },
];
