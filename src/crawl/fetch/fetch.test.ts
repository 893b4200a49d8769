import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { html, silent, startSite, type TestSite } from "../../../test/servers/site.js";
import { FROM, USER_AGENT } from "../../core/identity.js";
import { fetchOnce } from "./fetch.js";
import { FetchFailure } from "./types.js";

const sites: TestSite[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) await site.close();
});
async function site(...args: Parameters<typeof startSite>) {
  const s = await startSite(...args);
  sites.push(s);
  return s;
}

describe("fetchOnce", () => {
  it("sends HootyBot's identity and asks for HTML", async () => {
    const s = await site({ "/": html("<p>hi</p>") });
    const response = await fetchOnce({ url: `${s.origin}/` });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("<p>hi</p>");
    const headers = s.log[0]?.headers ?? {};
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(headers.from).toBe(FROM);
    expect(headers.accept).toMatch(/^text\/html/);
  });

  it("never lets extra headers change the identity", async () => {
    const s = await site({ "/": html("ok") });
    await fetchOnce({ url: `${s.origin}/`, headers: { "User-Agent": "curl", From: "x@y" } });
    expect(s.log[0]?.headers["user-agent"]).toBe(USER_AGENT);
    expect(s.log[0]?.headers.from).toBe(FROM);
  });

  it("never has two requests to one site in flight, even when asked for two at once", async () => {
    const s = await site({
      "/slow": (_req, res) => {
        setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end("slow"), 300);
      },
      "/next": html("next"),
    });
    await Promise.all([
      fetchOnce({ url: `${s.origin}/slow` }),
      fetchOnce({ url: `${s.origin}/next` }),
    ]);
    const [first, second] = s.log;
    expect(first?.path).toBe("/slow");
    expect(second?.arrivedAt).toBeGreaterThanOrEqual(first?.finishedAt ?? Number.POSITIVE_INFINITY);
  });

  it("does not follow redirects", async () => {
    const s = await site({
      "/a": (_req, res) => res.writeHead(301, { location: "/b" }).end(),
      "/b": html("b"),
    });
    const response = await fetchOnce({ url: `${s.origin}/a` });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/b");
    expect(s.log.map((r) => r.path)).toEqual(["/a"]);
  });

  it("reads a Location sent as raw UTF-8 bytes as UTF-8, as browsers do", async () => {
    // Node writes a header string one byte per character: these are the UTF-8 bytes of the path.
    const raw = (text: string) => Buffer.from(text, "utf8").toString("latin1");
    const s = await site({
      "/utf8": (_req, res) => res.writeHead(302, { location: raw("/üét") }).end(),
      "/latin1": (_req, res) => res.writeHead(302, { location: "/caf\u00e9" }).end(),
    });
    const utf8 = await fetchOnce({ url: `${s.origin}/utf8` });
    expect(utf8.headers.location).toBe("/üét");
    // Not UTF-8 (a lone Latin-1 byte): left as it came.
    const latin1 = await fetchOnce({ url: `${s.origin}/latin1` });
    expect(latin1.headers.location).toBe("/caf\u00e9");
  });

  it("times out against a server that never answers", async () => {
    const s = await site({ "/": silent });
    const started = Date.now();
    const error = await fetchOnce({ url: `${s.origin}/`, timeoutMs: 400 }).catch((e) => e);
    expect(error).toBeInstanceOf(FetchFailure);
    expect((error as FetchFailure).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("times out a body that trickles forever", async () => {
    const s = await site({
      "/": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => res.write("."), 50);
        res.on("close", () => clearInterval(timer));
      },
    });
    const error = await fetchOnce({ url: `${s.origin}/`, timeoutMs: 500 }).catch((e) => e);
    expect((error as FetchFailure).kind).toBe("timeout");
  });

  it("caps a gzip bomb at maxBytes of decoded output", async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x61));
    const s = await site({
      "/": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bomb);
      },
    });
    const response = await fetchOnce({ url: `${s.origin}/`, maxBytes: 1024 * 1024 });
    expect(response.truncated).toBe(true);
    expect(response.body.length).toBe(1024 * 1024);
  });

  it("skips a body whose declared length exceeds the cap, and a non-HTML type", async () => {
    const s = await site({
      "/big": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-length": "100000000" });
        res.write("x");
      },
      "/pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF"),
    });
    const big = await fetchOnce({ url: `${s.origin}/big`, maxBytes: 1000 });
    expect(big.bodySkipped).toBe("too-large");
    const pdf = await fetchOnce({
      url: `${s.origin}/pdf`,
      acceptContentType: (type) => type?.startsWith("text/html") ?? false,
    });
    expect(pdf.bodySkipped).toBe("content-type");
    expect(pdf.body.length).toBe(0);
  });

  it("decodes deflate with and without the zlib wrapper, and br", async () => {
    const zlib = await import("node:zlib");
    const s = await site({
      "/z": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
          .end(zlib.deflateSync("zlib body")),
      "/raw": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
          .end(zlib.deflateRawSync("raw body")),
      "/br": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "br" })
          .end(zlib.brotliCompressSync("br body")),
    });
    expect((await fetchOnce({ url: `${s.origin}/z` })).body.toString()).toBe("zlib body");
    expect((await fetchOnce({ url: `${s.origin}/raw` })).body.toString()).toBe("raw body");
    expect((await fetchOnce({ url: `${s.origin}/br` })).body.toString()).toBe("br body");
  });

  it("reports a header flood and broken compression as protocol failures", async () => {
    const s = await site({
      "/flood": (_req, res) => {
        for (let i = 0; i < 2000; i++) res.setHeader(`x-flood-${i}`, "y".repeat(64));
        res.writeHead(200).end("x");
      },
      "/broken": (_req, res) =>
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
          .end("not gzip at all"),
    });
    const flood = await fetchOnce({ url: `${s.origin}/flood` }).catch((e) => e);
    expect((flood as FetchFailure).kind).toBe("protocol");
    const broken = await fetchOnce({ url: `${s.origin}/broken` }).catch((e) => e);
    expect((broken as FetchFailure).kind).toBe("protocol");
  });

  it("reports a refused connection", async () => {
    const s = await site({});
    await s.close();
    const error = await fetchOnce({ url: `${s.origin}/`, timeoutMs: 2000 }).catch((e) => e);
    expect((error as FetchFailure).kind).toBe("connect");
  });
});
