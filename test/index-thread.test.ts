/**
 * The index thread as the crawl uses it (built code: the thread runs dist's worker file): pages
 * are written through its own store connection, it ends by itself when closed, and it runs at a
 * lower priority than the crawl's thread where the system has per-thread priorities (Linux).
 */
import { readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import type * as IndexThreadModule from "../src/app/index-thread.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { tempDir } from "./helpers/cli.js";

const DIST = resolve(import.meta.dirname, "../dist/src/app");
const PAGE = readFileSync(
  resolve(import.meta.dirname, "fixtures/extract/pg/app-pgdump.html"),
  "utf8",
);

describe("index thread", () => {
  it("writes pages through its own connection and ends when closed", async () => {
    const { startIndexThread } = (await import(
      join(DIST, "index-thread.js")
    )) as typeof IndexThreadModule;
    const file = join(tempDir(), "hooty.sqlite");
    const store = openSqliteStore(file);
    const site = await store.sites.ensure("http://127.0.0.1", "http://127.0.0.1/");
    const thread = startIndexThread(file);
    await thread.accept({
      siteId: site.id,
      url: "http://127.0.0.1/app-pgdump.html",
      status: 200,
      headers: { "content-type": "text/html" },
      html: PAGE,
      contentHash: "h1",
      fetchedAt: "2026-01-01T00:00:00.000Z",
      links: [],
    });
    await thread.close();
    const page = await store.pages.get(site.id, "http://127.0.0.1/app-pgdump.html");
    expect(page?.title).toMatch(/pg_dump/);
    expect((await store.texts.stats(site.id)).chunks).toBeGreaterThan(0);
    await store.close();
  });

  it.runIf(process.platform === "linux")(
    "runs below the priority of the thread that starts it",
    async () => {
      const before = getPriority();
      const worker = new Worker(
        `import { parentPort } from "node:worker_threads";
       import { readlinkSync } from "node:fs";
       import { getPriority } from "node:os";
       const { lowerThisThreadPriority } = await import(${JSON.stringify(join(DIST, "thread-priority.js"))});
       const lowered = lowerThisThreadPriority();
       const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
       parentPort.postMessage({ lowered, nice: getPriority(tid) });`,
        { eval: true, type: "module" } as never,
      );
      const reply = await new Promise<{ lowered: boolean; nice: number }>((done) =>
        worker.once("message", done),
      );
      await worker.terminate();
      expect(reply).toEqual({ lowered: true, nice: Math.max(before, 10) });
      expect(getPriority()).toBe(before);
    },
  );
});
