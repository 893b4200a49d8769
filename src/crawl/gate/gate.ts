/**
 * The site gate: the only path from the crawler to a site's network. Per origin it
 *  - lets one request through at a time;
 *  - starts each request at least max(0.5 s, Crawl-delay) after the previous response ended;
 *  - honours Retry-After on 429 and 503 exactly (and backs off exponentially without it), and on
 *    a redirect before the redirected request, and
 *    stops the site when the wait asked is longer than the crawler will wait;
 *  - stops the site after consecutive timeouts or connection failures, and backs off from a run of
 *    server errors (500, 502, 504 …), then stops the site too;
 *  - persists all of it, so a restarted process or another worker keeps the same pace.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { GateState, GateStates } from "../../store/types.js";
import { type Fetch, FetchFailure, type FetchRequest, type FetchResponse } from "../fetch/types.js";
import { type Clock, realClock } from "./clock.js";
import { isDeadLocalProcess } from "./local-process.js";
import { retryAfterMs } from "./retry-after.js";
import { SiteStopped } from "./site-stopped.js";
import { waitWords } from "./wait-words.js";

export interface GateOptions {
  /** The least time from the end of one response to the start of the next. */
  minDelayMs?: number;
  /** The longest Retry-After (or backoff) wait the crawler accepts before giving up. */
  maxWaitMs?: number;
  /** First backoff after a 429/503 without Retry-After; it doubles each time. */
  backoffMs?: number;
  /** 429/503 answers in a row for one request before giving up even when each wait is short. */
  maxThrottled?: number;
  /** Timeouts or connection failures in a row before the site counts as unreachable. */
  maxFailures?: number;
  /**
   * Server errors in a row (5xx but a 503, which asks for a wait) before the site counts as
   * unreachable; from the `SERVER_ERRORS_AT_PACE`th on, each next request waits the backoff.
   */
  maxServerErrors?: number;
  /** How long an unreachable site is left alone. */
  unreachablePauseMs?: number;
  clock?: Clock;
}

export const GATE_DEFAULTS = {
  minDelayMs: 500,
  maxWaitMs: 5 * 60_000,
  backoffMs: 5_000,
  maxThrottled: 10,
  maxFailures: 3,
  maxServerErrors: 6,
  unreachablePauseMs: 10 * 60_000,
} as const;

/**
 * Server errors in a row that leave the pace as it is: a page or two of a site can be broken.
 * After the third, the server is in trouble (a backend down behind its proxy: 502, 504) and
 * HootyBot waits the backoff before each request, 5 s, then doubling, as after a 503 without
 * Retry-After.
 */
const SERVER_ERRORS_AT_PACE = 3;

/** How long a process holds a site between renewals: a crashed holder frees it after this. */
const LEASE_MS = 60_000;

/** Another crawl (of this process or another) is reading the site right now. */
export class SiteBusy extends Error {
  constructor(origin: string) {
    super(`another Hooty crawl is reading ${origin} right now`);
    this.name = "SiteBusy";
  }
}

/** The request's turn came, but `mayGo` said it may no longer go out: nothing was sent. */
export class TurnDeclined extends Error {
  constructor(url: string) {
    super(`the request for ${url} was held back at its turn`);
    this.name = "TurnDeclined";
  }
}

export interface ExchangeOptions {
  /** Wait and ask again after a 429/503 (pages); false hands the answer back (robots.txt). */
  retryThrottled?: boolean;
  /**
   * With `retryThrottled` false, still waits and asks again, `times` times at most, when a 429/503
   * names its Retry-After and the wait (the backoff's, for a zero one) is at most `maxWaitMs`
   * (robots.txt: a short limit is waited out, not read as no permission).
   */
  retryShortWait?: { maxWaitMs: number; times: number };
  /**
   * Tells a challenge page from a rate limit: a 503 that is a bot-protection page is not a request
   * to come back later, so it is handed back at once instead of being retried.
   */
  isChallenge?: (response: FetchResponse) => boolean;
  /** The robots.txt fetch may go through a `robots-unavailable` stop: it is how the stop ends. */
  robotsFetch?: boolean;
  signal?: AbortSignal;
  /** Called as each request goes out, asking again after a 429/503 included (a crawl's count). */
  onRequest?: () => void;
  /**
   * Asked when the request's turn has come, just before it goes out: false gives the turn back
   * unused (`TurnDeclined`), as when robots.txt was asked for again during the wait.
   */
  mayGo?: () => boolean;
}

