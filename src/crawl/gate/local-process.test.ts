import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { isDeadLocalProcess } from "./local-process.js";

const owner = (pid: number, host = hostname()) => `${host}/${pid}/lease`;

describe("isDeadLocalProcess", () => {
  it("knows a running process, this one, as alive", () => {
    expect(isDeadLocalProcess(owner(process.pid))).toBe(false);
  });

  it("does not judge another machine's process, or an owner it cannot read", () => {
    expect(isDeadLocalProcess(owner(process.pid, `not-${hostname()}`))).toBe(false);
    expect(isDeadLocalProcess("garbage")).toBe(false);
  });

  it("knows a killed process as dead, also while it waits to be reaped (a zombie)", async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps it: killed, it stays a zombie.
    const parent = spawn("sh", ["-c", "sleep 300 & echo $!; exec sleep 300"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const pid = await new Promise<number>((done) =>
        parent.stdout.once("data", (chunk: Buffer) => done(Number(chunk.toString().trim()))),
      );
      expect(isDeadLocalProcess(owner(pid))).toBe(false);
      process.kill(pid, "SIGKILL");
      const until = Date.now() + 5_000;
      while (!isDeadLocalProcess(owner(pid)) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(isDeadLocalProcess(owner(pid))).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
