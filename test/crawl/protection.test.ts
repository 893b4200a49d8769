/**
 * Blocks and JavaScript shells met during a crawl, served for real from the classifier's corpus:
 * discarded, never indexed, reported with the product and the way out.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, parseCase } from "../../bench/classify.bench.js";
import { crawl, htmlRoute, pageHtml, pagesSite, paths, site, store } from "../helpers/crawl.js";

function served(file: string) {
  const sample = parseCase(file, readFileSync(join(CORPUS_DIR, file), "utf8"));
  const headers = Object.fromEntries(
    Object.entries(sample.response.headers).filter(
      ([name]) =>
        !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name),
    ),
  );
  return {
    sample,
    route: (_req: unknown, res: import("node:http").ServerResponse) =>
      res.writeHead(sample.response.status, headers).end(sample.response.body),
  };
}

describe("bot protection and JavaScript shells in a crawl", () => {
  it("discards them, names the product, explains the way out, and never retries a challenge", async () => {
    const challenge200 = served("protection/cloudflare-challenge-200.http");
    const managed = served("protection/cloudflare-managed-challenge.http");
    const legacy503 = served("protection/cloudflare-legacy-js-challenge.http");
    const ddos = served("protection/ddos-guard-js-challenge.http");
    const shell = served("shells/angular.http");
    const s = await site({
      ...pagesSite(0),
      "/": htmlRoute(pageHtml("Home", ["/cf200", "/cf403", "/cf503", "/ddos", "/app", "/fine"])),
      "/cf503": legacy503.route,
      "/cf200": challenge200.route,
      "/cf403": managed.route,
      "/ddos": ddos.route,
      "/app": shell.route,
      "/fine": htmlRoute(pageHtml("Fine", [])),
    });
    const shared = store();
    const report = await crawl(`${s.origin}/`, { store: shared });
    expect(report.outcome).toBe("completed");
    expect(report.pages.indexed).toBe(2);
    const problem = (path: string) => report.problems.find((p) => p.url === `${s.origin}${path}`);
    expect(problem("/cf200")).toMatchObject({
      kind: "bot-protection",
      status: challenge200.sample.response.status,
      product: "Cloudflare",
    });
    expect(problem("/cf403")).toMatchObject({ kind: "bot-protection", product: "Cloudflare" });
    expect(problem("/ddos")).toMatchObject({
      kind: "bot-protection",
      product: ddos.sample.expectProduct,
    });
    expect(problem("/cf200")?.guide).toMatch(/^https:\/\/hooty\.to\/bot\/allow/);
    expect(problem("/cf200")?.advice).toBeTruthy();
    expect(problem("/app")).toMatchObject({ kind: "js-rendered" });
    expect(problem("/app")?.advice).toMatch(/server/);
    expect(problem("/cf503")).toMatchObject({
      kind: "bot-protection",
      status: 503,
      product: "Cloudflare",
    });
    // A 503 challenge is not a request to come back later: asked once, no backoff, no retry.
    for (const path of ["/cf200", "/cf403", "/cf503", "/ddos"]) {
      expect(
        paths(s.log).filter((p) => p === path),
        path,
      ).toHaveLength(1);
    }
    const record = await shared.sites.byOrigin(s.origin);
    const indexed = (await shared.pages.list(record?.id ?? 0)).map((p) => new URL(p.url).pathname);
    expect(indexed.sort()).toEqual(["/", "/fine"]);
  });

  it("names the product when a challenge answers for robots.txt, and reads nothing", async () => {
    const legacy503 = served("protection/cloudflare-legacy-js-challenge.http");
    const s = await site({
      ...pagesSite(0),
      "/robots.txt": legacy503.route,
      "/": htmlRoute(pageHtml("Home", [])),
    });
    const report = await crawl(`${s.origin}/`, { store: store() });
    expect(report.outcome).toBe("stopped");
    expect(report.problems.map((p) => p.kind)).toEqual(["bot-protection", "robots-unavailable"]);
    expect(report.problems[0]).toMatchObject({
      url: `${s.origin}/robots.txt`,
      status: 503,
      product: "Cloudflare",
    });
    expect(report.problems[0]?.guide).toMatch(/^https:\/\/hooty\.to\/bot\/allow/);
    expect(paths(s.log)).toEqual(["/robots.txt"]);
  });
});
