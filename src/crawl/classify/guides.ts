/**
 * The way out of each problem, for the crawl report and the public pages the app serves: how a
 * site owner lets HootyBot through each product, and what to do about JavaScript shells.
 */
export const GUIDE_BASE = "https://hooty.to/bot/allow";

/** How HootyBot identifies itself; every piece of advice matches on its token. */
const UA = "the user agent containing “HootyBot”";

const ADVICE: Record<string, string> = {
  Cloudflare: `In the Cloudflare dashboard, add a WAF custom rule matching ${UA} with the action Skip (skip the remaining custom rules, managed rules, rate limiting and Super Bot Fight Mode). Bot Fight Mode on the Free plan cannot be skipped by a rule: turn it off for the site, and leave “I'm Under Attack” mode off. A Waiting Room queues HootyBot like any visitor: add a Waiting Room rule matching ${UA} with the action Bypass Waiting Room.`,
  Akamai: `In Akamai Bot Manager, define HootyBot as a custom bot (${UA}) in a category whose action is Allow, or exempt it in the App & API Protector security policy.`,
  Imperva: `In the Imperva Cloud Security Console, add a security rule or policy exception for ${UA} with the action Allow (or add HootyBot to the allowed good bots) so that bot protection does not challenge it.`,
  Sucuri: `In the Sucuri Firewall dashboard (Access Control), allow-list HootyBot: add ${UA} to the allowed user agents, or its published IP addresses to the allow-list.`,
  DataDome: `In the DataDome dashboard, add a custom rule for ${UA} with the response Allow.`,
  PerimeterX: `In the HUMAN (PerimeterX) console, add a Bot Defender policy rule that allows ${UA}.`,
  "AWS WAF": `In the AWS WAF web ACL, add a rule ahead of Bot Control and any challenge or CAPTCHA rules that matches ${UA} with the action Allow (or exclude it in the Bot Control rule group's scope-down statement).`,
  Kasada: `In the Kasada portal, add an allow policy (good bot) for ${UA}, or ask Kasada support to let HootyBot through.`,
  F5: `In the BIG-IP ASM / Advanced WAF security policy, allow ${UA}: add it as a trusted bot signature in the Bot Defense profile (action Allow), or add its IP addresses to the policy's IP address exceptions.`,
  Vercel: `In the Vercel project's Firewall, turn off Attack Challenge Mode or add a custom rule matching ${UA} with the action Bypass, placed before any Challenge rule.`,
  Fastly: `In Fastly Next-Gen WAF or Bot Management, add a request rule for ${UA} with the action Allow, so that it is neither challenged nor blocked.`,
  "DDoS-Guard": `In the DDoS-Guard control panel, add an allow (white-list) rule for ${UA}, or ask DDoS-Guard support to exempt HootyBot from the browser check.`,
  Qrator: `In the Qrator Labs personal account, add HootyBot (${UA}) to the allow-list, or ask Qrator support to exempt it from the browser check.`,
  StormWall: `In the StormWall control panel, allow-list ${UA}, or ask StormWall support to exempt HootyBot from the browser check.`,
  Variti: `Ask Variti (in the client area or through support) to allow ${UA} through the bot check.`,
  Anubis: `In the Anubis bot policy file, add a rule before the catch-all challenge: name “hootybot”, user_agent_regex “HootyBot”, action ALLOW.`,
  SiteGround: `SiteGround's anti-bot check cannot be configured per crawler in Site Tools: ask SiteGround support to allow ${UA} for the site.`,
  Wordfence: `In WordPress, Wordfence → Firewall → Rate Limiting and Blocking: make sure no blocking rule matches HootyBot and that its page views are not throttled; add HootyBot's IP addresses to “Allowlisted IP addresses that bypass all rules”.`,
  ModSecurity: `A ModSecurity rule refused the request. Find the rule ID in the server's audit log and exclude it for ${UA} (for example with ctl:ruleRemoveById in a rule that matches the User-Agent), or ask the host to do so.`,
  Imunify360: `In Imunify360 (in cPanel, Plesk or the host's panel), add HootyBot's IP addresses to the White List, or ask the host to exempt ${UA} from the anti-bot protection.`,
  "Yandex SmartCaptcha": `In Yandex Cloud Smart Web Security, add a rule to the security profile that allows ${UA} before the rule that shows SmartCaptcha.`,
  Radware: `In Radware Bot Manager, add ${UA} to the allowed (good) bots.`,
  Barracuda: `In the Barracuda WAF, add an allow rule (or exception) for ${UA}.`,
  FortiWeb: `In FortiWeb, add ${UA} to the known good bots or create an exception in the protection profile.`,
  "Citrix NetScaler": `In the NetScaler (Citrix ADC) Application Firewall profile, add a relaxation or a bot-management allow rule for ${UA}.`,
  NinjaFirewall: `In WordPress, NinjaFirewall → Firewall Policies (or Access Control): allow ${UA}, or add HootyBot's IP addresses to the allowed IPs.`,
  "Shield Security": `In WordPress, Shield Security → Bots & IPs: add HootyBot's IP addresses to the bypass list and make sure no bot rule blocks ${UA}.`,
  "Bunny Shield": `In the bunny.net dashboard, the pull zone's Bunny Shield settings: add an access rule matching ${UA} with the action Allow, or lower the bot detection for the site.`,
  "Alibaba Cloud": `In the Alibaba Cloud WAF console, add a whitelist rule matching ${UA} (bot management and custom protection rules), ahead of the rules that challenge or block.`,
  "Queue-it": `In the Queue-it Go platform, add a trigger exception (or a bypass in the connector) for ${UA}, so that HootyBot is not sent to the waiting room.`,
  "Arkose Labs": captchaAdvice("Arkose Labs"),
  "Friendly Captcha": captchaAdvice("Friendly Captcha"),
  "Azure WAF": `In the Azure WAF policy, add a custom rule matching ${UA} with the action Allow, ahead of the bot-manager and rate-limit rules.`,
  BitNinja: `In the BitNinja console, allow-list HootyBot's IP addresses or ask the host to exempt ${UA} from the browser check.`,
  Reblaze: `In the Reblaze console, add an allow rule for ${UA}.`,
  StackPath: `In the StackPath WAF (the site's Security settings), add a custom rule matching ${UA} with the action Allow, ahead of any Block or Captcha rule and the bot protection.`,
  GeeTest: captchaAdvice("GeeTest"),
  hCaptcha: captchaAdvice("hCaptcha"),
  reCAPTCHA: captchaAdvice("reCAPTCHA"),
  Turnstile: captchaAdvice("Cloudflare Turnstile"),
};

