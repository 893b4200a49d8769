import type { Command } from "commander";
import { verbatimChecker } from "../../answer/verbatim.js";
import { ask, openStore, warmAnswers } from "../../app.js";
import { badInput, HootyError } from "../../core/errors.js";
import type { SiteRecord } from "../../store/types.js";
import { primaryTag } from "../../text/index.js";
import { withoutBom } from "../batch-lines.js";
import { GroupedRates, groupsText, RateCounter, share, totalsText } from "../eval-rates.js";
import { type CommonOptions, withData, withJson } from "../options.js";
import { createOutput } from "../output.js";
import { readFileStart } from "../read-capped.js";
import { emptyIndexNote, findSite } from "../site-arg.js";

interface EvalQuestion {
  site: string;
  question: string;
  expect: string[];
  /** The question's language as the file gives it (its primary tag), when it does. */
  lang?: string;
  /** The line of the file it was read from. */
  line: number;
}

/** The largest questions file read: some hundred thousand questions. */
const MAX_QUESTIONS_BYTES = 64 * 1024 * 1024;

/** The questions of an eval file: JSON lines `{"site", "question", "expect": ["/path", …]}`. */
function readQuestions(file: string): EvalQuestion[] {
  let read: ReturnType<typeof readFileStart>;
  try {
    read = readFileStart(file, MAX_QUESTIONS_BYTES);
  } catch (error) {
    throw badInput(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
  if (read.more) {
    throw badInput(
      `${file} is larger than ${MAX_QUESTIONS_BYTES / 1024 / 1024} MiB: a questions file is JSON lines, one question each`,
    );
  }
  const text = read.bytes.toString("utf8");
  const questions: EvalQuestion[] = [];
  for (const [i, read] of text.split("\n").entries()) {
    const line = withoutBom(read, i + 1);
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw badInput(`${file}: line ${i + 1} is not JSON`);
    }
    const q = (typeof value === "object" && value !== null ? value : {}) as Partial<EvalQuestion>;
    if (
      typeof q.site !== "string" ||
      typeof q.question !== "string" ||
      q.question.trim() === "" ||
      !Array.isArray(q.expect) ||
      !q.expect.every((p) => typeof p === "string")
    ) {
      throw badInput(`${file}: line ${i + 1} needs "site", "question" and "expect": [paths]`);
    }
    // Rates are grouped by language, not by region: "de-CH" counts with "de".
    const lang = q.lang === undefined ? undefined : primaryTag(String(q.lang));
    if (lang === "") {
      throw badInput(`${file}: line ${i + 1} has a "lang" that is not a language tag ("de")`);
    }
    const elsewhere = q.expect.find((page) => !onSite(page, q.site as string));
    if (elsewhere !== undefined) {
      throw badInput(`${file}: line ${i + 1} expects ${elsewhere}, a page of another site`);
    }
    questions.push({
      site: q.site,
      question: q.question,
      expect: q.expect.map(expectedPath),
      ...(lang !== undefined ? { lang } : {}),
      line: i + 1,
    });
  }
  if (questions.length === 0) throw badInput(`${file} holds no questions`);
  return questions;
}

/** Whether an expected page given as a full URL is on the question's site (a path always is). */
function onSite(page: string, site: string): boolean {
  if (!/^https?:\/\//i.test(page)) return true;
  try {
    const origin = new URL(page).origin;
    return !/^https?:\/\//i.test(site) || new URL(site).origin === origin;
  } catch {
    return true;
  }
}

/**
 * An expected page as the path a citation is compared by: "/about" as given, a full URL
 * ("https://example.org/about") by its path, "about" as "/about"; without a `#section` or a
 * query, dot segments resolved and percent-encoding as a URL has it ("/en/../about" is "/about").
 */
function expectedPath(page: string): string {
  try {
    return new URL(page, "http://site.invalid/").pathname;
  } catch {
    return page.startsWith("/") ? page : `/${page}`;
  }
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Milliseconds to a tenth. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

export function registerEval(program: Command): void {
  withData(
    withJson(
      program
        .command("eval")
        .argument(
          "<file>",
          'JSON lines: {"site", "question", "expect": ["/path", …], "lang"?} (expect [] when the pages should not answer; rates also by site and by "lang", else the language detected)',
        )
        .description(
          "see what your pages can answer: hit rates, abstentions and latency over a file of questions",
        ),
    ),
  ).action(async (file: string, options: CommonOptions) => {
    const questions = readQuestions(file);
    const out = createOutput(options.json === true);
    const store = openStore({ data: options.data, existing: true });
    try {
      /** The site each line names, as found in the store. */
      const sites = new Map<string, SiteRecord>();
      const all = new RateCounter();
      const bySite = new GroupedRates();
      const byLanguage = new GroupedRates();
      const latencies: number[] = [];
      let quotes = 0;
      let verbatimQuotes = 0;
      const checkers = new Map<number, ReturnType<typeof verbatimChecker>>();
      // Every site is found (an unknown one fails before any answer) and its answer data loaded
      // before the clock runs: the latencies are those of warm answers, as a server gives them.
      const loadStarted = performance.now();
      const indexed = new Map<string, Set<string>>();
      for (const q of questions) {
        if (sites.has(q.site)) continue;
        const site = await findSite(store, q.site).catch((error: unknown) => {
          // The line that names the site, as for every other fault of the file.
          if (!(error instanceof HootyError)) throw error;
          throw new HootyError(error.code, `${file}: line ${q.line}: ${error.message}`);
        });
        const siteId = site.id;
        sites.set(q.site, site);
        indexed.set(q.site, new Set((await store.pages.list(siteId)).map((p) => pathOf(p.url))));
        await warmAnswers(store, siteId);
      }
      const loadMs = performance.now() - loadStarted;
      // A site whose index is empty answers nothing: its "not covered" rates say nothing of its pages.
      for (const [name, pages] of indexed) {
        if (pages.size > 0) continue;
        out.note(emptyIndexNote(sites.get(name) as SiteRecord));
      }
      // A page the index does not hold can never be cited: the question counts as missed, and the
      // owner should know why.
      for (const q of questions) {
        const pages = indexed.get(q.site);
        for (const page of q.expect.filter((path) => !pages?.has(path))) {
          out.note(
            `line ${q.line}: ${page} is not in the index of ${q.site}, so no answer can cite it`,
          );
        }
      }
      for (const q of questions) {
        const site = sites.get(q.site) as SiteRecord;
        const siteId = site.id;
        const started = performance.now();
        const result = await ask(store, siteId, q.question);
        const ms = performance.now() - started;
        latencies.push(ms);
        let checker = checkers.get(siteId);
        if (!checker) {
          checker = verbatimChecker(store.texts, siteId);
          checkers.set(siteId, checker);
        }
        let verbatim = 0;
        for (const citation of result.citations) if (await checker(citation)) verbatim++;
        quotes += result.citations.length;
        verbatimQuotes += verbatim;
        const cited = result.citations.map((c) => pathOf(c.url));
        const rank = cited.findIndex((path) => q.expect.includes(path));
        const outcome = { answerable: q.expect.length > 0, covered: result.covered, rank };
        // The file's word for the question's language, else the language it was read in.
        const lang = q.lang ?? result.lang;
        all.add(outcome);
        // Lines naming one site differently ("example.org", "https://example.org/") count together.
        bySite.add(site.origin, outcome);
        byLanguage.add(lang, outcome);
        const verdict =
          q.expect.length === 0
            ? result.covered
              ? "answered"
              : "abstained"
            : rank >= 0
              ? `hit@${rank + 1}`
              : result.covered
                ? "miss"
                : "abstained";
        out.result(
          {
            site: q.site,
            question: q.question,
            lang,
            expect: q.expect,
            covered: result.covered,
            cited,
            verdict,
            quotesVerbatim: verbatim === result.citations.length,
            ms: tenths(ms),
          },
          verdict === "miss" ||
            (q.expect.length === 0 && result.covered) ||
            (q.expect.length > 0 && !result.covered) ||
            verbatim < result.citations.length
            ? `${verdict.padEnd(9)} ${q.question}  →  ${cited.join(" ") || "(none)"}${verbatim < result.citations.length ? `  (${result.citations.length - verbatim} quote(s) not found verbatim)` : ""}`
            : undefined,
        );
      }
      // The first answer also loads what the process keeps for all (the thesauri, the models).
      const first = latencies[0] ?? 0;
      latencies.sort((a, b) => a - b);
      const rates = all.rates();
      const siteRates = bySite.rates();
      const languageRates = byLanguage.rates();
      const summary = {
        ...rates,
        bySite: siteRates.map(([site, r]) => ({ site, ...r })),
        byLanguage: languageRates.map(([lang, r]) => ({ lang, ...r })),
        quotes,
        quotesVerbatim: share(verbatimQuotes, quotes),
        latencyMs: {
          p50: tenths(percentile(latencies, 50)),
          p95: tenths(percentile(latencies, 95)),
          max: tenths(latencies.at(-1) ?? 0),
          first: tenths(first),
          loading: tenths(loadMs),
        },
      };
      out.result(
        { summary },
        [
          `${questions.length} questions`,
          ...totalsText(rates),
          ...(siteRates.length > 1 ? [groupsText("by site", siteRates)] : []),
          ...(languageRates.length > 1 ? [groupsText("by language", languageRates)] : []),
          quotes === 0
            ? "quotes 0"
            : `quotes ${quotes}: found verbatim in the cited page for ${summary.quotesVerbatim}%`,
          `latency p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, max ${summary.latencyMs.max} ms (the first answer, which loads the models: ${summary.latencyMs.first} ms), once each site's answer data was loaded (${summary.latencyMs.loading} ms)`,
        ].join("\n"),
      );
    } finally {
      await store.close();
    }
  });
}
