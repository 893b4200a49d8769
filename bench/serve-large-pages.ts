/**
 * A child process serving N sites for the large-pages benchmark: `node serve-large-pages.js N
 * PORT`. Each site, on its own loopback address, has a robots.txt, a home page and one page of
 * about 4.9 MB (a long manual on one page: headed sections of paragraphs), just under the
 * crawler's 5 MB cap. Prints "ready" when listening.
 */
import { createServer } from "node:http";
import { siteAddress } from "./site-address.js";

const [sitesArg = "20", portArg = "18700"] = process.argv.slice(2);
const sites = Number(sitesArg);
const port = Number(portArg);
const LARGE_BYTES = 4.9 * 1024 * 1024;

/** Words of an invented language, from syllables: varied terms, as a manual's are. */
function vocabulary(size: number): string[] {
  const syllables = ["ka", "lo", "mi", "ten", "sor", "va", "pre", "dun", "el", "qui", "ram", "bo"];
  return Array.from({ length: size }, (_, i) => {
    let word = "";
    for (let n = i + 1; n > 0; n = Math.floor(n / syllables.length)) {
      word += syllables[n % syllables.length];
    }
    return word;
  });
}

const WORDS = vocabulary(5000);

function largePage(site: number): string {
  const parts = [
    `<!doctype html><html lang="en"><head><title>Site ${site}: the whole manual</title></head><body><main>`,
  ];
  let bytes = parts[0]?.length ?? 0;
  let seed = site + 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let section = 1; bytes < LARGE_BYTES - 10_000; section++) {
    const heading = `<h2 id="s${section}">Section ${section}: ${WORDS[next() % WORDS.length]}</h2>`;
    parts.push(heading);
    bytes += heading.length;
    for (let p = 0; p < 40 && bytes < LARGE_BYTES - 10_000; p++) {
      const sentence = Array.from({ length: 60 }, () => WORDS[next() % WORDS.length]).join(" ");
      const paragraph = `<p>${sentence}.</p>`;
      parts.push(paragraph);
      bytes += paragraph.length;
    }
  }
  parts.push("</main></body></html>");
  return parts.join("");
}

const ROBOTS = Buffer.from("User-agent: *\nAllow: /\n");
let listening = 0;
for (let i = 0; i < sites; i++) {
  const home = Buffer.from(
    `<!doctype html><html lang="en"><head><title>Site ${i}</title></head><body><p>The manual of site ${i}, on one page.</p><a href="/manual.html">Manual</a></body></html>`,
  );
  const large = Buffer.from(largePage(i));
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/robots.txt") res.writeHead(200, { "content-type": "text/plain" }).end(ROBOTS);
    else if (path === "/") res.writeHead(200, { "content-type": "text/html" }).end(home);
    else if (path === "/manual.html")
      res.writeHead(200, { "content-type": "text/html" }).end(large);
    else res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  server.listen(port, siteAddress(i), () => {
    listening++;
    if (listening === sites) process.stdout.write("ready\n");
  });
}
