import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

/** How fast the embedded store opens (migrations included) and answers block-list checks. */
export const storeBench: BenchSuite = {
  name: "store",
  title: "Store: open and block-list checks (SQLite)",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "hooty-bench-store-"));
    try {
      const file = join(dir, "hooty.sqlite");
      let start = performance.now();
      const store = openSqliteStore(file);
      const createMs = performance.now() - start;
      for (let i = 0; i < 1000; i++) await store.blocks.add(`site${i}.example`, null);
      const hosts = Array.from(
        { length: 10_000 },
        (_, i) => `www.page${i}.site${i % 2000}.example`,
      );
      start = performance.now();
      let covered = 0;
      for (const host of hosts) if (await store.blocks.covering(host)) covered++;
      const checkMs = performance.now() - start;
      await store.close();
      start = performance.now();
      await openSqliteStore(file).close();
      const reopenMs = performance.now() - start;
      return table(
        ["measure", "value"],
        [
          ["create + migrate a new file", `${formatNumber(createMs, 1)} ms`],
          ["reopen an existing file", `${formatNumber(reopenMs, 1)} ms`],
          [
            "block-list checks (1,000 blocks, 5-label hosts)",
            `${formatNumber((hosts.length * 1000) / checkMs)} per second (${covered} covered)`,
          ],
        ],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
