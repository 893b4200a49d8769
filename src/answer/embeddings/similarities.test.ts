import { afterEach, describe, expect, it } from "vitest";
import {
  embeddingsReply,
  type RecordedRequest,
  type Script,
  type ScriptedServer,
  startScriptedServer,
} from "../written/testdata/openai-server.js";
import { type EmbeddingsConfig, readEmbeddingsConfig } from "./config.js";
import { similarities } from "./similarities.js";
import { VectorCache } from "./vector-cache.js";

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(script: Script): Promise<[EmbeddingsConfig, ScriptedServer]> {
  const server = await startScriptedServer(script);
  servers.push(server);
  const config = readEmbeddingsConfig({
    HOOTY_EMBEDDINGS_URL: server.baseUrl,
    HOOTY_EMBEDDINGS_MODEL: "embed-model",
  });
  if (!config) throw new Error("no config");
  return [{ ...config, timeoutMs: 400 }, server];
}

const VECTORS: Record<string, number[]> = {
  "how fast is shipping?": [1, 0, 0],
  "how do returns work?": [0, 1, 0],
  "Shipping takes 3 days.": [3, 0, 0],
  "Returns are free.": [0, 2, 0],
  "Shipping and returns.": [1, 1, 0],
  "Opening hours.": [0, 0, 5],
};

function vectors(request: RecordedRequest) {
  const { input } = request.json as { input: string[] };
  return embeddingsReply(input.map((text) => VECTORS[text] ?? [0, 0, 0]));
}

const passages = [
  { key: "h1", text: "Shipping takes 3 days." },
  { key: "h2", text: "Returns are free." },
  { key: "h3", text: "Shipping and returns." },
  { key: "h4", text: "Opening hours." },
];

const inputs = (server: ScriptedServer) =>
  server.requests.map((r) => (r.json as { input: string[] }).input);

describe("similarities", () => {
  it("gives the cosine of the question to each passage, by key", async () => {
    const [config] = await start(vectors);
    const scores = await similarities(config, "how fast is shipping?", passages, {
      cache: new VectorCache(100),
    });
    expect(scores?.get("h1")).toBeCloseTo(1, 6);
    expect(scores?.get("h2")).toBeCloseTo(0, 6);
    expect(scores?.get("h3")).toBeCloseTo(Math.SQRT1_2, 6);
    expect(scores?.get("h4")).toBeCloseTo(0, 6);
  });

  it("embeds a passage once: a warm cache sends only what it has not seen", async () => {
    const [config, server] = await start(vectors);
    const cache = new VectorCache(100);
    await similarities(config, "how fast is shipping?", passages, { cache });
    expect(inputs(server)).toEqual([["how fast is shipping?", ...passages.map((p) => p.text)]]);
    const again = await similarities(config, "how fast is shipping?", passages, { cache });
    expect(server.requests).toHaveLength(1);
    expect(again?.get("h1")).toBeCloseTo(1, 6);
    const other = await similarities(config, "how do returns work?", passages, { cache });
    expect(inputs(server)[1]).toEqual(["how do returns work?"]);
    expect(other?.get("h2")).toBeCloseTo(1, 6);
  });

  it("sends a repeated key once and gives an empty text 0 without sending it", async () => {
    const [config, server] = await start(vectors);
    const scores = await similarities(
      config,
      "how fast is shipping?",
      [passages[0], passages[0], { key: "empty", text: "  " }].flatMap((p) => (p ? [p] : [])),
      { cache: new VectorCache(100) },
    );
    expect(inputs(server)).toEqual([["how fast is shipping?", "Shipping takes 3 days."]]);
    expect(scores?.get("empty")).toBe(0);
  });

  it("keeps the vectors of different endpoints apart", async () => {
    const cache = new VectorCache(100);
    const [first] = await start(vectors);
    const [second, secondServer] = await start(vectors);
    await similarities(first, "how fast is shipping?", passages, { cache });
    await similarities(second, "how fast is shipping?", passages, { cache });
    expect(secondServer.requests).toHaveLength(1);
  });

  it("batches a cold site's passages", async () => {
    const [config, server] = await start(vectors);
    const many = Array.from({ length: 100 }, (_, i) => ({ key: `k${i}`, text: `passage ${i}` }));
    const scores = await similarities(config, "how fast is shipping?", many, {
      cache: new VectorCache(1_000),
    });
    expect(inputs(server).map((input) => input.length)).toEqual([64, 37]);
    expect(scores?.size).toBe(100);
  });

  const failing: [string, Script][] = [
    ["a server error", { status: 500, json: { error: "down" } }],
    ["a server that never answers", { hang: true }],
    ["an answer that is not JSON", { text: "oops" }],
    ["vectors missing", embeddingsReply([[1, 0, 0]])],
  ];
  for (const [what, script] of failing) {
    it(`is null on ${what}, so ranking goes on without it`, async () => {
      const [config] = await start(script);
      const errors: string[] = [];
      const started = Date.now();
      const scores = await similarities(config, "how fast is shipping?", passages, {
        cache: new VectorCache(100),
        onError: (error) => errors.push(error.reason),
      });
      expect(scores).toBeNull();
      expect(errors).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(1_500);
    });
  }

  it("is null when the vectors change dimension under the same model", async () => {
    const cache = new VectorCache(100);
    const [config] = await start([
      embeddingsReply([
        [1, 0, 0],
        [1, 0, 0],
      ]),
      embeddingsReply([[1, 0]]),
    ]);
    await similarities(config, "q1", [passages[0] ?? { key: "", text: "" }], { cache });
    expect(
      await similarities(config, "q2", [passages[0] ?? { key: "", text: "" }], { cache }),
    ).toBeNull();
  });
});
