/** The crawler's default limits per request, apart from its HTTP client (fetch.ts). */
export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
