import type { Command } from "commander";
import { ask, openStore } from "../../app.js";
import type { Citation } from "../../core/answer.js";
import { usageError } from "../../core/errors.js";
import { type CommonOptions, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";
import { emptyIndexNote, findSite } from "../site-arg.js";

export function registerAsk(program: Command): void {
  withData(
    withJson(
      program
        .command("ask")
        .argument("<site>", "the site whose pages answer (its start URL or origin)")
        .argument("<question>", "the question, in the visitor's own words")
        .description("answer a question from the site's indexed pages only, citing them"),
    ),
  ).action(async (input: string, question: string, options: CommonOptions) => {
    if (question.trim() === "") throw usageError("the question is empty");
    const out = createOutput(options.json === true);
    const store = openStore({ data: options.data, existing: true });
    try {
      const site = await findSite(store, input);
      const { covered, answer, citations } = await ask(store, site.id, question);
      if (!covered && (await store.texts.stats(site.id)).pages === 0) {
        // Nothing could answer: the owner should know it is the index, not the question.
        out.note(emptyIndexNote(site));
      }
      out.result(
        { covered, answer, citations },
        [answer, ...citations.map((c, i) => citationText(c, i + 1))].join("\n"),
      );
    } finally {
      await store.close();
    }
  });
}

/** A citation for people: its number and title, then its link and quote indented beneath. */
export function citationText(citation: Citation, n: number): string {
  // Each further line of the quote lines up with its first (blank lines stay empty).
  const quote = citation.quote.replace(/\n(?=[^\n])/g, "\n     ");
  return `[${n}] ${citation.title}\n    ${citation.url}\n    "${quote}"`;
}
