import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("crawl progress (quiet lines of a long crawl)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const run = (updates: SiteProgress[], minutes: number) => {
    vi.useFakeTimers();
    const stream = new PassThrough();
    let text = "";
    stream.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const display = createProgress(stream, false, 60_000);
    for (const update of updates) display.update(update);
    vi.advanceTimersByTime(minutes * 60_000);
    display.stop();
    vi.advanceTimersByTime(60_000);
    return text.split("\n").filter(Boolean);
  };

  it("says once a minute where each site still crawling stands", () => {
    const lines = run(
      [
        progress({}),
        progress({
          startUrl: "https://b.example/",
          site: "https://b.example",
          state: "done",
          stoppedBy: null,
        }),
      ],
      2,
    );
    expect(
      lines.filter(
        (l) =>
          l === "hooty: https://a.example  crawling  fetched 3  indexed 2  queued 4  skipped 1",
      ),
    ).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith("hooty: https://b.example  done"))).toHaveLength(1);
  });

  it("sums up many sites in one line", () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      progress({
        startUrl: `https://s${i}.example/`,
        site: `https://s${i}.example`,
        state: i < 2 ? "done" : "crawling",
        stoppedBy: null,
      }),
    );
    const lines = run(many, 1);
    expect(lines.at(-1)).toBe("hooty: 6 sites crawling, 2 done  fetched 24  indexed 16  queued 32");
  });
});
