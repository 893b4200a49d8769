import { chat } from "./chat-client.js";
import type { WrittenConfig } from "./config.js";
import { withoutInstructions } from "./instructions.js";
import { buildMessages, type PromptInput } from "./prompt.js";
import { type Claim, checkReply } from "./validate.js";

export type WriteInput = PromptInput;

export type WrittenAnswer =
  | {
      notCovered: false;
      /** The model's text; each citation written `[p1]` (ids of the input passages). */
      answer: string;
      /** Passage ids in order of first use. */
      cited: string[];
      claims: Claim[];
    }
  | { notCovered: true };

export interface WriteOptions {
  signal?: AbortSignal;
  /** Why the reply was not used (endpoint failure or a reply that did not check out). */
  onRejected?: (reason: string) => void;
}

/**
 * A written answer grounded only in `input.passages`, or null when there is none to trust: the
 * endpoint failed, or the reply was malformed, too long, or cited something it may not. The
 * caller then answers extractively. Never throws for what the endpoint sends; throws only for
 * invalid or duplicate passage ids, a caller's bug.
 */
export async function writeAnswer(
  config: WrittenConfig,
  input: WriteInput,
  options: WriteOptions = {},
): Promise<WrittenAnswer | null> {
  // The model never reads the lines a page addresses to it, and no claim can rest on them.
  const shown = input.passages.map((p) => ({ ...p, text: withoutInstructions(p.text) }));
  const messages = buildMessages({ ...input, passages: shown }, config.maxPassageChars);
  if (input.passages.length === 0) {
    options.onRejected?.("no-passages");
    return null;
  }
  let content: string;
  try {
    const reply = await chat(config, messages, options.signal);
    if (reply.finishReason === "length") {
      options.onRejected?.("cut-off");
      return null;
    }
    content = reply.content;
  } catch (error) {
    options.onRejected?.(error instanceof Error ? error.message : String(error));
    return null;
  }
  const passages = new Map(
    shown.map((p) => [p.id, `${p.title}\n${p.text.slice(0, config.maxPassageChars)}`]),
  );
  const passageLangs = new Map(shown.flatMap((p) => (p.lang ? [[p.id, p.lang] as const] : [])));
  const verdict = checkReply(content, {
    passages,
    passageLangs,
    lang: input.lang,
    maxChars: config.maxAnswerChars,
  });
  switch (verdict.kind) {
    case "not-covered":
      return { notCovered: true };
    case "rejected":
      options.onRejected?.(verdict.reason);
      return null;
    case "answer":
      return {
        notCovered: false,
        answer: verdict.answer,
        cited: verdict.cited,
        claims: verdict.claims,
      };
  }
}
