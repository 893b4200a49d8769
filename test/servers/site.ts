/**
 * Real HTTP servers on loopback for crawler tests: one site per 127.x.y.z address, every request
 * logged with its arrival and the moment its response finished, on the server's side.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface LoggedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** performance.timeOrigin-based ms when the request arrived / when its response ended. */
  arrivedAt: number;
  finishedAt: number | null;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface TestSite {
  origin: string;
  host: string;
  port: number;
  log: LoggedRequest[];
  /** Replace or add routes while the server runs (exact path with query, or path only). */
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

let nextAddress = 0;

/** A fresh loopback address for each site, so sites never share a host. */
export function loopbackAddress(): string {
  const n = nextAddress++;
  const block = 20 + (process.pid % 200);
  return `127.${block}.${Math.floor(n / 250) % 250}.${(n % 250) + 2}`;
}

const now = () => performance.timeOrigin + performance.now();

export async function startSite(
  routes: Record<string, Handler>,
  options: { fallback?: Handler; host?: string; port?: number } = {},
): Promise<TestSite> {
  const log: LoggedRequest[] = [];
  const table = new Map(Object.entries(routes));
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const entry: LoggedRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      arrivedAt: now(),
      finishedAt: null,
    };
    log.push(entry);
    const markDone = () => {
      entry.finishedAt ??= now();
    };
    // The response ends when the handler ends it: stamped then, not when a busy test process
    // gets round to the 'finish' event (which would shorten the gaps measured after it).
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const result = end(...args);
      markDone();
      return result;
    }) as ServerResponse["end"];
    res.on("close", markDone);
    const path = req.url ?? "/";
    const handler = table.get(path) ?? table.get(path.split("?")[0] ?? path) ?? options.fallback;
    if (!handler) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    Promise.resolve(handler(req, res)).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const host = options.host ?? loopbackAddress();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    host,
    port,
    log,
    routes: table,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
  };
}

export function text(body: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "text/plain", ...headers }).end(body);
  };
}

/** Never answers: the connection stays open and silent. */
export const silent: Handler = () => {};

export function page(title: string, links: string[] = [], body = ""): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join("");
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body || `This is the page about ${title}, with enough words to be read as content by the crawler.`}</p><ul>${anchors}</ul></main></body></html>`;
}
