import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { fetchOnce } from "../fetch/fetch.js";
import { createRobotsCache } from "./cache.js";
import {
  type GetOnce,
  isFresh,
  loadRobots,
  ROBOTS_MAX_AGE_MS,
  type RobotsOutcome,
  robotsUrl,
} from "./load.js";

type Route = (req: IncomingMessage, res: ServerResponse) => void;

interface Site {
  origin: string;
  /** Paths asked for, with the User-Agent they were asked with. */
  asked: { path: string; agent: string | undefined }[];
  close(): Promise<void>;
}

const open: Site[] = [];
let nextHost = 2;

/** A real HTTP server on its own loopback address (127.x.y.z), port 0. */
async function site(routes: Record<string, Route>): Promise<Site> {
  const asked: Site["asked"] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    asked.push({ path: req.url ?? "", agent: req.headers["user-agent"] });
    const route = routes[req.url ?? ""];
    if (route) route(req, res);
    else res.writeHead(404).end("not found");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const host = `127.93.${process.pid % 250}.${nextHost++}`;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const result: Site = {
    origin: `http://${host}:${port}`,
    asked,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  open.push(result);
  return result;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const get: GetOnce = (url) =>
  fetchOnce({
    url,
    accept: "text/plain",
    timeoutMs: 2_000,
    maxBytes: 500 * 1024,
    truncateLarge: true,
  });

const status =
  (code: number, headers: Record<string, string> = {}, body = ""): Route =>
  (_req, res) => {
    res.writeHead(code, { "content-type": "text/plain", ...headers }).end(body);
  };

const redirect = (location: string, code = 301) => status(code, { location });

function allows(outcome: RobotsOutcome, url: string): boolean {
  if (outcome.kind !== "rules") throw new Error(`expected rules, got ${outcome.kind}`);
  return outcome.robots.allows(url);
}

describe("RFC 9309 §2.3.1.1 successful access", () => {
  it("2xx: reads the rules, valid for one hour", async () => {
    const s = await site({
      "/robots.txt": status(200, {}, "User-agent: HootyBot\nDisallow: /x\n"),
    });
    const outcome = await loadRobots(`${s.origin}/some/page`, get, { now: () => 1_000 });
    expect(outcome).toMatchObject({
      kind: "rules",
      status: 200,
      url: `${s.origin}/robots.txt`,
      fetchedAt: 1_000,
      expiresAt: 1_000 + ROBOTS_MAX_AGE_MS,
    });
    expect(allows(outcome, `${s.origin}/x`)).toBe(false);
    expect(allows(outcome, `${s.origin}/y`)).toBe(true);
    expect(s.asked).toEqual([{ path: "/robots.txt", agent: expect.stringContaining("HootyBot") }]);
  });

  it("204 and other 2xx with an empty body: no rules, everything allowed", async () => {
    const s = await site({ "/robots.txt": status(204) });
    const outcome = await loadRobots(s.origin, get);
    expect(outcome.kind).toBe("rules");
    expect(allows(outcome, `${s.origin}/x`)).toBe(true);
  });

  it("parses only the first 500 KiB of the body", async () => {
    const body = `User-agent: *\nDisallow: /early\n# ${"x".repeat(520_000)}\nDisallow: /late\n`;
    const s = await site({ "/robots.txt": status(200, {}, body) });
    const outcome = await loadRobots(s.origin, get);
    expect(allows(outcome, `${s.origin}/early`)).toBe(false);
    expect(allows(outcome, `${s.origin}/late`)).toBe(true);
  });

  it("decodes the body as UTF-8", async () => {
    const s = await site({
      "/robots.txt": status(200, {}, "\uFEFFUser-agent: *\nDisallow: /café\n"),
    });
    const outcome = await loadRobots(s.origin, get);
    expect(allows(outcome, `${s.origin}/caf%C3%A9`)).toBe(false);
  });
});

describe("RFC 9309 §2.3.1.2 redirects", () => {
  it("follows up to five redirects, Location resolved against the current URL", async () => {
    const s = await site({
      "/robots.txt": redirect("/r1"),
      "/r1": redirect("r2", 302),
      "/r2": redirect("/r3", 307),
      "/r3": redirect("./r4", 308),
      "/r4": redirect("/r5", 303),
      "/r5": status(200, {}, "User-agent: *\nDisallow: /x\n"),
    });
    const outcome = await loadRobots(s.origin, get);
    expect(outcome.kind).toBe("rules");
    expect(outcome.url).toBe(`${s.origin}/robots.txt`);
    expect(allows(outcome, `${s.origin}/x`)).toBe(false);
    expect(s.asked.map((a) => a.path)).toEqual(["/robots.txt", "/r1", "/r2", "/r3", "/r4", "/r5"]);
  });

  it("a sixth redirect makes robots.txt unreachable", async () => {
    const s = await site({
      "/robots.txt": redirect("/r1"),
      "/r1": redirect("/r2"),
      "/r2": redirect("/r3"),
      "/r3": redirect("/r4"),
      "/r4": redirect("/r5"),
      "/r5": redirect("/r6"),
      "/r6": status(200, {}, "User-agent: *\nAllow: /\n"),
    });
    const outcome = await loadRobots(s.origin, get);
    expect(outcome).toMatchObject({
      kind: "unavailable",
      reason: "too-many-redirects",
      status: 301,
    });
    expect(s.asked).toHaveLength(6);
  });

  it("follows a redirect to another host; the rules apply to the first one", async () => {
    const other = await site({ "/robots.txt": status(200, {}, "User-agent: *\nDisallow: /x\n") });
    const s = await site({ "/robots.txt": redirect(`${other.origin}/robots.txt`) });
    const outcome = await loadRobots(s.origin, get);
    expect(outcome.url).toBe(`${s.origin}/robots.txt`);
    expect(allows(outcome, `${s.origin}/x`)).toBe(false);
  });

  it("a redirect to a 404 means no restrictions", async () => {
    const s = await site({ "/robots.txt": redirect("/gone"), "/gone": status(404) });
    expect(await loadRobots(s.origin, get)).toMatchObject({ kind: "allow-all", status: 404 });
  });

  it("a redirect without a usable Location makes robots.txt unreachable", async () => {
    const s = await site({ "/robots.txt": status(302) });
    expect(await loadRobots(s.origin, get)).toMatchObject({
      kind: "unavailable",
      reason: "bad-redirect",
      status: 302,
    });
    const t = await site({ "/robots.txt": redirect("ftp://example.com/robots.txt") });
    expect((await loadRobots(t.origin, get)).kind).toBe("unavailable");
  });
});

describe("RFC 9309 §2.3.1.3 unavailable status (4xx)", () => {
  it.each([400, 401, 403, 404, 410, 451])(
    "%i: no restrictions, valid for one hour",
    async (code) => {
      const s = await site({ "/robots.txt": status(code, {}, "User-agent: *\nDisallow: /\n") });
      const outcome = await loadRobots(s.origin, get, { now: () => 5 });
      expect(outcome).toEqual({
        kind: "allow-all",
        status: code,
        url: `${s.origin}/robots.txt`,
        fetchedAt: 5,
        expiresAt: 5 + ROBOTS_MAX_AGE_MS,
      });
    },
  );

  it("429 asks to slow down: treated as unreachable (Google's choice; the RFC says MAY)", async () => {
    const s = await site({ "/robots.txt": status(429, { "retry-after": "60" }) });
    expect(await loadRobots(s.origin, get)).toMatchObject({
      kind: "unavailable",
      reason: "rate-limited",
      status: 429,
    });
  });
});

describe("RFC 9309 §2.3.1.4 unreachable status: complete disallow", () => {
  it.each([500, 502, 503, 504])("%i", async (code) => {
    const s = await site({ "/robots.txt": status(code) });
    const outcome = await loadRobots(s.origin, get, { now: () => 0 });
    expect(outcome).toMatchObject({ kind: "unavailable", reason: "server-error", status: code });
    expect(outcome.expiresAt).toBeGreaterThan(0);
    expect(outcome.expiresAt).toBeLessThanOrEqual(ROBOTS_MAX_AGE_MS);
  });

  it("a server that never answers: timeout", async () => {
    const s = await site({ "/robots.txt": () => {} });
    const quick: GetOnce = (url) => fetchOnce({ url, timeoutMs: 300 });
    const started = Date.now();
    const outcome = await loadRobots(s.origin, quick);
    expect(outcome).toMatchObject({ kind: "unavailable", reason: "timeout" });
    expect(outcome).not.toHaveProperty("status");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("connection refused: network", async () => {
    const s = await site({});
    const origin = s.origin;
    await s.close();
    expect(await loadRobots(origin, get)).toMatchObject({ kind: "unavailable", reason: "network" });
  });

  it("any other failure of the request reaches the caller as itself, never allow-all", async () => {
    // The site gate refusing the request (a rate limit in force) or a cancelled crawl is not an
    // answer about robots.txt: the caller stops, it does not read it as "no robots.txt".
    const refused: GetOnce = async () => {
      throw new Error("the site asked HootyBot to wait");
    };
    await expect(loadRobots("https://example.com", refused)).rejects.toThrow(/wait/);
  });

  it("a body the fetcher did not read is unreachable, not an empty file", async () => {
    const skipped: GetOnce = async () => ({
      status: 200,
      headers: {},
      body: Buffer.alloc(0),
      bodySkipped: "too-large",
    });
    expect(await loadRobots("https://example.com", skipped)).toMatchObject({
      kind: "unavailable",
      reason: "too-large",
    });
  });

  it("a body cut short by the fetcher is read as far as it goes", async () => {
    const cut: GetOnce = async () => ({
      status: 200,
      headers: {},
      body: "User-agent: *\nDisallow: /x\n",
      bodySkipped: "too-large",
    });
    const outcome = await loadRobots("https://example.com", cut);
    expect(allows(outcome, "https://example.com/x")).toBe(false);
  });

  it("an unknown status class is unreachable", async () => {
    const odd: GetOnce = async () => ({ status: 999, headers: {}, body: "" });
    expect((await loadRobots("https://example.com", odd)).kind).toBe("unavailable");
  });
});

describe("RFC 9309 §2.4 caching: at most one hour", () => {
  it("robotsUrl is /robots.txt on the site's scheme, host and port", () => {
    expect(robotsUrl("https://Example.com:8443/a/b?c#d")).toBe(
      "https://example.com:8443/robots.txt",
    );
  });

  it("the cache fetches once, then again after the hour", async () => {
    let body = "User-agent: *\nDisallow: /x\n";
    const s = await site({ "/robots.txt": (_req, res) => res.writeHead(200).end(body) });
    let now = 0;
    const cache = createRobotsCache(get, { now: () => now });
    const [a, b] = await Promise.all([cache.forSite(s.origin), cache.forSite(`${s.origin}/page`)]);
    expect(a).toBe(b);
    now = ROBOTS_MAX_AGE_MS - 1;
    expect(isFresh(a, now)).toBe(true);
    expect(await cache.forSite(s.origin)).toBe(a);
    expect(s.asked).toHaveLength(1);
    body = "User-agent: *\nAllow: /\n";
    now = ROBOTS_MAX_AGE_MS;
    expect(isFresh(a, now)).toBe(false);
    const fresh = await cache.forSite(s.origin);
    expect(s.asked).toHaveLength(2);
    expect(allows(fresh, `${s.origin}/x`)).toBe(true);
  });
});
