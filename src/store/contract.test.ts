/**
 * The store contract: one suite, every implementation. PostgreSQL joins the list when it exists.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { openSqliteStore } from "./sqlite/store.js";
import type { Store } from "./types.js";

const implementations: { name: string; open: () => Promise<Store> }[] = [
  { name: "sqlite", open: async () => openSqliteStore(join(tempDir(), "hooty.sqlite")) },
];

for (const { name, open } of implementations) {
  describe(`store contract: ${name}`, () => {
    const opened: Store[] = [];
    const fresh = async () => {
      const store = await open();
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    describe("block list", () => {
      it("covers the domain and its subdomains, not look-alikes", async () => {
        const store = await fresh();
        await store.blocks.add("example.org", "asked");
        expect((await store.blocks.covering("example.org"))?.domain).toBe("example.org");
        expect((await store.blocks.covering("docs.example.org"))?.reason).toBe("asked");
        expect(await store.blocks.covering("badexample.org")).toBeNull();
        expect(await store.blocks.covering("example.org.evil.net")).toBeNull();
      });

      it("is idempotent: blocking again keeps the first time and takes the new reason", async () => {
        const store = await fresh();
        await store.blocks.add("example.org", "first");
        const [first] = await store.blocks.list();
        await store.blocks.add("example.org", "second");
        const all = await store.blocks.list();
        expect(all).toHaveLength(1);
        expect(all[0]).toEqual({
          domain: "example.org",
          reason: "second",
          blockedAt: first?.blockedAt,
        });
      });

      it("lists by domain and removes", async () => {
        const store = await fresh();
        await store.blocks.add("b.example", null);
        await store.blocks.add("a.example", null);
        expect((await store.blocks.list()).map((b) => b.domain)).toEqual([
          "a.example",
          "b.example",
        ]);
        expect(await store.blocks.remove("a.example")).toBe(true);
        expect(await store.blocks.remove("a.example")).toBe(false);
        expect((await store.blocks.list()).map((b) => b.domain)).toEqual(["b.example"]);
      });
    });
  });
}
