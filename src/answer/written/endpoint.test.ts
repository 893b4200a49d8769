import { describe, expect, it } from "vitest";
import { HootyError } from "../../core/errors.js";
import { readEmbeddingsConfig } from "../embeddings/config.js";
import { readWrittenConfig } from "./config.js";

describe("model endpoints from the environment", () => {
  it("is null when the URL is not set: the models are optional", () => {
    expect(readWrittenConfig({})).toBeNull();
    expect(readWrittenConfig({ HOOTY_LLM_URL: "  ", HOOTY_LLM_MODEL: "m" })).toBeNull();
    expect(readEmbeddingsConfig({ HOOTY_LLM_URL: "http://x/v1" })).toBeNull();
  });

  it("reads URL, model and key, without a trailing slash", () => {
    const config = readWrittenConfig({
      HOOTY_LLM_URL: "http://127.0.0.1:8080/v1/",
      HOOTY_LLM_MODEL: " llama3 ",
      HOOTY_LLM_API_KEY: "sk-1",
    });
    expect(config).toMatchObject({
      baseUrl: "http://127.0.0.1:8080/v1",
      model: "llama3",
      apiKey: "sk-1",
    });
    const embeddings = readEmbeddingsConfig({
      HOOTY_EMBEDDINGS_URL: "https://api.example/v1",
      HOOTY_EMBEDDINGS_MODEL: "e5",
      HOOTY_EMBEDDINGS_API_KEY: "",
    });
    expect(embeddings).toMatchObject({
      baseUrl: "https://api.example/v1",
      model: "e5",
      apiKey: null,
      batchSize: 64,
    });
  });

  it("refuses a URL that is set but unusable, or set without a model", () => {
    const refused = (env: Record<string, string>) => {
      try {
        readWrittenConfig(env);
      } catch (error) {
        return error instanceof HootyError ? error.code : "other";
      }
      return "accepted";
    };
    expect(refused({ HOOTY_LLM_URL: "localhost:8080", HOOTY_LLM_MODEL: "m" })).toBe("bad-config");
    expect(refused({ HOOTY_LLM_URL: "not a url", HOOTY_LLM_MODEL: "m" })).toBe("bad-config");
    expect(refused({ HOOTY_LLM_URL: "ftp://host/v1", HOOTY_LLM_MODEL: "m" })).toBe("bad-config");
    expect(refused({ HOOTY_LLM_URL: "http://host/v1" })).toBe("bad-config");
  });
});
