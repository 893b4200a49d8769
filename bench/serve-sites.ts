/**
 * A child process serving N small sites on loopback for the crawl benchmark: each on its own
 * address 127.77.x.y, a robots.txt, a home page linking to its other pages, and realistic page
 * bodies (about 15 KB of text and navigation). Prints "ready" when listening.
 *
 * It logs, per site, when each request arrived and when its response was handed to the socket,
 * and answers the IPC message "pace" with how each gap compares with the 0.5 s pause (then
 * forgets the log, so each measured run starts afresh).
 */
import { createServer } from "node:http";
import { siteAddress } from "./site-address.js";

const [sitesArg = "100", pagesArg = "20", portArg = "18600", paceArg = "500"] =
  process.argv.slice(2);
const sites = Number(sitesArg);
const pages = Number(pagesArg);
const port = Number(portArg);
const paceMs = Number(paceArg);

export interface PaceReport {
  requests: number;
  /** Gaps between one response's end and the next request's arrival, per site. */
  gaps: number;
  /** The shortest gap: never under the pause if the crawler is polite. */
  minGapMs: number;
  /** How much later than the pause allows each next request arrived. */
  lateMeanMs: number;
  lateP50Ms: number;
  lateP95Ms: number;
  lateMaxMs: number;
  /** Per site, on the machine's wall clock (epoch ms): its first request's arrival, its last response's end. */
  firstArrivalMs: number[];
  lastEndMs: number[];
  /** Per site, the time its requests spent being answered (arrival to end), summed. */
  servingMs: number[];
  siteRequests: number[];
}

const paragraph =
  "HootyBot reads this paragraph as the text of a documentation page, with sentences about configuration, installation and the many options a reader may want to know about. ";

function page(site: number, n: number): string {
  const nav = Array.from(
    { length: pages - 1 },
    (_, k) => `<li><a href="/page-${k + 1}.html">Page ${k + 1}</a></li>`,
  ).join("");
  const links = n === 0 ? nav : `<li><a href="/">Home</a></li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site ${site} page ${n}</title></head><body><header><nav><ul>${links}</ul></nav></header><main><h1>Site ${site}, page ${n}</h1>${`<p>${paragraph.repeat(6)} Unique ${site}-${n}.</p>`.repeat(12)}</main><footer>© Example</footer></body></html>`;
}

const ROBOTS = Buffer.from("User-agent: *\nAllow: /\n");
const NOT_FOUND = Buffer.from("<h1>Not found</h1>");

/** Per site: arrival and end of each request, in milliseconds of this process's clock. */
const logs: { arrived: number; ended: number }[][] = Array.from({ length: sites }, () => []);

function paceReport(): PaceReport {
  const gaps: number[] = [];
  let requests = 0;
  for (const log of logs) {
    requests += log.length;
    for (let k = 1; k < log.length; k++) {
      const previous = log[k - 1];
      const next = log[k];
      if (previous && next) gaps.push(next.arrived - previous.ended);
    }
  }
  const late = gaps.map((gap) => Math.max(0, gap - paceMs)).sort((a, b) => a - b);
  const at = (q: number) => late[Math.min(late.length - 1, Math.floor(q * late.length))] ?? 0;
  return {
    requests,
    gaps: gaps.length,
    minGapMs: gaps.length > 0 ? Math.min(...gaps) : 0,
    lateMeanMs: late.reduce((a, b) => a + b, 0) / Math.max(1, late.length),
    lateP50Ms: at(0.5),
    lateP95Ms: at(0.95),
    lateMaxMs: late.at(-1) ?? 0,
    firstArrivalMs: logs.map((log) => performance.timeOrigin + (log[0]?.arrived ?? Number.NaN)),
    lastEndMs: logs.map((log) => performance.timeOrigin + (log.at(-1)?.ended ?? Number.NaN)),
    servingMs: logs.map((log) => log.reduce((sum, e) => sum + (e.ended - e.arrived), 0)),
    siteRequests: logs.map((log) => log.length),
  };
}

process.on("message", (message) => {
  if (message !== "pace") return;
  process.send?.(paceReport());
  for (const log of logs) log.length = 0;
});

let listening = 0;
for (let i = 0; i < sites; i++) {
  const log = logs[i] ?? [];
  // Built once, as a static site's files are: the server answers a burst of requests from 100
  // sites at once, and what it spends on each delays the next (a real site has its own machine).
  const bodies = Array.from({ length: pages }, (_, n) => Buffer.from(page(i, n)));
  const server = createServer((req, res) => {
    const entry = { arrived: performance.now(), ended: Number.NaN };
    log.push(entry);
    res.on("finish", () => {
      entry.ended = performance.now();
    });
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end(ROBOTS);
      return;
    }
    const match =
      path === "/" ? 0 : Number(/^\/page-(\d+)\.html$/.exec(path ?? "")?.[1] ?? Number.NaN);
    const body = Number.isInteger(match) ? bodies[match] : undefined;
    if (!body) {
      res.writeHead(404, { "content-type": "text/html" }).end(NOT_FOUND);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  server.listen(port, siteAddress(i), () => {
    listening++;
    if (listening === sites) process.stdout.write("ready\n");
  });
}
