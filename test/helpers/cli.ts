import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const CLI = resolve(import.meta.dirname, "../../dist/src/cli/main.js");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `hooty` binary as a separate process, as a user would. */
export function runHooty(
  args: string[],
  options: {
    input?: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** Sends the process `signal` once its stderr first shows `when` (as a user pressing Ctrl-C). */
    signalOn?: { when: RegExp; signal: NodeJS.Signals };
  } = {},
): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, HOOTY_DATA: "", HOOTY_DATABASE_URL: "", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    let signalled = false;
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (options.signalOn && !signalled && options.signalOn.when.test(stderr)) {
        signalled = true;
        child.kill(options.signalOn.signal);
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", fail);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

export function jsonLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

const made: string[] = [];

/** A new folder under the system's temp folder, removed when the test file ends (removeTempDirs). */
export function tempDir(prefix = "hooty-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes the folders `tempDir` made in this test file (test/helpers/cleanup.ts runs it). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