/** A CAPTCHA service the site's own code, a plugin or the host puts in front of the pages. */
function captchaAdvice(service: string): string {
  return `A ${service} CAPTCHA stands in front of the pages, added by the site's code, a plugin (a security or anti-spam plugin) or the host's bot protection. Exempt ${UA} where it is turned on (the plugin's or the host's allow-list), or show it only on forms; HootyBot never solves CAPTCHAs.`;
}

const GENERIC_ADVICE = `A CAPTCHA, browser check or firewall stands in front of the pages. Exempt ${UA} (full string: Mozilla/5.0 (compatible; HootyBot/1.0; +https://hooty.to/bot)) from that check in the service or plugin that adds it; HootyBot never runs JavaScript or solves challenges.`;

export function productSlug(product: string): string {
  return product
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** How the site owner lets HootyBot through `product` (null: no vendor recognised). */
export function allowListGuide(product: string | null): { url: string; advice: string } {
  const advice = product === null ? undefined : ADVICE[product];
  if (product === null || advice === undefined) return { url: GUIDE_BASE, advice: GENERIC_ADVICE };
  return { url: `${GUIDE_BASE}/${productSlug(product)}`, advice };
}

/** The products that have their own guide, for the app's guide pages. */
export const GUIDED_PRODUCTS: readonly string[] = Object.keys(ADVICE);

export const JS_RENDERED_ADVICE =
  "HootyBot reads the HTML the server sends and never runs JavaScript. Render the text on the server (server-side rendering or static generation, as Next.js, Nuxt, SvelteKit, Angular SSR and Astro offer) or prerender the pages, so that the HTML carries the text.";
