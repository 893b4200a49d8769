/** The loopback address of benchmark site `i`: one address per site, as on the real web. */
export function siteAddress(i: number): string {
  return `127.77.${Math.floor(i / 200)}.${(i % 200) + 2}`;
}

/** The origins (`http://address:port`, no slash) of benchmark sites 0 … count − 1 served on `port`. */
export function siteOrigins(port: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `http://${siteAddress(i)}:${port}`);
}
