import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import type { BlockedDomain } from "../store/types.js";
import { watchBlocks } from "./block-watch.js";

const stores: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function blockList() {
  const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
  stores.push(store);
  let reads = 0;
  const counted = {
    list: () => {
      reads++;
      return store.blocks.list();
    },
  };
  return { blocks: store.blocks, counted, reads: () => reads };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("the block watch", () => {
  it("reads the list once a period for every watched site, and names the broadest block", async () => {
    const { blocks, counted, reads } = blockList();
    const watch = watchBlocks(counted, 50);
    const seen = new Map<string, BlockedDomain>();
    const hosts = Array.from({ length: 20 }, (_, i) => `s${i}.docs.example.org`);
    const stops = hosts.map((host) =>
      watch.watch(
        () => host,
        (b) => seen.set(host, b),
      ),
    );
    await sleep(130);
    expect(seen.size).toBe(0);
    expect(reads()).toBeGreaterThanOrEqual(1);
    expect(reads()).toBeLessThanOrEqual(3);

    await blocks.add("docs.example.org", "narrow");
    await blocks.add("example.org", "broad");
    await sleep(80);
    expect(seen.size).toBe(20);
    expect(seen.get("s3.docs.example.org")?.reason).toBe("broad");

    for (const stop of stops) stop();
    const after = reads();
    await sleep(120);
    expect(reads()).toBe(after);
  });

  it("asks each watcher for its host at every read (a site that moved to another origin)", async () => {
    const { blocks, counted } = blockList();
    const watch = watchBlocks(counted, 30);
    let host = "start.example.net";
    const seen: string[] = [];
    const stop = watch.watch(
      () => host,
      (b) => seen.push(b.domain),
    );
    await blocks.add("moved.example.com", null);
    await sleep(70);
    expect(seen).toEqual([]);
    host = "moved.example.com";
    await sleep(70);
    expect(seen[0]).toBe("moved.example.com");
    stop();
  });
});
