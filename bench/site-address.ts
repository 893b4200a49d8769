/** The loopback address of benchmark site `i`: one address per site, as on the real web. */
export function siteAddress(i: number): string {
  return `127.77.${Math.floor(i / 200)}.${(i % 200) + 2}`;
}
