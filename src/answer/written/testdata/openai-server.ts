/**
 * A scripted OpenAI-compatible server on loopback for tests: it records every request and
 * answers each with the next reply of its script (the last one repeats).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ModelEndpointError } from "../post-json.js";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export type Reply =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType?: string }
  /** Accepts the request and never answers. */
  | { hang: true }
  /** Sends the headers and the start of a body, then nothing more. */
  | { stallBody: true }
  /** A 200 body of this many bytes (spaces), streamed without a length. */
  | { hugeBytes: number };

export type Script = Reply | Reply[] | ((request: RecordedRequest) => Reply);

export interface ScriptedServer {
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        raw,
        json,
      };
      requests.push(recorded);
      answer(res, pick(script, recorded, requests.length - 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function pick(script: Script, request: RecordedRequest, index: number): Reply {
  if (typeof script === "function") return script(request);
  if (!Array.isArray(script)) return script;
  const reply = script[Math.min(index, script.length - 1)];
  if (!reply) throw new Error("empty script");
  return reply;
}

function answer(res: ServerResponse, reply: Reply): void {
  if ("hang" in reply) return;
  if ("stallBody" in reply) {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"choices": [');
    return;
  }
  if ("hugeBytes" in reply) {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < reply.hugeBytes) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    res.on("error", () => {});
    pump();
    return;
  }
  if ("json" in reply) {
    res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.json));
    return;
  }
  res.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "text/plain" });
  res.end(reply.text);
}

/** A chat completion whose message is `content`. */
export function chatReply(content: string, finishReason = "stop"): Reply {
  return {
    json: {
      id: "chatcmpl-test",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    },
  };
}

/** An embeddings answer with these vectors, in order. */
export function embeddingsReply(vectors: readonly number[][]): Reply {
  return {
    json: {
      object: "list",
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
    },
  };
}

/** The endpoint error `promise` rejects with; any other outcome fails the test. */
export async function endpointFailure(promise: Promise<unknown>): Promise<ModelEndpointError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelEndpointError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}
