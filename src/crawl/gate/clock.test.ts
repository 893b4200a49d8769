import { afterEach, describe, expect, it, vi } from "vitest";
import { LONGEST_TIMER_MS } from "../../core/precise-time.js";
import { realClock } from "./clock.js";

describe("realClock.sleep", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sleeps a wait longer than one timer reaches in full, never cutting it short", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    let woke = false;
    const wait = LONGEST_TIMER_MS * 2 + 5_000;
    void realClock.sleep(wait).then(() => {
      woke = true;
    });
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS + 1);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(4_998);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(woke).toBe(true);
  });

  it("stops a long sleep when its signal aborts", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const controller = new AbortController();
    const slept = realClock.sleep(LONGEST_TIMER_MS * 3, controller.signal);
    const settled = expect(slept).rejects.toBe("stop");
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS + 10);
    controller.abort("stop");
    await settled;
  });
});
