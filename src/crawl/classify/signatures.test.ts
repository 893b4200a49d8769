/**
 * One small case per rule of the signature table (each must be the first rule to match its case)
 * and look-alikes that no rule may match: CDN headers on ordinary pages, pages about the products,
 * forms with a captcha widget, login notices and error pages.
 */
import { describe, expect, it } from "vitest";
import { matchSignature, type ResponseToClassify, SIGNATURES } from "./index.js";

const html = { "content-type": "text/html; charset=utf-8" };
const cf = { ...html, server: "cloudflare", "cf-ray": "8e1a2b3c4d5e6f70-FRA" };
const r = (status: number, headers: Record<string, string>, body: string): ResponseToClassify => ({
  url: "https://example.org/",
  status,
  headers,
  body,
});
const article = (topic: string) =>
  `<article><h1>${topic}</h1>${`<p>${topic} is discussed here at length, with examples, history and advice for site owners who want to understand what their visitors and crawlers see. </p>`.repeat(30)}</article>`;

/** [rule product, case name, response]. The rule is identified by its product and case order. */
const CASES: [string | null, string, ResponseToClassify][] = [
  ["Cloudflare", "cf-mitigated header", r(403, { ...cf, "cf-mitigated": "challenge" }, "")],
  [
    "Cloudflare",
    "managed challenge script",
    r(
      403,
      cf,
      "<title>Just a moment...</title><script>window._cf_chl_opt={cType:'managed'}</script>",
    ),
  ],
  [
    "Cloudflare",
    "turnstile interstitial",
    r(
      403,
      cf,
      '<p>Verify you are human by completing the action below.</p><div class="cf-turnstile" data-sitekey="x"></div>',
    ),
  ],
  [
    "Cloudflare",
    "error 1020",
    r(403, cf, '<div id="cf-error-details"><h1>Error 1020</h1><h2>Access denied</h2></div>'),
  ],
  [
    "Cloudflare",
    "block page served 200, no Cloudflare markup",
    r(
      200,
      cf,
      "<title>Attention Required! | Cloudflare</title><h1>Sorry, you have been blocked</h1><p>You are unable to access example.org</p><p>Cloudflare Ray ID: 8a1b2c3d4e5f6a7b</p>",
    ),
  ],
  [
    "Cloudflare",
    "bare just a moment",
    r(503, cf, "<title>Just a moment...</title><p>Please wait.</p>"),
  ],
  [
    "Cloudflare",
    "waiting room",
    r(
      200,
      cf,
      '<title>Waiting Room powered by Cloudflare</title><meta http-equiv="refresh" content="30"><h1>You are now in line.</h1><p>Thanks for your patience. Your estimated wait time is 4 minutes.</p>',
    ),
  ],
  [
    "Akamai",
    "access denied reference",
    r(
      403,
      { ...html, server: "AkamaiGHost" },
      "<title>Access Denied</title><h1>Access Denied</h1>You don't have permission to access this. Reference&#32;&#35;18&#46;2f1e&#46;1700000000&#46;9a8b",
    ),
  ],
  [
    "Akamai",
    "bot manager sensor page",
    r(
      200,
      { ...html, server: "AkamaiGHost", "set-cookie": "_abck=0A1B~-1~YAAQ~-1~-1~-1; Path=/" },
      '<title></title><script src="/akam/13/3f9a0c21" defer></script><script>window.bmak={};setTimeout(function(){location.reload()},1200)</script>',
    ),
  ],
  [
    "Akamai",
    "bot manager challenge",
    r(200, html, '<div id="sec-if-cpt-container"><h1>Powered and protected by Akamai</h1></div>'),
  ],
  [
    "Imperva",
    "incapsula iframe",
    r(
      200,
      html,
      '<script src="/_Incapsula_Resource?SWJIYLWA=1"></script><iframe id="main-iframe" src="/_Incapsula_Resource?CWUDNSAI=2">Request unsuccessful. Incapsula incident ID: 1-2</iframe>',
    ),
  ],
  [
    "Imperva",
    "pardon our interruption",
    r(
      200,
      { ...html, "x-iinfo": "1-2-3" },
      "<h1>Pardon Our Interruption</h1><p>Something about your browser made us think you were a bot.</p>",
    ),
  ],
  [
    "Imperva",
    "error 15",
    r(
      403,
      { ...html, "x-cdn": "Imperva" },
      "<h1>Access denied</h1><p>Error 15. This request was blocked by our security service.</p>",
    ),
  ],
  ["Sucuri", "x-sucuri-block", r(403, { ...html, "x-sucuri-block": "BOT001" }, "")],
  [
    "Sucuri",
    "firewall page",
    r(
      403,
      html,
      "<title>Sucuri WebSite Firewall - Access Denied</title><h1>Access Denied - Sucuri Website Firewall</h1>",
    ),
  ],
  [
    "DataDome",
    "captcha-delivery",
    r(403, html, "<script>var dd={'host':'geo.captcha-delivery.com'}</script>"),
  ],
  [
    "DataDome",
    "x-datadome block",
    r(
      403,
      { ...html, "x-datadome": "protected" },
      "<p>Please enable JS and disable any ad blocker</p>",
    ),
  ],
  [
    "PerimeterX",
    "press and hold",
    r(403, html, '<title>Access to this page has been denied</title><div id="px-captcha"></div>'),
  ],
  ["AWS WAF", "waf action header", r(202, { ...html, "x-amzn-waf-action": "challenge" }, "")],
  [
    "AWS WAF",
    "goku props",
    r(
      202,
      html,
      '<script>window.gokuProps={"key":"x"}</script><script src="https://x.token.awswaf.com/x/challenge.js"></script>',
    ),
  ],
  [
    "AWS WAF",
    "cloudfront request blocked",
    r(
      403,
      { ...html, "x-amz-cf-id": "abc" },
      "<h1>403 ERROR</h1>Request blocked. Generated by cloudfront (CloudFront)",
    ),
  ],
  ["AWS WAF", "alb 403", r(403, { ...html, server: "awselb/2.0" }, "<h1>403 Forbidden</h1>")],
  [
    "Kasada",
    "kpsdk headers",
    r(429, { ...html, "x-kpsdk-ct": "abc" }, "<script>window.KPSDK={}</script>"),
  ],
  [
    "F5",
    "request rejected",
    r(
      200,
      html,
      "<title>Request Rejected</title>The requested URL was rejected. Please consult with your administrator.<br>Your support ID is: 123",
    ),
  ],
  [
    "F5",
    "tspd bot defense",
    r(200, html, '<script>window["bobcmn"]="1"</script><script src="/TSPD/0a1b?type=9"></script>'),
  ],
  ["Vercel", "mitigated header", r(429, { ...html, "x-vercel-mitigated": "challenge" }, "")],
  [
    "Vercel",
    "checkpoint page",
    r(403, html, "<title>Vercel Security Checkpoint</title><p>We're verifying your browser</p>"),
  ],
  [
    "Fastly",
    "client challenge",
    r(200, html, '<title>Client Challenge</title><script src="/_fs-ch-1T1w/script.js"></script>'),
  ],
  [
    "Fastly",
    "next-gen waf",
    r(406, { ...html, "x-sigsci-requestid": "1" }, "<h1>406 Not Acceptable</h1>"),
  ],
  [
    "DDoS-Guard",
    "title",
    r(
      403,
      { ...html, server: "ddos-guard" },
      "<title>DDoS-Guard</title><p>Checking your browser</p>",
    ),
  ],
  [
    "DDoS-Guard",
    "check words alone, served 200 from its edge",
    r(
      200,
      { ...html, server: "ddos-guard" },
      "<title>DDoS-Guard</title><p>Checking your browser before accessing example.com. This process is automatic. Your browser will redirect to your requested content shortly. Please allow up to 5 seconds… DDoS protection by DDoS-Guard</p>",
    ),
  ],
  [
    "Qrator",
    "qauth script",
    r(401, { ...html, server: "QRATOR" }, '<script src="/__qrator/qauth_utm_v2.js"></script>'),
  ],
  [
    "Qrator",
    "bare 403 from Qrator's edge",
    r(
      403,
      { ...html, server: "QRATOR" },
      "<html><head><title>403 Forbidden</title></head><body><p>Forbidden</p></body></html>",
    ),
  ],
  [
    "StormWall",
    "challenge script",
    r(
      200,
      html,
      '<p>Checking your browser</p><script src="https://static.stormwall.pro/c.js"></script>',
    ),
  ],
  [
    "Variti",
    "cookie and check",
    r(
      403,
      { ...html, "set-cookie": "ipp_uid=1/2/3; Path=/" },
      "<script>location.reload()</script>",
    ),
  ],
  [
    "Anubis",
    "challenge script",
    r(
      200,
      html,
      '<title>Making sure you&#39;re not a bot!</title><script id="anubis_challenge" type="application/json">{}</script>',
    ),
  ],
  [
    "SiteGround",
    "sgcaptcha refresh",
    r(202, html, '<meta http-equiv="refresh" content="0;/.well-known/sgcaptcha/?r=%2F">'),
  ],
  [
    "Wordfence",
    "limited access",
    r(
      503,
      html,
      "<h1>Your access to this site has been limited by the site owner</h1><p>Generated by Wordfence at noon.</p>",
    ),
  ],
  [
    "Wordfence",
    "limited access, served 200",
    r(
      200,
      html,
      "<title>Your access to this site has been limited by the site owner</title><h1>Your access to this site has been limited by the site owner</h1><p>If you think you have been blocked in error, contact the owner of this site for assistance.</p><p>Generated by Wordfence at Mon, 1 Jan 2024 0:00:00 GMT.</p>",
    ),
  ],
  [
    "ModSecurity",
    "406 page",
    r(406, html, "<h1>Not Acceptable</h1><p>This error was generated by Mod_Security.</p>"),
  ],
  [
    "Imunify360",
    "bot-protection page",
    r(403, html, "<h1>Access denied by Imunify360 bot-protection.</h1>"),
  ],
  [
    "Yandex SmartCaptcha",
    "showcaptcha form",
    r(
      200,
      html,
      '<form action="/checkcaptcha?key=1"><input type="submit" value="Я не робот"></form>',
    ),
  ],
  [
    "Radware",
    "perfdrive captcha",
    r(
      200,
      html,
      '<link rel="stylesheet" href="https://captcha.perfdrive.com/captcha-public/css/x.css"><p>We think you are a bot.</p>',
    ),
  ],
  [
    "Barracuda",
    "blocked",
    r(403, html, "<h1>You have been blocked</h1><p>by the Barracuda Web Application Firewall.</p>"),
  ],
  [
    "FortiWeb",
    "web page blocked",
    r(403, html, "<h2>Web Page Blocked!</h2><p>Attack ID: 20000051</p><p>FortiWeb</p>"),
  ],
  [
    "Azure WAF",
    "front door",
    r(403, { ...html, "x-azure-ref": "20261130T0930Z" }, "<h2>The request is blocked.</h2>"),
  ],
  [
    "BitNinja",
    "security check",
    r(503, html, "<h1>Checking your browser</h1><p>Protected by BitNinja.</p>"),
  ],
  [
    "Reblaze",
    "rbz challenge",
    r(
      200,
      { ...html, "set-cookie": "rbzid=abc; path=/" },
      "<script>var rbzns={seed:'1'};</script>",
    ),
  ],
  ["DataDome", "bare 403 with x-datadome", r(403, { ...html, "x-datadome": "protected" }, "")],
  ["Imperva", "bare 403 with x-iinfo", r(403, { ...html, "x-iinfo": "1-2-3 NNNN" }, "")],
  ["Sucuri", "bare 403 with x-sucuri-id", r(403, { ...html, "x-sucuri-id": "16012" }, "")],
  [
    "StackPath",
    "waf block",
    r(
      403,
      { ...html, server: "StackPath", "x-sp-waf": "1" },
      "<title>Access blocked</title><h1>Sorry, you have been blocked</h1><p>This website uses a security service to protect itself from online attacks.</p><p>Powered by StackPath</p>",
    ),
  ],
  [
    "GeeTest",
    "verification page",
    r(
      200,
      html,
      '<title>Verification</title><script src="https://static.geetest.com/v4/gt4.js"></script><p>Slide the piece into place to continue.</p><div id="captcha-box"></div><script>initGeetest4({captchaId:"c1"},function(c){c.appendTo("#captcha-box")})</script>',
    ),
  ],
  [
    "hCaptcha",
    "captcha interstitial",
    r(
      403,
      html,
      '<h1>One more step</h1><p>Please complete the security check to access this site.</p><div class="h-captcha" data-sitekey="x"></div>',
    ),
  ],
  [
    "reCAPTCHA",
    "captcha interstitial",
    r(
      200,
      html,
      '<title>Are you a robot?</title><h1>Please confirm you are human</h1><form method="post" action="/verify"><div class="g-recaptcha" data-sitekey="x"></div><button>Continue</button></form>',
    ),
  ],
  [
    "Turnstile",
    "captcha interstitial",
    r(
      200,
      html,
      '<title>Security check</title><h1>Verify you are human</h1><p>Complete the check below to continue to the shop.</p><form method="post"><div class="cf-turnstile" data-sitekey="x"></div><button>Continue</button></form>',
    ),
  ],
  [
    null,
    "browser check",
    r(
      200,
      html,
      "<h2>Checking your browser before accessing the website</h2><script>setTimeout(reload, 3000)</script>",
    ),
  ],
  [
    null,
    "firewall refusal",
    r(
      403,
      html,
      "<h1>Request Blocked</h1><p>Your request was blocked by the web application firewall.</p>",
    ),
  ],
  [
    null,
    "javascript-only error",
    r(503, html, "<script>document.cookie='x=1';location.reload()</script>"),
  ],
  [
    "Cloudflare",
    "the plain-text block sent to clients that are not browsers",
    r(403, { ...cf, "content-type": "text/plain; charset=UTF-8" }, "error code: 1020"),
  ],
  [
    null,
    "a browser check in German",
    r(
      200,
      html,
      "<title>Einen Moment…</title><h1>Ihr Browser wird überprüft</h1><script>setTimeout(() => location.reload(), 3000)</script>",
    ),
  ],
  [
    "DataDome",
    "a block page with its header",
    r(403, { ...html, "x-datadome": "protected" }, "<h1>You have been blocked</h1>"),
  ],
  [
    "BitNinja",
    "a 200 check that reloads",
    r(
      200,
      html,
      "<title>Security check by BitNinja.IO</title><h1>Security check by BitNinja.IO</h1><p>One moment: we make sure you are a human and not a bot.</p><script>setTimeout(function(){location.reload()},2500)</script>",
    ),
  ],
  [
    "Barracuda",
    "a 200 block page with its cookie",
    r(
      200,
      { ...html, "set-cookie": "barra_counter_session=812; path=/" },
      "<title>Request Rejected</title><h1>You have been blocked</h1><p>The page you asked for was blocked. Contact the site's administrator if this is a mistake. Event ID: 5521</p>",
    ),
  ],
  [
    "Imperva",
    "a Distil page answered 200",
    r(
      200,
      html,
      '<title>Pardon Our Interruption</title><script src="/x1y2-distil.js" defer></script><h1>Pardon Our Interruption</h1><p>Something about your browser made us think you were a bot.</p><div id="distilCaptchaForm"></div>',
    ),
  ],
  [
    "Radware",
    "a bot manager captcha",
    r(
      200,
      html,
      '<title>Radware Bot Manager Captcha</title><h1>We apologize for the inconvenience</h1><p>Your activity on this site made us think that you are a bot.</p><form method="post" action="https://validate.perfdrive.com/c"><div class="g-recaptcha" data-sitekey="x"></div></form>',
    ),
  ],
  [
    "PerimeterX",
    "a refusal asking to verify with its cookie",
    r(
      403,
      { ...html, "set-cookie": "_pxhd=abc; path=/" },
      "<p>Please verify you are a human</p><script>check()</script>",
    ),
  ],
  [
    "FortiWeb",
    "its page, naming no product, answered 200",
    r(
      200,
      html,
      "<title>Web Page Blocked</title><h1>Web Page Blocked!</h1><p>The page cannot be displayed. Please contact the administrator for additional information.</p><p>URL: y.test/</p><p>Client IP: 203.0.113.9</p><p>Attack ID: 20000051</p><p>Message ID: 000003512148</p>",
    ),
  ],
  [
    "Citrix NetScaler",
    "application firewall block page",
    r(
      200,
      { ...html, "set-cookie": "citrix_ns_id=AAE7; path=/" },
      "<title>Application Firewall Block Page</title><h1>Request Rejected</h1><p>This request was blocked by the security rules.</p><p>Incident ID: 1234567890</p>",
    ),
  ],
  [
    "NinjaFirewall",
    "403",
    r(
      403,
      html,
      "<title>NinjaFirewall: 403 Forbidden</title><p>For security reasons, it was blocked and logged.</p><p>NinjaFirewall event #1234 (incident ID)</p>",
    ),
  ],
  [
    "Shield Security",
    "IP blocked, answered 200",
    r(
      200,
      html,
      "<title>Access Restricted</title><h1>Your IP address has been blocked by Shield Security</h1><p>Contact the site owner.</p>",
    ),
  ],
  [
    "Bunny Shield",
    "browser check",
    r(
      200,
      { ...html, server: "BunnyCDN-DE1-1234" },
      '<title>Establishing a secure connection ...</title><script src="/.bunny-shield/assets/challenge.js"></script>',
    ),
  ],
  [
    "Alibaba Cloud",
    "cookie script",
    r(
      200,
      html,
      '<html><script>var arg1="3F2A";function setCookie(){document.cookie="acw_sc__v2="+x;location.reload()}</script></html>',
    ),
  ],
  [
    "Queue-it",
    "waiting room",
    r(
      200,
      html,
      '<title>Queue-it</title><h1>You are now in line</h1><p>Thank you for your patience; you are in the waiting room.</p><script src="https://static.queue-it.net/script/queueclient.min.js"></script>',
    ),
  ],
  [
    "Arkose Labs",
    "FunCaptcha gate",
    r(
      200,
      html,
      '<title>Security check</title><p>Please verify you are human.</p><script src="https://client-api.arkoselabs.com/v2/api.js"></script>',
    ),
  ],
  [
    "Friendly Captcha",
    "gate",
    r(
      200,
      html,
      '<title>Are you a robot?</title><p>Please make sure you are a human.</p><div class="frc-captcha" data-sitekey="x"></div><script src="/friendly-challenge/widget.js"></script>',
    ),
  ],
  [
    null,
    "a host's test-cookie check",
    r(
      200,
      html,
      '<html><body><script src="/aes.js"></script><script>var a=toNumbers("f6");document.cookie="__test="+toHex(slowAES.decrypt(c,2,a,b));location.href="/?i=1";</script></body></html>',
    ),
  ],
  [
    null,
    "a rate limit answered 200",
    r(
      200,
      html,
      "<title>Too Many Requests</title><h1>Too many requests</h1><p>You have sent too many requests in a given amount of time. Please slow down.</p>",
    ),
  ],
];

