/**
 * Calls between threads over a message port: each call carries an id its reply comes back with.
 * Calls made in one turn of the caller's event loop leave as one message, and replies ready in
 * one turn of the answering thread's loop likewise (see `Calls`); an item that cannot be sent (a
 * value that does not clone) fails alone.
 */
import type { Call, Calls, Replies, Reply } from "./index-thread-protocol.js";

export interface Caller<Request> {
  call(request: Request): Promise<unknown>;
  /** Settles the calls the replies answer. */
  receive(replies: Replies): void;
  /** Fails every call waiting and every later one (the other thread is gone). */
  fail(error: Error): void;
  /** Resolves once every call made so far has settled. */
  settled(): Promise<void>;
}

/** The calling side: `post` sends a batch of calls to the answering thread. */
export function callsOver<Request>(post: (calls: Calls<Request>) => void): Caller<Request> {
  const pending = new Map<number, { done: (v: unknown) => void; fail: (e: Error) => void }>();
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let broken: Error | null = null;
  const failOne = (id: number, error: Error) => {
    pending.get(id)?.fail(error);
    pending.delete(id);
  };
  const send = batchingSender<Call<Request>>(
    queueMicrotask,
    (calls) => {
      if (broken) throw broken;
      post(calls);
    },
    (call, error) => failOne(call.id, error),
  );
  return {
    call(request) {
      const result = new Promise<unknown>((done, fail) => {
        if (broken) {
          fail(broken);
          return;
        }
        const id = nextId++;
        pending.set(id, { done, fail });
        send({ ...request, id });
      });
      inFlight.add(result);
      const forget = () => inFlight.delete(result);
      result.then(forget, forget);
      return result;
    },
    receive(replies) {
      for (const reply of replies) {
        const call = pending.get(reply.id);
        if (!call) continue;
        pending.delete(reply.id);
        if (reply.error === null) call.done(reply.value);
        else
          call.fail(Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {}));
      }
    },
    fail(error) {
      broken ??= error;
      for (const id of [...pending.keys()]) failOne(id, error);
    },
    settled: async () => {
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * The answering side: runs each call of the batches `port` brings with `run` and replies; other
 * messages go to `other`.
 */
export function answerCalls<Request>(
  port: {
    on(event: "message", listener: (message: unknown) => void): unknown;
    postMessage(message: unknown): void;
  },
  run: (request: Request) => Promise<unknown>,
  other: (message: unknown) => void = () => {},
): void {
  // The calls of a batch settle over several microtasks: their replies are sent once those ran.
  const post = (replies: Replies) => port.postMessage(replies);
  const reply = batchingSender<Reply>(setImmediate, post, (one, error) =>
    post([failure(one.id, error)]),
  );
  port.on("message", (message) => {
    if (!Array.isArray(message)) {
      other(message);
      return;
    }
    for (const call of message as Calls<Request>) {
      run(call).then(
        (value) => reply({ id: call.id, error: null, value }),
        (error: unknown) => reply(failure(call.id, error)),
      );
    }
  });
}

/**
 * Posts `batch` as one message; when it cannot be sent (a value that does not clone), posts each
 * item alone, so that only the items that still cannot be sent go to `failed`.
 */
export function postBatch<T>(
  post: (batch: T[]) => void,
  batch: T[],
  failed: (item: T, error: Error) => void,
): void {
  try {
    post(batch);
    return;
  } catch (error) {
    if (batch.length === 1) {
      failed(batch[0] as T, asError(error));
      return;
    }
  }
  for (const item of batch) {
    try {
      post([item]);
    } catch (error) {
      failed(item, asError(error));
    }
  }
}

/**
 * A sender that gathers the items given to it until `schedule` runs its callback (the end of this
 * turn of the event loop) and then posts them together with `postBatch`.
 */
export function batchingSender<T>(
  schedule: (flush: () => void) => void,
  post: (batch: T[]) => void,
  failed: (item: T, error: Error) => void,
): (item: T) => void {
  let outbox: T[] = [];
  return (item) => {
    outbox.push(item);
    if (outbox.length > 1) return;
    schedule(() => {
      const batch = outbox;
      outbox = [];
      postBatch(post, batch, failed);
    });
  };
}

/** The reply for a call that failed: its message, and its code when it has one. */
function failure(id: number, error: unknown): Reply {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    id,
    error: error instanceof Error ? error.message : String(error),
    ...(typeof code === "string" ? { code } : {}),
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
