import type { Command } from "commander";
import { hasStore, openStore } from "../../app.js";
import { parseDomain, parseDomainToBlock } from "../../core/domain.js";
import { usageError } from "../../core/errors.js";
import { type CommonOptions, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";

interface BlockOptions extends CommonOptions {
  reason?: string;
  list?: boolean;
}

export function registerBlock(program: Command): void {
  withData(
    withJson(
      program
        .command("block")
        .argument("[domain]", "domain to block; its subdomains are blocked too")
        .description("never crawl DOMAIN again: stops running crawls and removes its pages")
        .option("--reason <text>", "why (for example: the webmaster asked by mail)")
        .option("--list", "list the blocked domains"),
    ),
  ).action(async (input: string | undefined, options: BlockOptions) => {
    const out = createOutput(options.json === true);
    if (options.list) {
      if (input !== undefined) throw usageError("give either a domain or --list, not both");
      // A folder with no data blocks nothing, and listing makes none.
      if (!hasStore({ data: options.data })) {
        if (!out.json) out.note("no domain is blocked");
        return;
      }
      const store = openStore({ data: options.data });
      try {
        const blocks = await store.blocks.list();
        for (const block of blocks) {
          // One line per domain: a reason given with line breaks or tabs is read on one.
          const reason = (block.reason ?? "").replace(/\s+/g, " ");
          out.result(block, `${block.domain}\t${block.blockedAt}\t${reason}`);
        }
        if (!out.json && blocks.length === 0) out.note("no domain is blocked");
      } finally {
        await store.close();
      }
      return;
    }
    if (input === undefined) throw usageError("a domain is required (or --list)");
    const domain = parseDomainToBlock(input);
    const store = openStore({ data: options.data });
    try {
      // One line: the reason is quoted in reports and in the lines of `--list`.
      await store.blocks.add(domain, options.reason?.replace(/\s+/g, " ").trim() || null);
      const block = await store.blocks.covering(domain);
      out.result({ domain, blocked: true, reason: block?.reason ?? null }, `blocked ${domain}`);
    } finally {
      await store.close();
    }
  });

  withData(
    withJson(
      program
        .command("unblock")
        .argument("<domain>", "domain to allow again")
        .description("remove DOMAIN from the block list"),
    ),
  ).action(async (input: string, options: CommonOptions) => {
    const out = createOutput(options.json === true);
    const domain = parseDomain(input);
    if (!hasStore({ data: options.data })) {
      out.result({ domain, blocked: false, wasBlocked: false }, `${domain} was not blocked`);
      return;
    }
    const store = openStore({ data: options.data });
    try {
      const removed = await store.blocks.remove(domain);
      out.result(
        { domain, blocked: false, wasBlocked: removed },
        removed ? `unblocked ${domain}` : `${domain} was not blocked`,
      );
    } finally {
      await store.close();
    }
  });
}
