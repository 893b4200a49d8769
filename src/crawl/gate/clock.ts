import { LONGEST_TIMER_MS, preciseNow } from "../../core/precise-time.js";

/** Time as the gate sees it: real in the crawler, fake in unit tests of the timing logic. */
export interface Clock {
  now(): number;
  /** Resolves after `ms` (at once for ms ≤ 0); rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: preciseNow,
  sleep: async (ms, signal) => {
    // A wait beyond one timer's reach is slept in steps, so that it is never cut short.
    for (const until = preciseNow() + ms; ; ) {
      const left = until - preciseNow();
      if (signal?.aborted) throw signal.reason;
      if (left <= 0) return;
      await sleepOnce(Math.min(left, LONGEST_TIMER_MS), signal);
      if (left <= LONGEST_TIMER_MS) return;
    }
  },
};

function sleepOnce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
