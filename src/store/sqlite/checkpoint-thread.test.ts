/**
 * Checkpoints from a thread of their own (built code: the thread runs dist's worker file): the
 * thread copies the WAL back while the writer goes on, and the store's writer then starts the WAL
 * file over rather than letting it grow until its own automatic checkpoint.
 */
import { execFile } from "node:child_process";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import type { Store } from "../types.js";
import type * as CheckpointThreadModule from "./checkpoint-thread.js";
import type * as StoreModule from "./store.js";

const DIST = resolve(import.meta.dirname, "../../../dist/src/store/sqlite");
const built = async () => ({
  ...((await import(join(DIST, "checkpoint-thread.js"))) as typeof CheckpointThreadModule),
  ...((await import(join(DIST, "store.js"))) as typeof StoreModule),
});

/** The WAL header's checkpoint sequence and salts: they change when the WAL file starts over. */
const walGeneration = (file: string) => {
  const fd = openSync(`${file}-wal`, "r");
  try {
    const header = Buffer.alloc(24);
    readSync(fd, header, 0, 24, 0);
    return header.subarray(12, 24).toString("hex");
  } finally {
    closeSync(fd);
  }
};

const addSites = async (store: Store, from: number, count: number) => {
  for (let i = from; i < from + count; i++) {
    await store.sites.ensure(`http://s${i}.test`, `http://s${i}.test/`);
  }
};

describe("checkpoint thread", () => {
  it("copies the WAL back beside the writer", async () => {
    const { openSqliteStore, startCheckpointThread } = await built();
    const file = join(tempDir(), "hooty.sqlite");
    const store = openSqliteStore(file);
    await addSites(store, 0, 50);
    let thread: CheckpointThreadModule.CheckpointThread | undefined;
    const round = await new Promise<CheckpointThreadModule.CheckpointResult>((done) => {
      thread = startCheckpointThread(file, done, 20);
    });
    expect(round.log).toBeGreaterThan(50);
    expect(round.checkpointed).toBe(round.log);
    await thread?.close();
    await store.close();
  });

  it("lets the store's writer start the WAL file over after a round", async () => {
    const { openSqliteStore } = await built();
    const file = join(tempDir(), "hooty.sqlite");
    const store = openSqliteStore(file, { checkpointThread: { everyMs: 50 } });
    try {
      await addSites(store, 0, 50);
      const before = walGeneration(file);
      let after = before;
      for (let i = 1; i <= 40 && after === before; i++) {
        await new Promise((done) => setTimeout(done, 25));
        await addSites(store, i * 1000, 1);
        after = walGeneration(file);
      }
      expect(after).not.toBe(before);
    } finally {
      await store.close();
    }
    // Without the thread the WAL only starts over at the writer's automatic checkpoint.
    const plain = openSqliteStore(join(tempDir(), "hooty.sqlite"));
    try {
      await addSites(plain, 0, 50);
      const before = walGeneration(plain.location);
      await new Promise((done) => setTimeout(done, 200));
      await addSites(plain, 1000, 1);
      expect(walGeneration(plain.location)).toBe(before);
    } finally {
      await plain.close();
    }
  });

  it("closes in a process with nothing else to do", async () => {
    // The thread is unreferenced while it runs; closing must still wait for it, and then close the
    // store's own connection (which checkpoints and removes the WAL file).
    const file = join(tempDir(), "hooty.sqlite");
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(join(DIST, "store.js"))});
      const store = openSqliteStore(${JSON.stringify(file)}, { checkpointThread: true });
      await store.sites.ensure("http://a.test", "http://a.test/");
      await store.close();
      console.log("closed");`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "--eval",
      script,
    ]);
    expect(stdout.trim()).toBe("closed");
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
