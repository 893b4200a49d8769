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
