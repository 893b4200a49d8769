import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Endpoint } from "./endpoint.js";
import { postJson } from "./post-json.js";
import {
  endpointFailure,
  type Script,
  type ScriptedServer,
  startScriptedServer,
} from "./testdata/openai-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function endpointFor(script: Script, overrides: Partial<Endpoint> = {}): Promise<Endpoint> {
  server = await startScriptedServer(script);
  return {
    baseUrl: server.baseUrl,
    model: "m",
    apiKey: null,
    timeoutMs: 5_000,
    maxResponseBytes: 64 * 1024,
    ...overrides,
  };
}

describe("postJson", () => {
  it("POSTs JSON and returns the parsed answer", async () => {
    const endpoint = await endpointFor({ json: { ok: true } });
    expect(await postJson(endpoint, "/things", { a: 1 })).toEqual({ ok: true });
    const [request] = server?.requests ?? [];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/things");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.json).toEqual({ a: 1 });
  });

  it("sends the key as a bearer token only when one is set", async () => {
    const endpoint = await endpointFor({ json: {} });
    await postJson(endpoint, "/x", {});
    await postJson({ ...endpoint, apiKey: "sk-secret" }, "/x", {});
    expect(server?.requests[0]?.headers.authorization).toBeUndefined();
    expect(server?.requests[1]?.headers.authorization).toBe("Bearer sk-secret");
  });

  it("gives up when the server never answers: the timer fires", async () => {
    const endpoint = await endpointFor({ hang: true }, { timeoutMs: 300 });
    const started = Date.now();
    const error = await endpointFailure(postJson(endpoint, "/x", {}));
    expect(error.reason).toBe("timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("gives up when the body stalls after the headers: the timer covers the whole exchange", async () => {
    const endpoint = await endpointFor({ stallBody: true }, { timeoutMs: 300 });
    const started = Date.now();
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("cuts off an answer larger than the cap", async () => {
    // Streamed without a length, then declared by Content-Length.
    const endpoint = await endpointFor([
      { hugeBytes: 8 * 1024 * 1024 },
      { text: "x".repeat(100_000) },
    ]);
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("too-large");
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("too-large");
  });

  it("fails on an error status, a redirect and a body that is not JSON", async () => {
    const endpoint = await endpointFor([
      { status: 500, json: { error: "boom" } },
      { status: 302, text: "" },
      { text: "<html>proxy error</html>", contentType: "text/html" },
    ]);
    const status = await endpointFailure(postJson(endpoint, "/x", {}));
    expect([status.reason, status.status]).toEqual(["status", 500]);
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).status).toBe(302);
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("not-json");
  });

  it("fails when nothing listens, and when the connection drops", async () => {
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, "127.0.0.1", resolve));
    const address = dropper.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const endpoint: Endpoint = {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: "m",
      apiKey: null,
      timeoutMs: 2_000,
      maxResponseBytes: 1024,
    };
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("network");
    await new Promise((resolve) => dropper.close(resolve));
    expect((await endpointFailure(postJson(endpoint, "/x", {}))).reason).toBe("network");
  });

  it("stops when the caller aborts", async () => {
    const endpoint = await endpointFor({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await endpointFailure(postJson(endpoint, "/x", {}, controller.signal))).reason).toBe(
      "aborted",
    );
  });
});
