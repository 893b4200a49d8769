import type { Command } from "commander";
import { openStore } from "../../app.js";
import { type CommonOptions, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";
import { findSite } from "../site-arg.js";

export function registerPages(program: Command): void {
  withData(
    withJson(
      program
        .command("pages")
        .argument("<site>", "the site (its start URL or origin)")
        .description("list the pages of a site in the index"),
    ),
  ).action(async (input: string, options: CommonOptions) => {
    const out = createOutput(options.json === true);
    const store = openStore({ data: options.data, existing: true });
    try {
      const site = await findSite(store, input);
      const pages = await store.pages.list(site.id);
      for (const page of pages) {
        out.result(
          { url: page.url, title: page.title, lang: page.lang, fetchedAt: page.fetchedAt },
          `${page.url}\t${page.lang ?? "-"}\t${page.title ?? ""}`,
        );
      }
      if (!out.json)
        out.note(
          `${pages.length} ${pages.length === 1 ? "page" : "pages"} of ${site.origin} in the index`,
        );
    } finally {
      await store.close();
    }
  });
}
