/**
 * A wait in words for reports: "5 minutes", "90 seconds", "1.5 hours". Under ten minutes, a wait
 * of no whole number of minutes is told in seconds, rounded up (a wait is never told shorter than
 * it is); longer ones in minutes or hours to a tenth.
 */
export function waitWords(ms: number): string {
  if (ms >= 3_600_000) return plural(Math.round(ms / 360_000) / 10, "hour");
  if (ms >= 60_000 && (ms % 60_000 === 0 || ms >= 600_000))
    return plural(Math.round(ms / 6_000) / 10, "minute");
  if (ms >= 60_000) return plural(Math.ceil(ms / 1_000), "second");
  return plural(Math.ceil(ms / 100) / 10, "second");
}

function plural(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}
