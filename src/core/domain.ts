import { badInput } from "./errors.js";

/**
 * A registrable host name as the operator types it ("Example.org", "https://www.example.org/x",
 * "bücher.de") in the form URLs carry it: lower case, punycode, no trailing dot, no port.
 */
export function parseDomain(input: string): string {
  const raw = input.trim();
  if (raw === "") throw badInput("a domain is required, for example example.org");
  let host: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    host = url.hostname;
  } catch {
    throw badInput(`not a domain: ${JSON.stringify(raw)}`);
  }
  // ".example.org" (the domain and its subdomains, as cookies and mail filters write it) is the
  // domain: a block always covers the subdomains.
  host = host.replace(/^\./, "").replace(/\.$/, "");
  if (
    host === "" ||
    host.startsWith("[") ||
    host.startsWith(".") ||
    !/^[a-z0-9.-]+$/.test(host) ||
    host.includes("..")
  ) {
    throw badInput(`not a domain: ${JSON.stringify(raw)}`);
  }
  return host;
}

/** "a.b.example.org" → ["a.b.example.org", "b.example.org", "example.org", "org"]. */
export function parentDomains(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}
