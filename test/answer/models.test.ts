/**
 * The optional models through `hooty ask`: a chat model's written answer is used only when its
 * citations check out (else the extractive answer stands), its "not covered" is honoured, and an
 * embeddings endpoint joins the ranking without ever being needed. The endpoints are scripted
 * OpenAI-compatible servers on loopback.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  chatReply,
  embeddingsReply,
  type ScriptedServer,
  startScriptedServer,
} from "../../src/answer/written/testdata/openai-server.js";
import { jsonLines, runHooty, tempDir } from "../helpers/cli.js";
import { site } from "../helpers/crawl.js";
import { routes } from "./example-site.js";

let origin = "";
let data = "";
const servers: ScriptedServer[] = [];

beforeAll(async () => {
  origin = (await site(routes)).origin;
  data = tempDir();
  expect((await runHooty(["crawl", `${origin}/`, "--data", data, "--json"])).code).toBe(0);
}, 30_000);

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(script: Parameters<typeof startScriptedServer>[0]) {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

interface Answer {
  covered: boolean;
  answer: string;
  citations: { url: string; title: string; quote: string }[];
}

async function ask(question: string, env: NodeJS.ProcessEnv): Promise<Answer> {
  const result = await runHooty(["ask", origin, question, "--data", data, "--json"], { env });
  expect(result.code).toBe(0);
  return jsonLines(result.stdout)[0] as Answer;
}

const question = "how can I make a backup copy of my database?";
const llm = (server: ScriptedServer) => ({
  HOOTY_LLM_URL: server.baseUrl,
  HOOTY_LLM_MODEL: "test-model",
});

describe("hooty ask with a chat model", () => {
  it("answers in the model's words, each citation a verbatim quote of the passage it used", async () => {
    // p1, the best passage, is the one on scheduling backups; the model says what it says.
    const server = await serve(
      chatReply(
        "Run the dump from cron every night and keep seven copies on another machine [p1].",
      ),
    );
    const answer = await ask(question, llm(server));
    expect(answer.covered).toBe(true);
    expect(answer.answer).toBe(
      "Run the dump from cron every night and keep seven copies on another machine [1].",
    );
    expect(answer.citations).toHaveLength(1);
    const citation = answer.citations[0];
    expect(citation?.url).toMatch(new RegExp(`^${origin}/backup#`));
    const page = await (await fetch(`${origin}/backup`)).text();
    expect(page.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain(citation?.quote);
    const request = server.requests[0]?.json as { model: string; messages: { role: string }[] };
    expect(request.model).toBe("test-model");
    expect(request.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(server.requests[0]?.raw).toContain("consistent copy of a database");
  });

  it("falls back to the extractive answer when the model cites what it was not given", async () => {
    const server = await serve(chatReply("Back up with the dump tool [p9]."));
    const answer = await ask(question, llm(server));
    expect(answer.covered).toBe(true);
    expect(answer.answer).not.toContain("[p9]");
    expect(answer.answer).toBe(answer.citations[0]?.quote);
    expect(answer.citations[0]?.url).toContain("/backup");
  });

  it("falls back to the extractive answer when the endpoint fails", async () => {
    const server = await serve({ status: 500, json: { error: "overloaded" } });
    const answer = await ask(question, llm(server));
    expect(answer.covered).toBe(true);
    expect(answer.answer).toBe(answer.citations[0]?.quote);
  });

  it("says 'not covered' when the model finds the passages do not answer", async () => {
    const server = await serve(chatReply("NOT_COVERED"));
    const answer = await ask(question, llm(server));
    expect(answer).toMatchObject({ covered: false, citations: [] });
  });
});

describe("hooty ask with embeddings", () => {
  it("sends the question and the passages, and answers as before when the endpoint fails", async () => {
    const working = await serve((request) => {
      const input = (request.json as { input: string[] }).input;
      return embeddingsReply(input.map((text) => (/dump|backup/i.test(text) ? [1, 0] : [0, 1])));
    });
    const env = {
      HOOTY_EMBEDDINGS_URL: working.baseUrl,
      HOOTY_EMBEDDINGS_MODEL: "test-embed",
    };
    const answer = await ask(question, env);
    expect(answer.citations[0]?.url).toContain("/backup");
    const inputs = working.requests.flatMap((r) => (r.json as { input: string[] }).input);
    expect(inputs).toContain(question);
    expect(inputs.some((text) => text.includes("consistent copy of a database"))).toBe(true);

    const failing = await serve({ status: 500, json: { error: "down" } });
    const fallback = await ask(question, { ...env, HOOTY_EMBEDDINGS_URL: failing.baseUrl });
    expect(fallback.citations.map((c) => c.url)).toEqual(answer.citations.map((c) => c.url));
  });
});
