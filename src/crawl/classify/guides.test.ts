import { describe, expect, it } from "vitest";
import { allowListGuide, GUIDED_PRODUCTS, productSlug } from "./guides.js";
import { SIGNATURES } from "./signatures.js";

describe("allowListGuide", () => {
  it("has a guide for every product the signatures can name", () => {
    for (const signature of SIGNATURES) {
      if (signature.product === null) continue;
      expect(GUIDED_PRODUCTS, signature.product).toContain(signature.product);
      const guide = allowListGuide(signature.product);
      expect(guide.url).toBe(`https://hooty.to/bot/allow/${productSlug(signature.product)}`);
      expect(guide.advice.length).toBeGreaterThan(40);
    }
  });

  it("gives slugs for the app's routes", () => {
    expect(allowListGuide("Cloudflare").url).toBe("https://hooty.to/bot/allow/cloudflare");
    expect(allowListGuide("AWS WAF").url).toBe("https://hooty.to/bot/allow/aws-waf");
    expect(allowListGuide("DDoS-Guard").url).toBe("https://hooty.to/bot/allow/ddos-guard");
    expect(allowListGuide("Yandex SmartCaptcha").url).toBe(
      "https://hooty.to/bot/allow/yandex-smartcaptcha",
    );
  });

  it("names the CAPTCHA service and the waiting room in the advice", () => {
    expect(allowListGuide("reCAPTCHA").url).toBe("https://hooty.to/bot/allow/recaptcha");
    expect(allowListGuide("hCaptcha").advice).toContain("hCaptcha");
    expect(allowListGuide("Turnstile").advice).toContain("Turnstile");
    expect(allowListGuide("Cloudflare").advice).toContain("Bypass Waiting Room");
  });

  it("falls back to the generic guide", () => {
    expect(allowListGuide(null).url).toBe("https://hooty.to/bot/allow");
    expect(allowListGuide("Unknown Shield").url).toBe("https://hooty.to/bot/allow");
    expect(allowListGuide(null).advice).toContain("HootyBot");
  });

  it("explains Cloudflare in its own terms", () => {
    const advice = allowListGuide("Cloudflare").advice;
    expect(advice).toMatch(/custom rule/);
    expect(advice).toMatch(/Super Bot Fight Mode/);
    expect(advice).toContain("HootyBot");
  });
});
