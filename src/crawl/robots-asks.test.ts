import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { openSqliteStore } from "../store/sqlite/store.js";
import { watchRobotsAsks } from "./robots-asks.js";

const stores: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("the robots.txt ask watch", () => {
  it("tells each watched site once of a request made since it began watching", async () => {
    const store = openSqliteStore(join(tempDir(), "hooty.sqlite"));
    stores.push(store);
    await store.gates.askRobots("https://old.example", Date.now() - 60_000);
    const watch = watchRobotsAsks(store.gates, 30);
    const asked: [string, number][] = [];
    const origins = ["https://a.example", "https://b.example", "https://old.example"];
    const stops = origins.map((origin) =>
      watch.watch(
        () => origin,
        (at) => asked.push([origin, at]),
      ),
    );
    await sleep(80);
    expect(asked).toEqual([]);
    const at = Date.now();
    await store.gates.askRobots("https://a.example", at);
    await sleep(120);
    expect(asked).toEqual([["https://a.example", at]]);
    for (const stop of stops) stop();
    await store.gates.askRobots("https://b.example", Date.now());
    await sleep(80);
    expect(asked).toHaveLength(1);
  });
});
