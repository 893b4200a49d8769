import type { Command } from "commander";
import { hasStore, openStore, refresh } from "../../app.js";
import type { SiteRecord, Store } from "../../store/types.js";
import { type CommonOptions, positiveSeconds, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";
import { findSite } from "../site-arg.js";

interface RefreshOptions extends CommonOptions {
  timeout: number;
}

export function registerRefresh(program: Command): void {
  withData(
    withJson(
      program
        .command("refresh")
        .argument(
          "[site...]",
          "sites to refresh (start URL or origin); default: every indexed site",
        )
        .description(
          "read each indexed site's robots.txt again and remove the pages it now disallows",
        )
        .option("--timeout <seconds>", "limit per request", positiveSeconds("--timeout"), 20),
    ),
  ).action(async (inputs: string[], options: RefreshOptions) => {
    const out = createOutput(options.json === true);
    if (inputs.length === 0 && !hasStore({ data: options.data })) {
      out.note("no site in the index: nothing to refresh");
      return;
    }
    const store = openStore({ data: options.data, existing: true });
    try {
      const sites = inputs.length > 0 ? await named(store, inputs) : await store.sites.list();
      if (sites.length === 0) {
        out.note("no site in the index: nothing to refresh");
        return;
      }
      const reports = await refresh(store, sites, { timeoutMs: options.timeout * 1000 });
      for (const r of reports) {
        out.result(
          r,
          `${r.site}: robots.txt ${r.robots}, ${r.pages.checked} ${r.pages.checked === 1 ? "page" : "pages"} checked, ${r.pages.removed} removed — ${r.detail}`,
        );
      }
    } finally {
      await store.close();
    }
  });
}

/** The sites named on the command line (each once). */
async function named(store: Store, inputs: string[]): Promise<SiteRecord[]> {
  const found = new Map<number, SiteRecord>();
  for (const input of inputs) {
    const site = await findSite(store, input);
    found.set(site.id, site);
  }
  return [...found.values()];
}
