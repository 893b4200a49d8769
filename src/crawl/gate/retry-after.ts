/**
 * How long a 429 or 503 asks HootyBot to wait, in milliseconds, or null when it does not say
 * (or says something unreadable). `Retry-After` is either delay-seconds or an HTTP-date; a date is
 * measured against the response's own `Date` header when present, so a server whose clock differs
 * from ours still gets the wait it asked for. Both forms round so that the wait is never shorter
 * than asked.
 */
export function retryAfterMs(headers: Record<string, string>, now: number): number | null {
  const raw = headers["retry-after"]?.trim();
  if (!raw) return null;
  // Sent twice ("120" and "60", read as "120, 60"): the longer wait, never the shorter.
  if (/^\d+(\s*,\s*\d+)*$/.test(raw)) {
    const seconds = Math.max(...raw.split(",").map(Number));
    return Number.isSafeInteger(seconds) ? seconds * 1000 : Number.MAX_SAFE_INTEGER;
  }
  const at = parseHttpDate(raw);
  if (at === null) return null;
  const serverNow = headers.date ? parseHttpDate(headers.date) : null;
  return Math.max(0, at - (serverNow ?? now));
}

/**
 * IMF-fixdate, RFC 850 and asctime dates (RFC 9110 §5.6.7); null for anything else. An
 * IMF-fixdate whose zone is left out or written "UTC" or "+0000" (servers that build the date by
 * hand) is read as the GMT it can only mean.
 */
export function parseHttpDate(value: string): number | null {
  const text = value.trim().replace(/ (UTC|\+0000)$/, " GMT");
  const looksLikeDate =
    /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2}( GMT)?$/.test(text) ||
    /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/.test(text) ||
    /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/.test(text);
  if (!looksLikeDate) return null;
  const at = Date.parse(/GMT$/.test(text) ? text : `${text} GMT`);
  return Number.isFinite(at) ? at : null;
}
