import type { Endpoint } from "./endpoint.js";
import { ModelEndpointError, postJson } from "./post-json.js";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

export interface ChatReply {
  content: string;
  /** `stop`, `length` (cut off), … or null when the server does not say. */
  finishReason: string | null;
}

/**
 * One non-streaming `POST {base}/chat/completions`. Temperature 0: the answer should follow the
 * passages, not vary. Throws `ModelEndpointError` (also when the reply has no message text).
 */
export async function chat(
  endpoint: Endpoint,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): Promise<ChatReply> {
  const reply = await postJson(
    endpoint,
    "/chat/completions",
    { model: endpoint.model, messages, temperature: 0, stream: false },
    signal,
  );
  const choice = firstChoice(reply);
  const message = isRecord(choice?.message) ? choice.message : null;
  if (typeof message?.content !== "string") {
    throw new ModelEndpointError("bad-response", "the chat reply has no message content");
  }
  const finishReason = typeof choice?.finish_reason === "string" ? choice.finish_reason : null;
  return { content: message.content, finishReason };
}

function firstChoice(reply: unknown): Record<string, unknown> | null {
  if (!isRecord(reply) || !Array.isArray(reply.choices)) return null;
  const choice: unknown = reply.choices[0];
  return isRecord(choice) ? choice : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
