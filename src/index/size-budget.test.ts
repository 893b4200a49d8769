import { describe, expect, it } from "vitest";
import { SizeBudget } from "./size-budget.js";

/** Work that runs until `finish` is called, noting when it started and ended. */
function controlled(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((next) => setImmediate(next));

describe("work sized against a budget", () => {
  it("runs small work together and holds large work until there is room", async () => {
    const budget = new SizeBudget(10);
    const log: string[] = [];
    const a = controlled(log, "a");
    const b = controlled(log, "b");
    const big = controlled(log, "big");
    const runs = [budget.run(3, a.work), budget.run(3, b.work), budget.run(8, big.work)];
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    a.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "end a"]);
    b.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "end a", "end b", "start big"]);
    big.finish();
    expect(await Promise.all(runs)).toEqual(["a", "b", "big"]);
  });

  it("runs work larger than the whole budget alone, and later work waits its turn", async () => {
    const budget = new SizeBudget(10);
    const log: string[] = [];
    const huge = controlled(log, "huge");
    const small = controlled(log, "small");
    const runs = [budget.run(50, huge.work), budget.run(1, small.work)];
    await settle();
    expect(log).toEqual(["start huge"]);
    huge.finish();
    await settle();
    expect(log).toEqual(["start huge", "end huge", "start small"]);
    small.finish();
    await Promise.all(runs);
  });

  it("does not let small work overtake large work that waits", async () => {
    const budget = new SizeBudget(10);
    const log: string[] = [];
    const first = controlled(log, "first");
    const large = controlled(log, "large");
    const late = controlled(log, "late");
    const runs = [budget.run(5, first.work), budget.run(8, large.work), budget.run(1, late.work)];
    await settle();
    expect(log).toEqual(["start first"]);
    first.finish();
    await settle();
    expect(log).toEqual(["start first", "end first", "start large", "start late"]);
    large.finish();
    late.finish();
    await Promise.all(runs);
  });

  it("gives the room back when work fails", async () => {
    const budget = new SizeBudget(10);
    await expect(
      budget.run(10, async () => {
        throw new Error("broken page");
      }),
    ).rejects.toThrow("broken page");
    expect(await budget.run(10, async () => "next")).toBe("next");
  });
});