/**
 * Why the gate waits: the Retry-After the site asked for (a 429, a 503, a redirect), HootyBot's
 * backoff (a 429/503 that named no wait, a run of server errors), robots.txt's Crawl-delay, or
 * only HootyBot's own pause between requests.
 */
export type WaitReason = "retry-after" | "backoff" | "crawl-delay" | "pace";

export class SiteGate {
  readonly origin: string;
  private readonly states: GateStates;
  private readonly fetch: Fetch;
  private readonly options: Required<Omit<GateOptions, "clock">>;
  private readonly clock: Clock;
  private state: GateState;
  private crawlDelayMs = 0;
  /** Whether robots.txt told the Crawl-delay yet: until then the stored pause is not lowered. */
  private crawlDelayRead = false;
  private readonly owner: string;
  private leaseUntil = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Pages answered with a server error in a row (this process's run of the site). */
  private serverErrors = 0;
  /** What the gate waits for right now, for progress displays. */
  waiting: { until: number; why: WaitReason } | null = null;
  /** Called as a wait starts and as it ends (see `watchWaits`). */
  private readonly waitWatchers = new Set<() => void>();
  /** Whether `retryUntil` was set by the site's Retry-After, or by HootyBot backing off. */
  private retryWhy: "retry-after" | "backoff" = "retry-after";
  requests = 0;

  private constructor(
    origin: string,
    states: GateStates,
    fetch: Fetch,
    state: GateState,
    options: GateOptions,
    owner: string,
  ) {
    this.origin = origin;
    this.owner = owner;
    this.states = states;
    this.fetch = fetch;
    this.state = state;
    this.clock = options.clock ?? realClock;
    const { clock: _clock, ...rest } = options;
    this.options = { ...GATE_DEFAULTS, ...stripUndefined(rest) };
  }

  static async open(
    origin: string,
    states: GateStates,
    fetch: Fetch,
    options: GateOptions = {},
  ): Promise<SiteGate> {
    const owner = `${hostname()}/${process.pid}/${randomUUID()}`;
    const clock = options.clock ?? realClock;
    const leasedAt = clock.now();
    if (!(await states.lease(origin, owner, leasedAt + LEASE_MS, leasedAt))) {
      const holder = await states.leaseHolder(origin);
      const dead = holder !== null && isDeadLocalProcess(holder.owner);
      if (!dead || !(await states.takeOver(origin, holder.owner, owner, leasedAt + LEASE_MS))) {
        throw new SiteBusy(origin);
      }
    }
    const state = await states.load(origin);
    const gate = new SiteGate(origin, states, fetch, state, options, owner);
    // Held from the moment it was asked for, so the first request does not ask again.
    gate.leaseUntil = leasedAt + LEASE_MS;
    await gate.recover();
    return gate;
  }

  /** Stores the pace and gives the site back: another process may crawl it now. */
  async close(): Promise<void> {
    await this.queue;
    this.state.inFlightSince = null;
    await this.save();
    await this.states.release(this.origin, this.owner);
  }

  /** Keeps the lease while the crawl of the site goes on (requests and long waits). */
  private async renewLease(): Promise<void> {
    const now = this.clock.now();
    if (now < this.leaseUntil - LEASE_MS / 2) return;
    if (!(await this.states.lease(this.origin, this.owner, now + LEASE_MS, now))) {
      throw new SiteBusy(this.origin);
    }
    this.leaseUntil = now + LEASE_MS;
  }

  /** The pause between requests now in force. */
  get delayMs(): number {
    return Math.max(this.options.minDelayMs, this.crawlDelayMs);
  }

  /**
   * Calls `watcher` each time the gate starts waiting longer than the usual pause before a request
   * (a Crawl-delay, a Retry-After, a backoff), and when the wait is over (read `waiting` then): a
   * progress display shows the wait while it lasts. Returns how to stop.
   */
  watchWaits(watcher: () => void): () => void {
    this.waitWatchers.add(watcher);
    return () => this.waitWatchers.delete(watcher);
  }

  private setWaiting(waiting: SiteGate["waiting"]): void {
    const before = this.waiting;
    this.waiting = waiting;
    // The usual pause between requests is no news: only a longer wait, and its end, are told.
    const told = (w: SiteGate["waiting"]) => w !== null && w.why !== "pace";
    if (!told(before) && !told(waiting)) return;
    if (before?.until === waiting?.until && before?.why === waiting?.why) return;
    for (const watcher of this.waitWatchers) watcher();
  }

  /** Applies robots.txt's Crawl-delay (seconds) for HootyBot; null or 0 keeps the minimum. */
  setCrawlDelay(seconds: number | null): void {
    const before = this.delayMs;
    this.crawlDelayRead = true;
    this.crawlDelayMs =
      seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
    // The pause after the response that brought the Crawl-delay (robots.txt) follows it too.
    if (this.delayMs > before) this.state.nextAt += this.delayMs - before;
  }

  /** Throws when the site is stopped and the stop is still in force. */
  assertOpen(): void {
    const stop = this.state.stop;
    const now = this.clock.now();
    if (stop && (stop.until === 0 || now < stop.until)) {
      // Told as what happened before, not as an answer just given: no request goes out now.
      const earlier =
        stop.until > 0
          ? `${stop.detail} (told earlier; HootyBot asks nothing of the site before ${new Date(stop.until).toISOString()})`
          : stop.detail;
      throw new SiteStopped(stop.kind, earlier, {
        url: stop.url,
        status: stop.status,
        // What is left of the wait the server asked for, not the whole of it again.
        waitMs: stop.kind === "rate-limited" && stop.until > 0 ? stop.until - now : null,
      });
    }
  }

  /** Stops the site for every process (robots.txt unreadable, for example). */
  async stop(error: SiteStopped, until = 0): Promise<never> {
    this.state.stop = {
      kind: error.kind,
      detail: error.message,
      until,
      url: error.url,
      status: error.status,
    };
    await this.save();
    throw error;
  }

  /** Clears a stop whose reason is gone (robots.txt readable again). */
  async clearStop(): Promise<void> {
    if (this.state.stop === null) return;
    this.state.stop = null;
    await this.save();
  }

  /**
   * Holds this origin's next request until `previous` would let one through: a crawl that goes on
   * from another origin's answer (a redirect to here: often the same server under another scheme,
   * name or port) keeps the pause after it, and a redirect's Retry-After, as on one origin.
   */
  carryPace(previous: SiteGate): void {
    if (previous === this) return;
    this.state.nextAt = Math.max(this.state.nextAt, previous.state.nextAt);
    this.state.retryUntil = Math.max(this.state.retryUntil, previous.state.retryUntil);
  }

  /** One request through the gate: waits its turn and its time, then asks. */
  exchange(request: FetchRequest, options: ExchangeOptions = {}): Promise<FetchResponse> {
    const turn = this.queue.then(() => this.exchangeNow(request, options));
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async exchangeNow(request: FetchRequest, options: ExchangeOptions) {
    const retry = options.retryThrottled ?? true;
    for (let throttled = 0; ; throttled++) {
      if (!(options.robotsFetch && this.state.stop?.kind === "robots-unavailable"))
        this.assertOpen();
      await this.waitTurn(options.signal);
      if (options.mayGo && !options.mayGo()) throw new TurnDeclined(request.url);
      await this.renewLease();
      const pause = this.crawlDelayRead ? this.delayMs : Math.max(this.delayMs, this.state.pauseMs);
      if (this.state.inFlightSince === null || this.state.pauseMs !== pause) {
        // Stored once, before the first request, and cleared only by close(): a process that dies
        // at any time after it leaves "in flight" behind, and recover() then counts a request as
        // having ended at the restart, followed by the pause then in force (stored again when a
        // Crawl-delay changes it). One write per gate instead of one per request.
        this.state.inFlightSince ??= this.clock.now();
        this.state.pauseMs = pause;
        await this.save();
      }
      this.requests++;
      options.onRequest?.();
      let response: FetchResponse;
      try {
        response = await this.fetch({ ...request, signal: options.signal });
      } catch (error) {
        await this.failed(error, request.url);
        throw error;
      }
      const ended = Math.max(response.endedAt, this.clock.now());
      const hadFailures = this.state.consecutiveFailures > 0;
      this.state.nextAt = ended + this.delayMs;
      this.state.consecutiveFailures = 0;
      const limiting = response.status === 429 || response.status === 503;
      const failing = response.status >= 500 && response.status <= 599;
      // A challenge page, whatever its status, is bot protection (reported as such): neither a
      // request to wait nor a server error. Asked only of the answers it could change.
      const challenge = (limiting || failing) && options.isChallenge?.(response) === true;
      if (!limiting || challenge) {
        if (await this.keptRedirectWait(request.url, response, ended)) return response;
        const serverError = failing && !challenge;
        if (
          !options.robotsFetch &&
          (await this.keptServerErrors(serverError, request.url, response, ended))
        )
          return response;
        // The stored state says "in flight since": after a crash that alone keeps the pace (see
        // recover), so an ordinary answer needs no write; close() stores the pace.
        if (hadFailures) await this.save();
        return response;
      }
      const asked = retryAfterMs(response.headers, ended);
      // "Retry-After: 0", or a date already past, names no time the server will cope again: it is
      // backed off from as from an answer without one (later than asked, never earlier), instead
      // of asked again at the pace's half second until `maxThrottled` gives up.
      const named = asked !== null && asked > 0 ? asked : null;
      const wait = named ?? this.options.backoffMs * 2 ** throttled;
      this.retryWhy = named === null ? "backoff" : "retry-after";
      this.state.retryUntil = Math.max(this.state.retryUntil, ended + wait);
      // robots.txt's answer is handed back whatever the wait (its crawl stops as robots-unavailable,
      // the wait kept in `retryUntil`: no later request comes early).
      const tooLong = wait > this.options.maxWaitMs && !options.robotsFetch;
      if (tooLong || (retry && throttled + 1 >= this.options.maxThrottled)) {
        const detail = tooLong
          ? `${response.status} asked HootyBot to wait ${waitWords(wait)}${named === null ? " (backing off)" : ""}, longer than the ${waitWords(this.options.maxWaitMs)} it waits`
          : `${response.status} answered ${throttled + 1} times in a row`;
        await this.stopRateLimited(detail, request.url, response.status, wait);
      }
      await this.save();
      const short = options.retryShortWait;
      const again =
        retry ||
        (short !== undefined &&
          asked !== null &&
          wait <= short.maxWaitMs &&
          throttled < short.times);
      if (!again) return response;
    }
  }

  /**
   * Keeps a redirect's Retry-After, the least time to wait before the redirected request (RFC
   * 9110, 10.2.3), as a 429's is kept, and gives up on it as on one when it is too long; false
   * when the redirect asks for no later wait than the one kept.
   */
  private async keptRedirectWait(
    url: string,
    response: FetchResponse,
    ended: number,
  ): Promise<boolean> {
    if (response.status < 300 || response.status >= 400) return false;
    const wait = retryAfterMs(response.headers, ended);
    if (wait === null || ended + wait <= this.state.retryUntil) return false;
    this.retryWhy = "retry-after";
    this.state.retryUntil = ended + wait;
    if (wait > this.options.maxWaitMs) {
      await this.stopRateLimited(
        `${response.status} asked HootyBot to wait ${waitWords(wait)} before following it, longer than the ${waitWords(this.options.maxWaitMs)} it waits`,
        url,
        response.status,
        wait,
      );
    }
    await this.save();
    return true;
  }

  /**
   * Counts a run of server errors (any other answer ends it): from `SERVER_ERRORS_AT_PACE` of them
   * on, the next request waits the backoff (never longer than HootyBot waits), and at
   * `maxServerErrors` the site is left alone as unreachable. True when the state changed (and was
   * stored).
   */
  private async keptServerErrors(
    serverError: boolean,
    url: string,
    response: FetchResponse,
    ended: number,
  ): Promise<boolean> {
    if (!serverError) {
      this.serverErrors = 0;
      return false;
    }
    this.serverErrors++;
    const { maxServerErrors, backoffMs, maxWaitMs } = this.options;
    if (this.serverErrors >= maxServerErrors) {
      this.serverErrors = 0;
      await this.leaveAlone(
        `${maxServerErrors} pages in a row answered with a server error (last: ${response.status})`,
        { url, status: response.status },
        ended,
      );
    }
    if (this.serverErrors < SERVER_ERRORS_AT_PACE) return false;
    const wait = Math.min(backoffMs * 2 ** (this.serverErrors - SERVER_ERRORS_AT_PACE), maxWaitMs);
    this.retryWhy = "backoff";
    this.state.retryUntil = Math.max(this.state.retryUntil, ended + wait);
    await this.save();
    return true;
  }

  /** Stops the site as rate-limited by the answer at `url`, until the wait kept has passed. */
  private stopRateLimited(detail: string, url: string, status: number, waitMs: number) {
    return this.stop(
      new SiteStopped("rate-limited", detail, { url, status, waitMs }),
      this.state.retryUntil,
    );
  }

  private async waitTurn(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const paceAt = this.state.nextAt;
      const retryAt = this.state.retryUntil;
      const at = Math.max(paceAt, retryAt);
      if (at <= now) {
        this.setWaiting(null);
        return;
      }
      if (retryAt - now > this.options.maxWaitMs) {
        await this.stop(
          new SiteStopped(
            "rate-limited",
            `the site asked HootyBot to wait until ${new Date(retryAt).toISOString()}, longer than the ${waitWords(this.options.maxWaitMs)} it waits`,
            { waitMs: retryAt - now },
          ),
          retryAt,
        );
      }
      const why =
        retryAt > paceAt
          ? this.retryWhy
          : this.crawlDelayMs > this.options.minDelayMs
            ? "crawl-delay"
            : "pace";
      this.setWaiting({ until: at, why });
      await this.renewLease();
      await this.clock.sleep(Math.min(at - now, LEASE_MS / 4), signal);
    }
  }

  private async failed(error: unknown, url: string): Promise<void> {
    const now = this.clock.now();
    this.state.nextAt = now + this.delayMs;
    const counts =
      error instanceof FetchFailure && (error.kind === "timeout" || error.kind === "connect");
    if (!counts) {
      await this.save();
      return;
    }
    this.state.consecutiveFailures++;
    if (this.state.consecutiveFailures >= this.options.maxFailures) {
      const failure = error as FetchFailure;
      this.state.consecutiveFailures = 0;
      await this.leaveAlone(
        `${this.options.maxFailures} requests in a row failed (last: ${failure.message})`,
        { url },
        now,
      );
    }
    await this.save();
  }

  /** Stops the site as unreachable for `unreachablePauseMs` from `from`, saying why. */
  private leaveAlone(why: string, at: { url: string; status?: number }, from: number) {
    const until = from + this.options.unreachablePauseMs;
    return this.stop(
      new SiteStopped(
        "unreachable",
        `${why}; HootyBot leaves the site alone until ${new Date(until).toISOString()}`,
        at,
      ),
      until,
    );
  }

  /**
   * After a crash during the crawl of the site, its last request's end is unknown: it ends now,
   * and the pause the site's Crawl-delay asked for follows it (robots.txt, read next, would tell
   * it only after a request).
   */
  private async recover(): Promise<void> {
    const now = this.clock.now();
    let changed = false;
    if (this.state.inFlightSince !== null) {
      this.state.nextAt = Math.max(
        this.state.nextAt,
        now + Math.max(this.delayMs, this.state.pauseMs),
      );
      this.state.inFlightSince = null;
      changed = true;
    }
    const stop = this.state.stop;
    // A rate limit that ends within the wait HootyBot accepts is waited out, not a stop.
    const waitable = stop?.kind === "rate-limited" && stop.until - now <= this.options.maxWaitMs;
    if (stop && ((stop.until !== 0 && now >= stop.until) || waitable)) {
      this.state.stop = null;
      changed = true;
    }
    if (changed) await this.save();
  }

  /** Stored in whole milliseconds, each deadline rounded up: never earlier than kept here. */
  private save(): Promise<void> {
    const { nextAt, retryUntil, inFlightSince, stop } = this.state;
    return this.states.save(this.origin, {
      ...this.state,
      nextAt: Math.ceil(nextAt),
      retryUntil: Math.ceil(retryUntil),
      inFlightSince: inFlightSince === null ? null : Math.floor(inFlightSince),
      stop: stop === null ? null : { ...stop, until: Math.ceil(stop.until) },
    });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
