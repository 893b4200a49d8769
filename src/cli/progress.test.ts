import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { SiteProgress } from "../crawl/site-crawl.js";
import { createProgress } from "./progress.js";

const progress = (over: Partial<SiteProgress>): SiteProgress => ({
  startUrl: "https://a.example/",
  site: "https://a.example",
  state: "crawling",
  fetched: 3,
  indexed: 2,
  queued: 4,
  skipped: 1,
  waiting: null,
  ...over,
});

function written(updates: SiteProgress[]): string {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const display = createProgress(stream, false);
  for (const update of updates) display.update(update);
  display.stop();
  return text;
}

describe("crawl progress (quiet lines)", () => {
  it("says when a site starts and when it is done", () => {
    expect(written([progress({}), progress({ state: "done", stoppedBy: null })])).toBe(
      "hooty: crawling https://a.example\n" +
        "hooty: https://a.example  done  fetched 3  indexed 2  queued 4  skipped 1\n",
    );
  });

  it("says what stopped a site early, also when it stopped before its first page", () => {
    expect(
      written([progress({}), progress({ state: "done", stoppedBy: "rate-limited" })]),
    ).toContain("https://a.example  stopped (rate-limited)  fetched 3");
    expect(written([progress({ state: "done", stoppedBy: "robots-unavailable" })])).toBe(
      "hooty: crawling https://a.example\n" +
        "hooty: https://a.example  stopped (robots-unavailable)  fetched 3  indexed 2  queued 4  skipped 1\n",
    );
  });
});

describe("crawl progress (live lines on a terminal)", () => {
  const drawn = (waiting: SiteProgress["waiting"]) => {
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const display = createProgress(stream, true);
    display.update(progress({ waiting }));
    display.stop();
    return text;
  };

  it("shows a site's current wait and why, except HootyBot's own pause between requests", () => {
    const in10s = Date.now() + 10_000;
    expect(drawn({ until: in10s, why: "crawl-delay" })).toMatch(
      /skipped 1 {2}waiting (9|10) s \(crawl-delay\)\n$/,
    );
    expect(drawn({ until: in10s, why: "retry-after" })).toMatch(/waiting (9|10) s \(retry-after\)/);
    expect(drawn({ until: Date.now() + 400, why: "pace" })).not.toContain("waiting");
  });
});
