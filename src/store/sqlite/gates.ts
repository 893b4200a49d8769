import type { GateState, GateStates, StopKind } from "../types.js";
import type { SqliteDatabase } from "./database.js";

interface GateRow {
  next_at: number;
  retry_until: number;
  in_flight_since: number | null;
  stop_kind: StopKind | null;
  stop_detail: string | null;
  stop_until: number | null;
  stop_url: string | null;
  stop_status: number | null;
  consecutive_failures: number;
  pause_ms: number;
}

export const freshGateState = (): GateState => ({
  nextAt: 0,
  retryUntil: 0,
  inFlightSince: null,
  stop: null,
  consecutiveFailures: 0,
  pauseMs: 0,
});

export function sqliteGates(db: SqliteDatabase): GateStates {
  const load = db.prepare("SELECT * FROM site_gates WHERE origin = ?");
  const save = db.prepare(
    `INSERT INTO site_gates (origin, next_at, retry_until, in_flight_since, stop_kind, stop_detail,
       stop_until, stop_url, stop_status, consecutive_failures, pause_ms)
     VALUES (@origin, @nextAt, @retryUntil, @inFlightSince, @stopKind, @stopDetail, @stopUntil,
       @stopUrl, @stopStatus, @consecutiveFailures, @pauseMs)
     ON CONFLICT (origin) DO UPDATE SET next_at = excluded.next_at,
       retry_until = excluded.retry_until, in_flight_since = excluded.in_flight_since,
       stop_kind = excluded.stop_kind, stop_detail = excluded.stop_detail,
       stop_until = excluded.stop_until, stop_url = excluded.stop_url,
       stop_status = excluded.stop_status, consecutive_failures = excluded.consecutive_failures,
       pause_ms = excluded.pause_ms`,
  );
  const lease = db.prepare(
    `INSERT INTO site_gates (origin, lease_owner, lease_until) VALUES (@origin, @owner, @until)
     ON CONFLICT (origin) DO UPDATE SET lease_owner = @owner, lease_until = @until
     WHERE site_gates.lease_owner IS NULL OR site_gates.lease_owner = @owner
       OR site_gates.lease_until <= @now`,
  );
  const release = db.prepare(
    "UPDATE site_gates SET lease_owner = NULL, lease_until = 0 WHERE origin = ? AND lease_owner = ?",
  );
  const holder = db.prepare("SELECT lease_owner, lease_until FROM site_gates WHERE origin = ?");
  const takeOver = db.prepare(
    "UPDATE site_gates SET lease_owner = ?, lease_until = ? WHERE origin = ? AND lease_owner = ?",
  );
  const askRobots = db.prepare(
    `INSERT INTO site_gates (origin, robots_asked_at) VALUES (?, ?)
     ON CONFLICT (origin) DO UPDATE SET robots_asked_at = excluded.robots_asked_at`,
  );
  const robotsAsks = db
    .prepare("SELECT origin, robots_asked_at FROM site_gates WHERE robots_asked_at >= ?")
    .raw();
  return {
    askRobots: async (origin, at) => {
      askRobots.run(origin, Math.floor(at));
    },
    robotsAsks: async (since) => new Map(robotsAsks.all(Math.floor(since)) as [string, number][]),
    leaseHolder: async (origin) => {
      const row = holder.get(origin) as
        | { lease_owner: string | null; lease_until: number }
        | undefined;
      return row?.lease_owner ? { owner: row.lease_owner, until: row.lease_until } : null;
    },
    takeOver: async (origin, from, to, until) =>
      takeOver.run(to, Math.ceil(until), origin, from).changes > 0,
    load: async (origin) => {
      const row = load.get(origin) as GateRow | undefined;
      if (!row) return freshGateState();
      return {
        nextAt: row.next_at,
        retryUntil: row.retry_until,
        inFlightSince: row.in_flight_since,
        stop: row.stop_kind
          ? {
              kind: row.stop_kind,
              detail: row.stop_detail ?? "",
              until: row.stop_until ?? 0,
              url: row.stop_url,
              status: row.stop_status,
            }
          : null,
        consecutiveFailures: row.consecutive_failures,
        pauseMs: row.pause_ms,
      };
    },
    save: async (origin, state) => {
      save.run({
        origin,
        nextAt: Math.ceil(state.nextAt),
        retryUntil: Math.ceil(state.retryUntil),
        inFlightSince: state.inFlightSince === null ? null : Math.floor(state.inFlightSince),
        stopKind: state.stop?.kind ?? null,
        stopDetail: state.stop?.detail ?? null,
        stopUntil: state.stop ? Math.ceil(state.stop.until) : null,
        stopUrl: state.stop?.url ?? null,
        stopStatus: state.stop?.status ?? null,
        consecutiveFailures: state.consecutiveFailures,
        pauseMs: Math.ceil(state.pauseMs),
      });
    },
    lease: async (origin, owner, until, now) =>
      lease.run({ origin, owner, until: Math.ceil(until), now: Math.floor(now) }).changes > 0,
    release: async (origin, owner) => {
      release.run(origin, owner);
    },
  };
}
