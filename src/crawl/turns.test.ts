import { describe, expect, it } from "vitest";
import { createTurns } from "./turns.js";

/** Keeps the CPU busy for `ms`, as handling a page does. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("turns at handling pages", () => {
  it("lets a due timer fire between two pages that arrived together", async () => {
    const takeTurn = createTurns();
    const order: string[] = [];
    const timer = new Promise<void>((fired) =>
      setTimeout(() => {
        order.push("timer");
        fired();
      }, 1),
    );
    work(5); // the timer is due before any page is handled
    const pages = ["a", "b", "c"].map(async (name) => {
      await takeTurn();
      order.push(name);
      work(5);
    });
    await Promise.all([...pages, timer]);
    expect(order.indexOf("timer")).toBeLessThan(order.indexOf("b"));
    expect(order.filter((name) => name !== "timer")).toEqual(["a", "b", "c"]);
  });

  it("does not hold the next turn while a page waits for something else", async () => {
    const takeTurn = createTurns();
    let release: () => void = () => {};
    const blocked = new Promise<void>((done) => {
      release = done;
    });
    const first = (async () => {
      await takeTurn();
      await blocked;
    })();
    await takeTurn();
    release();
    await first;
  });
});