describe("signature table", () => {
  it.each(CASES)("%s: %s", (product, _name, response) => {
    expect(matchSignature(response)?.product).toBe(product);
  });

  it("every rule is the first match of one of the cases", () => {
    const hit = new Set(CASES.map(([, , response]) => matchSignature(response)));
    const unused = SIGNATURES.filter((signature) => !hit.has(signature)).map((s) => s.what);
    expect(unused).toEqual([]);
  });
});

/** About a hundred words of a small business's own text. */
const CONTACT =
  "<p>Elm Street Bakery bakes rye, spelt and wheat sourdough every morning from flour of the valley mill.</p><p>Write to us for cake orders, catering for weddings and birthdays, or questions about allergens; we answer within two working days.</p><p>You find us at 12 Elm Street, Springfield, open Tuesday to Saturday from seven to two, Sunday from eight to noon.</p><p>Parking is free behind the shop, and the number 4 bus stops at the corner.</p>";
/** A short review: its own sentences, some about protection products. */
const REVIEW =
  "<p>We moved our small shop to a new host last spring and compared three services on price, support and speed over six weeks.</p><p>Setup took an afternoon, the dashboard is plain, and the support team answered our two questions on the same day.</p><p>Pages loaded as fast as before for visitors in Europe, slightly slower in South America.</p><p>Our verdict: a fair price for a small site, with a clear contract and no surprises on the invoice.</p>";

