/**
 * A child process serving N small sites on loopback for the crawl benchmark: each on its own
 * address 127.77.x.y, a robots.txt, a home page linking to its other pages, and realistic page
 * bodies (about 15 KB of text and navigation). Prints "ready" when listening.
 */
import { createServer } from "node:http";
import { siteAddress } from "./site-address.js";

const [sitesArg = "100", pagesArg = "20", portArg = "18600"] = process.argv.slice(2);
const sites = Number(sitesArg);
const pages = Number(pagesArg);
const port = Number(portArg);

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

let listening = 0;
for (let i = 0; i < sites; i++) {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    const match =
      path === "/" ? 0 : Number(/^\/page-(\d+)\.html$/.exec(path ?? "")?.[1] ?? Number.NaN);
    if (!Number.isInteger(match) || match < 0 || match >= pages) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(i, match));
  });
  server.listen(port, siteAddress(i), () => {
    listening++;
    if (listening === sites) process.stdout.write("ready\n");
  });
}
