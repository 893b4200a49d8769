import { describe, expect, it } from "vitest";
import { emptyDirectives, fromRobotsHeader, robotsDirectives } from "./directives.js";

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

  it("reads unavailable_after as noindex once its date has passed", () => {
    const now = Date.parse("2026-12-02T10:00:00Z");
    const read = (value: string) => fromRobotsHeader(value, undefined, now);
    // A date still to come is kept, the earliest of several: the page leaves the index then.
    expect(read("unavailable_after: Wed, 25 Aug 2027 15:00:00 GMT")).toEqual({
      ...emptyDirectives(),
      unavailableAfter: Date.parse("2027-08-25T15:00:00Z"),
    });
    expect(
      read("unavailable_after: 2028-01-01\nhootybot: unavailable_after: 2027-03-01")
        .unavailableAfter,
    ).toBe(Date.parse("2027-03-01"));
    expect(read("unavailable_after: Tue, 25 Aug 2026 15:00:00 GMT, nofollow")).toEqual({
      noindex: true,
      nofollow: true,
    });
    expect(read("unavailable_after: 2026-01-01")).toEqual({ noindex: true, nofollow: false });
    expect(read("HootyBot: unavailable_after: 25-Aug-2007 15:00:00 EST")).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(read("googlebot: unavailable_after: 2020-01-01")).toEqual(emptyDirectives());
    // A date that does not read as one says nothing.
    expect(read("unavailable_after: soon, nofollow")).toEqual({ noindex: false, nofollow: true });
    expect(read("unavailable_after: 1")).toEqual(emptyDirectives());
    const page = (content: string) =>
      robotsDirectives({}, `<meta name="robots" content="${content}">`, now);
    expect(page("unavailable_after: 2020-06-30T12:00:00Z")).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(page("index, unavailable_after: 2030-06-30")).toEqual({
      ...emptyDirectives(),
      unavailableAfter: Date.parse("2030-06-30"),
    });
  });
});