/** A short page of a site: navigation links, a title, a few sentences. */
const sitePage = (title: string, text: string, extra = "") =>
  `<title>${title}</title><nav>${'<a href="/section">Section</a>'.repeat(12)}</nav><h1>${title}</h1><p>${text}</p>${extra}`;

const LOOK_ALIKES: [string, ResponseToClassify][] = [
  [
    "a short Turnstile docs page with a live demo, through Cloudflare",
    r(
      200,
      cf,
      sitePage(
        "Turnstile demo",
        "The widget asks visitors to verify you are human.",
        '<div class="cf-turnstile" data-sitekey="1x00000000000000000000AA"></div>',
      ),
    ),
  ],
  [
    "a short post titled “Just a moment” through Cloudflare",
    r(
      200,
      cf,
      sitePage("Just a moment, please: our new waiting room", "We added a queue for ticket sales."),
    ),
  ],
  [
    "a short post quoting an Incapsula incident ID",
    r(
      200,
      html,
      sitePage(
        "What is an Incapsula incident ID?",
        "The page says Request unsuccessful. Incapsula incident ID: 123-456.",
      ),
    ),
  ],
  [
    "a short post quoting F5",
    r(
      200,
      html,
      sitePage(
        "F5 errors",
        "“The requested URL was rejected. Please consult with your administrator.” Your support ID is: 1.",
      ),
    ),
  ],
  [
    "a short post about Sucuri",
    r(
      200,
      html,
      sitePage(
        "Sucuri WAF review",
        "The Sucuri Website Firewall blocked 3,000 attacks and shows an Access Denied page.",
      ),
    ),
  ],
  [
    "a short post about Imunify360",
    r(
      200,
      html,
      sitePage(
        "Imunify360 captcha",
        "Imunify360 asks visitors to verify you are human when their IP is greylisted.",
      ),
    ),
  ],
  [
    "a short post about DDoS-Guard",
    r(
      200,
      html,
      sitePage(
        "DDoS-Guard review",
        "DDoS-Guard shows a page: checking your browser before accessing the site.",
      ),
    ),
  ],
  [
    "a short post about Pardon Our Interruption",
    r(
      200,
      html,
      sitePage(
        "Pardon Our Interruption explained",
        "Imperva shows this page to suspected bots.",
        '<a href="https://www.imperva.com/">Imperva</a>',
      ),
    ),
  ],
  [
    "a short SmartCaptcha demo page",
    r(
      200,
      html,
      sitePage(
        "SmartCaptcha demo",
        "Press “I'm not a robot”.",
        '<div class="smart-captcha" data-sitekey="ysc1_x"></div>',
      ),
    ),
  ],
  [
    "an article served through Cloudflare",
    r(200, { ...cf, "cf-cache-status": "HIT" }, article("Gardening")),
  ],
  [
    "a 404 page behind Cloudflare",
    r(404, cf, "<title>Page not found</title><h1>404</h1><p>This page moved.</p>"),
  ],
  [
    "a maintenance 503 behind Cloudflare",
    r(503, cf, "<h1>We'll be back soon</h1><p>Scheduled maintenance until 14:00.</p>"),
  ],
  [
    "an origin 403 'access denied' behind Cloudflare",
    r(403, cf, "<title>Access denied</title><p>You do not have access to this folder.</p>"),
  ],
  [
    "a Cloudflare page with the jsd script",
    r(
      200,
      cf,
      `<p>Plumbing services.</p><script>a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js'</script>`,
    ),
  ],
  [
    "a page behind CloudFront",
    r(
      200,
      { ...html, "x-amz-cf-id": "a", via: "1.1 x.cloudfront.net (CloudFront)" },
      article("Hiking"),
    ),
  ],
  [
    "a page behind Fastly",
    r(
      200,
      { ...html, "x-served-by": "cache-fra-123-FRA", "x-fastly-request-id": "1" },
      article("Library"),
    ),
  ],
  [
    "a page behind Akamai",
    r(200, { ...html, server: "AkamaiGHost", "set-cookie": "ak_bmsc=1; path=/" }, article("Shoes")),
  ],
  [
    "a page behind Imperva with its resource script",
    r(
      200,
      { ...html, "x-cdn": "Imperva", "set-cookie": "visid_incap_1=a; path=/" },
      `<script src="/_Incapsula_Resource?SWJIYLWA=1"></script>${article("Insurance")}`,
    ),
  ],
  [
    "a page behind DataDome with its tag",
    r(
      200,
      { ...html, "x-datadome": "protected" },
      `<script src="https://js.datadome.co/tags.js"></script>${article("Bicycles")}`,
    ),
  ],
  [
    "a page behind Sucuri with a badge",
    r(
      200,
      { ...html, "x-sucuri-id": "1" },
      `${article("Clinic")}<a href="https://sucuri.net/">Protected by Sucuri</a>`,
    ),
  ],
  [
    "a page on Vercel",
    r(200, { ...html, server: "Vercel", "x-vercel-id": "fra1::x" }, article("Conference")),
  ],
  [
    "an article about Cloudflare challenges",
    r(200, cf, article("The Cloudflare “Just a moment...” page and window._cf_chl_opt")),
  ],
  [
    "an article about captchas",
    r(200, html, article("Verify you are human: I'm not a robot and captcha accessibility")),
  ],
  [
    "an article quoting the Wordfence page",
    r(
      200,
      html,
      article(
        "Your access to this site has been limited by the site owner — generated by Wordfence",
      ),
    ),
  ],
  [
    "a short note about Anubis",
    r(
      200,
      html,
      "<title>Making sure you're not a bot!</title><p>Our forge now uses Anubis. Here is why.</p>",
    ),
  ],
  [
    "a contact form with reCAPTCHA",
    r(
      200,
      html,
      '<h1>Contact</h1><form><input type="email" name="email"><textarea name="m"></textarea><div class="g-recaptcha" data-sitekey="x"></div></form>',
    ),
  ],
  [
    "a login page with reCAPTCHA",
    r(
      401,
      html,
      '<h1>Members only</h1><p>Please log in.</p><form><input name="user"><input type="password" name="pw"><div class="g-recaptcha"></div></form>',
    ),
  ],
  [
    "a members-only 403 with the reCAPTCHA v3 script",
    r(
      403,
      cf,
      '<script src="https://www.google.com/recaptcha/api.js?render=KEY"></script><h1>Members only</h1><p>Please log in.</p>',
    ),
  ],
  [
    "a login notice on a PerimeterX site",
    r(
      403,
      { ...html, "set-cookie": "_px3=a; path=/" },
      "<script>window._pxAppId='PX1';</script><h1>Please sign in</h1><p>You need to be signed in to see your orders.</p>",
    ),
  ],
  [
    "an nginx 404",
    r(
      404,
      { ...html, server: "nginx" },
      "<title>404 Not Found</title><center><h1>404 Not Found</h1></center><hr><center>nginx</center>",
    ),
  ],
  [
    "an Apache 403",
    r(
      403,
      { ...html, server: "Apache" },
      "<title>403 Forbidden</title><h1>Forbidden</h1><p>You don't have permission to access this resource.</p>",
    ),
  ],
  [
    "a 404 listing a ModSecurity post",
    r(404, html, "<h1>Not found</h1><p>Recent posts: Debugging ModSecurity 406 errors.</p>"),
  ],
  ["a tiny page", r(200, html, "<h1>It works!</h1>")],
  [
    "a tiny page behind Imperva",
    r(
      200,
      { ...html, "x-iinfo": "1" },
      '<script src="/_Incapsula_Resource?SWJIYLWA=1"></script><p>Moved to /en/.</p>',
    ),
  ],
  ["a 404 behind DataDome", r(404, { ...html, "x-datadome": "protected" }, "<h1>Not found</h1>")],
  ["an empty 200 behind Sucuri", r(200, { ...html, "x-sucuri-id": "1" }, "")],
  // Short pages of protected sites: the vendor's headers, cookies and scripts come with every
  // page, and such a page may mention a robot or DDoS protection.
  [
    "a host's page behind DDoS-Guard about DDoS protection",
    r(
      200,
      { ...html, server: "ddos-guard", "set-cookie": "__ddg1_=x; path=/" },
      sitePage(
        "VPS hosting",
        "Every plan includes DDoS protection and daily backups.",
        "<script>app()</script>",
      ),
    ),
  ],
  [
    "a feedback form behind Qrator with an “I am not a robot” box (ru)",
    r(
      200,
      { ...html, server: "QRATOR" },
      '<title>Обратная связь</title><h1>Обратная связь</h1><form><input type="checkbox"> Я не робот</form><script>x()</script>',
    ),
  ],
  [
    "a help page of a PerimeterX customer saying “press and hold”",
    r(
      200,
      { ...html, "set-cookie": "_pxhd=abc; path=/" },
      `<script>window._pxAppId="PX1";</script><title>Pairing</title><a href="/">Home</a><a href="/help">Help</a><p>Press and hold the button for 5 seconds until the light flashes blue.</p>`,
    ),
  ],
  [
    "a page using the AWS WAF integration SDK",
    r(
      200,
      html,
      '<title>Order status</title><a href="/">Home</a><p>Your orders appear below once you are signed in. Questions? Call us.</p><script>AwsWafIntegration.fetch("/api/orders")</script>',
    ),
  ],
  [
    "a page prefetching DataDome's captcha host",
    r(
      200,
      html,
      '<link rel="dns-prefetch" href="https://geo.captcha-delivery.com"><title>Shoes</title><a href="/">Home</a><p>Our new running shoes are here, in five colours and all sizes.</p>',
    ),
  ],
  [
    "terms forbidding automated access on a small site",
    r(
      200,
      html,
      '<title>Terms of use</title><a href="/">Home</a><p>Automated access to this site, such as scraping, is prohibited without our consent.</p><script async src="https://www.googletagmanager.com/gtag/js"></script>',
    ),
  ],
  [
    "a post titled “Just a moment...” on a Cloudflare site",
    r(
      200,
      cf,
      '<title>Just a moment...</title><a href="/">Home</a><h1>Just a moment...</h1><p>A short poem about waiting: just a moment, said the kettle, just a moment more, and the steam climbed the window.</p><script>gtag()</script>',
    ),
  ],
  [
    "a footer credit to StormWall",
    r(
      200,
      html,
      '<title>Contact</title><a href="/">Home</a><p>Call us on weekdays.</p><footer>Protected by StormWall</footer><script>x()</script>',
    ),
  ],
  [
    "a short article showing a captcha demo",
    r(
      200,
      html,
      `<title>How reCAPTCHA works</title><nav>${'<a href="/x">Section</a>'.repeat(12)}</nav><h1>How reCAPTCHA works</h1><p>The checkbox asks you to verify you are human; here is a live demo.</p><div class="g-recaptcha" data-sitekey="x"></div>`,
    ),
  ],
  // Short pages of a site with a CAPTCHA widget or a product's name in the title: the check is
  // not the page's purpose, whatever its wording.
  [
    "a contact page with reCAPTCHA asking to verify you are human",
    r(
      200,
      html,
      `<title>Contact us</title><h1>Contact us</h1>${CONTACT}<form method="post" action="/contact"><textarea name="message"></textarea><script src="https://www.google.com/recaptcha/api.js"></script><div class="g-recaptcha" data-sitekey="x"></div><p>Please verify you are human.</p><button>Send</button></form>`,
    ),
  ],
  [
    "a contact page with an hCaptcha widget and no form fields",
    r(
      200,
      html,
      `<title>Contact us</title><h1>Contact us</h1>${CONTACT}<script src="https://js.hcaptcha.com/1/api.js"></script><div class="h-captcha" data-sitekey="x"></div><p>Please complete the security check.</p>`,
    ),
  ],
  [
    "a newsletter page with Turnstile, through Cloudflare",
    r(
      200,
      cf,
      `<title>Newsletter</title><h1>Our newsletter</h1>${CONTACT}<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" defer></script><div class="cf-turnstile" data-sitekey="x"></div><p>Verify you are human by completing the action below.</p>`,
    ),
  ],
  [
    "a contact page behind DDoS-Guard with a captcha and challenge wording",
    r(
      200,
      { ...html, server: "ddos-guard", "set-cookie": "__ddg1_=x; path=/" },
      `<title>Contact</title><h1>Contact</h1>${CONTACT}<form method="post"><div class="g-recaptcha"></div><p>Please verify you are human.</p></form>`,
    ),
  ],
  [
    "a review titled after DDoS-Guard",
    r(
      200,
      html,
      `<title>DDoS-Guard review</title><h1>DDoS-Guard review</h1>${REVIEW}<script>gtag("js")</script>`,
    ),
  ],
  [
    "a vendor's own page titled DDoS-Guard",
    r(
      200,
      html,
      `<title>DDoS-Guard — DDoS protection and CDN</title><h1>Protect your website</h1>${REVIEW}<p>Checking your browser before accessing your site takes under a second.</p>`,
    ),
  ],
  [
    "an article titled Vercel Security Checkpoint",
    r(200, html, `<title>Vercel Security Checkpoint</title><h1>What is it?</h1>${REVIEW}`),
  ],
  [
    "an article titled like the Sucuri block page",
    r(
      200,
      html,
      `<title>Sucuri WebSite Firewall - Access Denied</title><h1>Why Sucuri blocked me</h1>${REVIEW}<p>The Sucuri Website Firewall blocked my own visit.</p>`,
    ),
  ],
  [
    "an article titled Request Rejected quoting F5",
    r(
      200,
      html,
      `<title>Request Rejected</title><h1>Request Rejected</h1>${REVIEW}<p>“The requested URL was rejected. Please consult with your administrator.”</p>`,
    ),
  ],
  [
    "an article with an image and a link under SiteGround's check path",
    r(
      200,
      html,
      `<title>Hosting</title>${REVIEW}<img src="/.well-known/sgcaptcha/logo.png" alt=""><a href="/.well-known/sgcaptcha/">sgcaptcha</a>`,
    ),
  ],
  [
    "a review of the Barracuda WAF quoting its block page",
    r(
      200,
      html,
      `<title>Barracuda WAF review</title>${REVIEW}<p>Its page says: you have been blocked.</p>`,
    ),
  ],
  [
    "a help article on Wordfence's block page",
    r(
      200,
      html,
      `<title>Your access to this site has been limited by the site owner: what to do</title>${article("Wordfence blocks")}<p>The page ends “Generated by Wordfence”.</p>`,
    ),
  ],
  [
    "a page behind DDoS-Guard telling of its own browser check",
    r(
      200,
      { ...html, server: "ddos-guard", "set-cookie": "__ddg1_=x; path=/" },
      `<title>Shop hours</title><h1>Shop hours</h1>${article("Opening hours")}<p>DDoS-Guard may be checking your browser for a second before this page.</p>`,
    ),
  ],
  [
    "a short post quoting Cloudflare's block page",
    r(
      200,
      html,
      "<title>Attention Required! | Cloudflare</title><h1>Why I saw “Sorry, you have been blocked”</h1><p>A VPN address had a poor reputation.</p>",
    ),
  ],
  [
    "an origin's 403 page with text of its own behind Qrator",
    r(
      403,
      { ...html, server: "QRATOR" },
      `<title>Members only</title><h1>Members only</h1><p>${"This archive is open to members of the society. Sign in with your membership number to read the back issues. ".repeat(3)}</p>`,
    ),
  ],
  [
    "a sign-in page with GeeTest",
    r(
      200,
      html,
      '<title>Sign in</title><form method="post"><input name="user"><input type="password" name="pw"><div id="gt"></div></form><script src="https://static.geetest.com/v4/gt4.js"></script>',
    ),
  ],
  [
    "a single-page app on Akamai, with the sensor script",
    r(
      200,
      { ...html, server: "AkamaiGHost", "set-cookie": "_abck=1; path=/" },
      '<div id="root"></div><script src="/akam/13/3f9a0c21" defer></script><script src="/static/js/main.js"></script>',
    ),
  ],
  [
    "a forum question quoting F5's block message",
    r(
      200,
      html,
      sitePage(
        'Getting "Request Rejected" on checkout',
        "When I pay I get: The requested URL was rejected. Please consult with your administrator. Your support ID is: 9837465123. What do I do? Reply: clear cookies and try again.",
      ),
    ),
  ],
  [
    "a page of a site behind F5's bot defense, with its script",
    r(
      200,
      { ...html, "set-cookie": "TS01a2b3c4=0123; path=/" },
      `<script>window["bobcmn"] = "/TSPD/300000008TSPD_101";</script><script src="/TSPD/08a1?type=10"></script>${sitePage("Opening hours", "We are open Monday to Saturday, nine to six, and on Sundays in December.")}${CONTACT}`,
    ),
  ],
  [
    "a short docs page titled after an access-denied error, with few links",
    r(
      200,
      html,
      '<title>Access denied errors</title><a href="/">Home</a><h1>Access denied errors</h1><p>If you see "Access denied" when opening a shared folder, your account lacks the read permission. You have been blocked? Contact support with the request ID shown.</p>',
    ),
  ],
  [
    "a song titled Access Denied",
    r(
      200,
      html,
      '<title>Access Denied (song)</title><h1>Access Denied</h1><p>Lyrics by The Firewalls, 1998. "You have been blocked from my heart..."</p><p><a href="/songs">All songs</a></p>',
    ),
  ],
  [
    "a docs page about rate limits",
    r(
      200,
      html,
      sitePage(
        "Rate limits",
        "The API answers 429 Too Many Requests when a client sends more than 100 requests a minute; wait for the time its Retry-After header names.",
      ),
    ),
  ],
];

describe("look-alikes match no signature", () => {
  it.each(LOOK_ALIKES)("%s", (_name, response) => {
    expect(matchSignature(response)?.what).toBeUndefined();
  });
});
