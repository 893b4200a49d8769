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

/**
 * A domain to block (see `parseDomain`), refused where the operator cannot have meant it: a
 * top-level domain alone ("com" would block every .com site) or an IPv4 address written short
 * ("1" is 0.0.0.1, "10.1" is 10.0.0.1, as URLs read them).
 */
export function parseDomainToBlock(input: string): string {
  const host = parseDomain(input);
  if (isTopLevelDomain(host)) {
    throw badInput(
      `${JSON.stringify(input.trim())} is a top-level domain: blocking it would block every site under .${host}; name the site's domain (example.${host})`,
    );
  }
  const typed = typedHost(input.trim());
  if (IPV4.test(host) && typed !== host) {
    throw badInput(
      `${JSON.stringify(input.trim())} reads as the address ${host}: write an IPv4 address in full (four numbers)`,
    );
  }
  return host;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The host as typed: after the scheme, before the port, path, query or fragment; lower case. */
function typedHost(raw: string): string {
  const rest = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  return (/^[^/?#:]*/.exec(rest)?.[0] ?? "").toLowerCase().replace(/^\./, "").replace(/\.$/, "");
}

/**
 * Whether the name is a top-level domain alone: any two letters (the country codes), one of the
 * generic ones sites are most often under, or a country's registry level (co.uk). A single label
 * otherwise (an intranet's "wiki", "localhost") names a host.
 */
function isTopLevelDomain(host: string): boolean {
  if (SECOND_LEVEL_SUFFIX.test(host)) return true;
  return !host.includes(".") && (/^[a-z]{2}$/.test(host) || GENERIC_TLDS.has(host));
}

/** The registries' own second levels under a country code: co.uk, com.au, or.at, ac.jp … */
const SECOND_LEVEL_SUFFIX = /^(?:co|com|net|org|ac|gov|edu|or|ne|gv|gob|gouv)\.[a-z]{2}$/;

const GENERIC_TLDS = new Set(
  (
    "com net org edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs cat " +
    "xyz online site top store shop app dev tech blog cloud club live space website world news " +
    "digital email agency company solutions services network media group life today global " +
    "design page art studio one fun vip work link click icu eu swiss berlin wien bayern koeln " +
    "hamburg paris london nyc tokyo amsterdam barcelona gmbh ltd llc inc"
  ).split(" "),
);

/** "a.b.example.org" → ["a.b.example.org", "b.example.org", "example.org", "org"]. */
export function parentDomains(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}
