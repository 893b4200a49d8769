import { MessageChannel } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import type { Replies } from "./index-thread-protocol.js";
import { answerCalls, callsOver } from "./port-calls.js";

describe("calls over a message port", () => {
  it("settles each call with its value, or with its error's message and code", async () => {
    const { port1, port2 } = new MessageChannel();
    answerCalls<{ op: string }>(port2, async ({ op }) => {
      if (op === "full")
        throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      if (op === "plain") throw new Error("no code");
      return `did ${op}`;
    });
    const caller = callsOver<{ op: string }>((calls) => port1.postMessage(calls));
    port1.on("message", (replies: Replies) => caller.receive(replies));
    try {
      const [value, full, plain] = await Promise.allSettled([
        caller.call({ op: "read" }),
        caller.call({ op: "full" }),
        caller.call({ op: "plain" }),
      ]);
      expect(value).toEqual({ status: "fulfilled", value: "did read" });
      const failed = (full as PromiseRejectedResult).reason as Error & { code?: string };
      expect([failed.message, failed.code]).toEqual(["database or disk is full", "SQLITE_FULL"]);
      const other = (plain as PromiseRejectedResult).reason as Error & { code?: string };
      expect([other.message, "code" in other]).toEqual(["no code", false]);
    } finally {
      port1.close();
    }
  });
});
