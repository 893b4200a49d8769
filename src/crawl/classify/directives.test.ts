import { describe, expect, it } from "vitest";
import { fromRobotsHeader, robotsDirectives } from "./directives.js";

describe("robotsDirectives", () => {
  it("reads meta robots and meta HootyBot", () => {
    expect(robotsDirectives({}, '<meta name="robots" content="noindex, follow">')).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(robotsDirectives({}, "<META NAME='HootyBot' CONTENT='none'>")).toEqual({
      noindex: true,
      nofollow: true,
    });
    expect(robotsDirectives({}, '<meta content="nofollow" name="robots">')).toEqual({
      noindex: false,
      nofollow: true,
    });
  });

  it("ignores meta tags for other crawlers", () => {
    expect(robotsDirectives({}, '<meta name="googlebot" content="noindex,nofollow">')).toEqual({
      noindex: false,
      nofollow: false,
    });
  });

  it("reads X-Robots-Tag, in any header case", () => {
    expect(robotsDirectives({ "X-Robots-Tag": "noindex" }, "")).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(robotsDirectives({ "x-robots-tag": "none" }, "")).toEqual({
      noindex: true,
      nofollow: true,
    });
  });

  it("ends an agent's scope with its header line", () => {
    // Two X-Robots-Tag lines, as the fetch hands them over: the second is for every crawler.
    expect(fromRobotsHeader("googlebot: index\nnoindex")).toEqual({
      noindex: true,
      nofollow: false,
    });
  });

  it("scopes X-Robots-Tag to agents", () => {
    expect(fromRobotsHeader("HootyBot: noindex")).toEqual({ noindex: true, nofollow: false });
    expect(fromRobotsHeader("hootybot: noindex, nofollow")).toEqual({
      noindex: true,
      nofollow: true,
    });
    expect(fromRobotsHeader("googlebot: noindex, nofollow")).toEqual({
      noindex: false,
      nofollow: false,
    });
    expect(fromRobotsHeader("nofollow, googlebot: noindex")).toEqual({
      noindex: false,
      nofollow: true,
    });
    expect(fromRobotsHeader("unavailable_after: 25 Jun 2010 15:00:00 PST, noindex")).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(fromRobotsHeader("max-snippet: 20, nofollow")).toEqual({
      noindex: false,
      nofollow: true,
    });
  });
});
