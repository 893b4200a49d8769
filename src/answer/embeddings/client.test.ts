import { afterEach, describe, expect, it } from "vitest";
import {
  embeddingsReply,
  endpointFailure,
  type RecordedRequest,
  type Script,
  type ScriptedServer,
  startScriptedServer,
} from "../written/testdata/openai-server.js";
import { embed } from "./client.js";
import { type EmbeddingsConfig, readEmbeddingsConfig } from "./config.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function configFor(
  script: Script,
  env: Record<string, string> = {},
): Promise<EmbeddingsConfig> {
  server = await startScriptedServer(script);
  const config = readEmbeddingsConfig({
    HOOTY_EMBEDDINGS_URL: server.baseUrl,
    HOOTY_EMBEDDINGS_MODEL: "embed-model",
    ...env,
  });
  if (!config) throw new Error("no config");
  return config;
}

/** Embeds "text N" as [N, 1]. */
function numbered(request: RecordedRequest) {
  const { input } = request.json as { input: string[] };
  return embeddingsReply(input.map((text) => [Number(text.split(" ")[1]), 1]));
}

describe("embed", () => {
  it("sends the model and the inputs in batches of at most 64, in order", async () => {
    const config = await configFor(numbered);
    const texts = Array.from({ length: 130 }, (_, i) => `text ${i}`);
    const vectors = await embed(config, texts);
    expect(vectors.map((vector) => vector[0])).toEqual(texts.map((_, i) => i));
    const bodies = server?.requests.map((r) => r.json as { model: string; input: string[] });
    expect(bodies?.map((b) => b.input.length)).toEqual([64, 64, 2]);
    expect(bodies?.every((b) => b.model === "embed-model")).toBe(true);
    expect(server?.requests.every((r) => r.path === "/v1/embeddings")).toBe(true);
    expect(server?.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("sends the key as a bearer token when one is set", async () => {
    const config = await configFor(numbered, { HOOTY_EMBEDDINGS_API_KEY: "sk-e" });
    await embed(config, ["text 1"]);
    expect(server?.requests[0]?.headers.authorization).toBe("Bearer sk-e");
  });

  it("puts the vectors in the order of their index, not of the list", async () => {
    const config = await configFor({
      json: {
        data: [
          { index: 1, embedding: [2, 0] },
          { index: 0, embedding: [1, 0] },
        ],
      },
    });
    expect((await embed(config, ["a", "b"])).map((v) => v[0])).toEqual([1, 2]);
  });

  it("cuts each input to maxInputChars", async () => {
    const config = { ...(await configFor(numbered)), maxInputChars: 8 };
    await embed(config, ["text 12345678"]);
    expect(server?.requests[0]?.json).toMatchObject({ input: ["text 123"] });
  });

  const invalid: [string, unknown][] = [
    ["too few vectors", { data: [{ index: 0, embedding: [1] }] }],
    ["no data", { object: "list" }],
    ["a vector that is not numbers", { data: [{ embedding: ["1"] }, { embedding: [1] }] }],
    ["an empty vector", { data: [{ embedding: [] }, { embedding: [1] }] }],
    [
      "an index twice",
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [1] },
        ],
      },
    ],
    [
      "an index out of range",
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 5, embedding: [1] },
        ],
      },
    ],
    ["mixed dimensions", { data: [{ embedding: [1] }, { embedding: [1, 2] }] }],
  ];
  it("fails on a number JSON can write but a vector cannot hold (1e400)", async () => {
    const config = await configFor({
      text: '{"data": [{"embedding": [1]}, {"embedding": [1e400]}]}',
      contentType: "application/json",
    });
    expect((await endpointFailure(embed(config, ["a", "b"]))).reason).toBe("bad-response");
  });

  for (const [what, json] of invalid) {
    it(`fails on ${what}`, async () => {
      const config = await configFor({ json } as Script);
      expect((await endpointFailure(embed(config, ["a", "b"]))).reason).toBe("bad-response");
    });
  }
});
