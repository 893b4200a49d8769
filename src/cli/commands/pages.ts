import type { Command } from "commander";
import { openStore } from "../../app.js";
import { badInput } from "../../core/errors.js";
import { normalizeUrl } from "../../crawl/links/normalize.js";
import { type CommonOptions, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";

export function registerPages(program: Command): void {
  withData(
    withJson(
      program
        .command("pages")
        .argument("<site>", "the site (its start URL or origin)")
        .description("list the pages of a site in the index"),
    ),
  ).action(async (input: string, options: CommonOptions) => {
    const url = normalizeUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`);
    if (!url) throw badInput(`not a site URL: ${JSON.stringify(input)}`);
    const out = createOutput(options.json === true);
    const store = openStore({ data: options.data });
    try {
      const site =
        (await store.sites.byOrigin(url.origin)) ??
        (await store.sites.list()).find(
          (s) => new URL(s.startUrl).origin === url.origin || new URL(s.origin).host === url.host,
        ) ??
        null;
      if (!site)
        throw badInput(
          `${url.origin} is not a known site: crawl it first (hooty crawl ${url.origin})`,
        );
      const pages = await store.pages.list(site.id);
      for (const page of pages) {
        out.result(
          { url: page.url, title: page.title, lang: page.lang, fetchedAt: page.fetchedAt },
          `${page.url}\t${page.lang ?? "-"}\t${page.title ?? ""}`,
        );
      }
      if (!out.json) out.note(`${pages.length} pages of ${site.origin} in the index`);
    } finally {
      await store.close();
    }
  });
}
