/**
 * A small documentation site for the answer tests: English pages about the database, on backups
 * and tuning, one German page, the same navigation on every page.
 */
import { htmlRoute, pagesSite } from "../helpers/crawl.js";

const page = (lang: string, title: string, sections: [string, string, string][]) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/backup">Backup</a> <a href="/tuning">Tuning</a> <a href="/de/pakete">Pakete</a></nav><main><h1>${title}</h1>${sections
    .map(([id, heading, text]) => `<h2 id="${id}">${heading}</h2><p>${text}</p>`)
    .join("")}</main><footer>© Example</footer></body></html>`;

export const routes = {
  ...pagesSite(0),
  "/": htmlRoute(
    page("en", "Example database docs", [
      [
        "intro",
        "Introduction",
        'This manual explains how to run the Example database server day to day. Read <a href="/about">about the Example database</a> first.',
      ],
    ]),
  ),
  "/about": htmlRoute(
    page("en", "About", [
      [
        "what",
        "What is the Example database?",
        "It is a small relational server that keeps tables on disk and answers SQL over the network.",
      ],
      ["history", "History", "The first version of the Example database was written in 2019."],
    ]),
  ),
  "/backup": htmlRoute(
    page("en", "Backing up your data", [
      [
        "dump",
        "Dumping a database",
        "Use the dump tool to write a consistent copy of a database into a single file while the server keeps running. Restore the file with the restore tool.",
      ],
      [
        "schedule",
        "Scheduling backups",
        "Run the dump every night from cron and keep at least seven copies on another machine.",
      ],
    ]),
  ),
  "/tuning": htmlRoute(
    page("en", "Making queries faster", [
      [
        "indexes",
        "Indexes",
        "An index lets the server find rows without reading the whole table, which speeds up queries that filter on the indexed column.",
      ],
      [
        "memory",
        "Memory settings",
        "Raise the shared buffer size so that more of the working set stays in memory.",
      ],
    ]),
  ),
  "/de/pakete": htmlRoute(
    page("de", "Pakete verwalten", [
      [
        "installieren",
        "Pakete installieren",
        "Mit apt install wird ein Paket samt seinen Abhängigkeiten aus dem Archiv heruntergeladen und installiert.",
      ],
      [
        "aufraeumen",
        "Platz schaffen",
        "Heruntergeladene Pakete bleiben im Zwischenspeicher unter /var/cache/apt, bis apt clean ihn leert.",
      ],
    ]),
  ),
};
