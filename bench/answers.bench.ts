/**
 * Answers (issue 7): Hooty's ranking and answers on its own evaluation set
 * (test/fixtures/eval/questions.jsonl: five real documentation sites built from Debian packages),
 * side by side with MiniSearch, Lunr and SQLite FTS5 at their defaults over the very text Hooty
 * indexed; then warm answer latency on a 5,000-page site of real manuals (bench/big-site.ts).
 *
 * The sites are indexed straight from their files (bench/site-files.ts), through Hooty's index
 * phase, under the URLs the sites serve. Every system answers in this one warm process.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Aids } from "../src/answer/aids.js";
import { EVIDENCE } from "../src/answer/answer.js";
import { type QuoteCheck, verbatimChecker } from "../src/answer/verbatim.js";
import { ask } from "../src/app.js";
import { createIndexSink } from "../src/index/page-sink.js";
import { openSqliteStore } from "../src/store/sqlite/store.js";
import type { Store } from "../src/store/types.js";
import {
  BIG_SITE_ORIGIN,
  bigSitePages,
  buildBigSite,
  INSTALL,
  MANUALS,
  missingManuals,
} from "./big-site.js";
import {
  EVAL_LANGS,
  EVAL_SITES,
  type EvalLang,
  type EvalQuestion,
  hasQuestionSet,
  loadQuestionSet,
  sitesDir,
} from "./eval-sites.js";
import { firstPages, hitRank, percent, percentile } from "./hits.js";
import { PEERS, type PeerDocument, type PeerIndex } from "./peers.js";
import { collapsed, shownText } from "./shown-text.js";
import { indexFiles, siteFiles } from "./site-files.js";
import { type BenchSuite, formatNumber, table } from "./suite.js";

/**
 * The other question sets, written later by sessions that never ran Hooty (their READMEs say
 * which were used for calibrating the evidence model since, and which is still held out).
 */
const OTHER_SETS = ["holdout", "holdout2", "holdout3", "holdout4", "holdout5"];
const LANGS = EVAL_LANGS;
type Lang = EvalLang;
type Question = EvalQuestion;

/** Timed rounds after the warm-up round; each question's best round counts. */
const ROUNDS = 3;
const BIG_ROUNDS = 2;
/** Visitor-like questions asked of the 5,000-page site besides the eval set's English ones. */
const HEADING_QUESTIONS = 202;

interface Outcome {
  /** The first three distinct pages cited or ranked. */
  pages: string[];
  /** False when Hooty answered "not covered"; peers always answer. */
  covered: boolean;
  /** Hooty's answers: what each citation quotes, and where. */
  citations?: { url: string; quote: string }[];
}

/**
 * Of the quotes, how many are found verbatim in their page's indexed text (`hooty eval`'s check),
 * and how many in the text the page's HTML shows, whitespace aside (a visitor's check at the
 * source, read without Hooty's extraction: bench/shown-text.ts).
 */
async function verbatimQuotes(
  store: Store,
  siteIds: ReadonlyMap<string, number>,
  questions: readonly Question[],
  outcomes: readonly Outcome[],
): Promise<{ quotes: number; verbatim: number; atSource: number }> {
  const checkers = new Map(
    [...siteIds.values()].map((id) => [id, verbatimChecker(store.texts, id)]),
  );
  const files = new Map(
    EVAL_SITES.flatMap((s) =>
      siteFiles(s.origin, `${sitesDir()}/${s.dir}`).map((f) => [f.url, f.file] as const),
    ),
  );
  const shown = new Map<string, string>();
  const shownOn = (url: string) => {
    let text = shown.get(url);
    if (text === undefined) {
      const file = files.get(url);
      text = file ? shownText(readFileSync(file, "utf8")) : "";
      shown.set(url, text);
    }
    return text;
  };
  let quotes = 0;
  let verbatim = 0;
  let atSource = 0;
  for (const [i, q] of questions.entries()) {
    const check = checkers.get(siteIds.get(q.site) as number) as QuoteCheck;
    for (const citation of outcomes[i]?.citations ?? []) {
      quotes++;
      if (await check(citation)) verbatim++;
      const page = citation.url.split("#")[0] as string;
      if (shownOn(page).includes(collapsed(citation.quote))) atSource++;
    }
  }
  return { quotes, verbatim, atSource };
}

/** A system under test. */
interface System {
  name: string;
  documents: string;
  ask(siteId: number, origin: string, question: string): Promise<Outcome> | Outcome;
}

/**
 * Hooty's ranking alone: `ask` (app.ts: `answerQuestion` with a warm cache) with the evidence
 * thresholds (EVIDENCE.answerable, leastCoverage) at 0 for the call, so that it cites what it
 * ranked first whatever the evidence.
 */
export async function hootyRanking(
  store: Store,
  siteId: number,
  question: string,
  aids?: Readonly<Aids>,
) {
  const saved = { ...EVIDENCE };
  Object.assign(EVIDENCE, { answerable: 0, leastCoverage: 0 });
  try {
    return await ask(store, siteId, question, aids);
  } finally {
    Object.assign(EVIDENCE, saved);
  }
}

/** The first three distinct pages an answer cites. */
export const citedPages = (answer: { citations: { url: string }[] }) =>
  firstPages(
    answer.citations.map((c) => c.url),
    3,
  );

/** What Hooty indexed of a site, as peer documents: per page, and per section. */
async function peerDocuments(
  store: Store,
  siteId: number,
): Promise<{ pages: PeerDocument[]; sections: PeerDocument[] }> {
  const pages: PeerDocument[] = [];
  const sections: PeerDocument[] = [];
  for (const page of await store.pages.list(siteId)) {
    const path = new URL(page.url).pathname;
    const title = page.title ?? "";
    const parts: string[] = [];
    const headingsSeen = new Set<string>([title]);
    for (const section of await store.texts.sections(siteId, page.url)) {
      for (const heading of section.headingPath) {
        if (!headingsSeen.has(heading)) parts.push(heading);
        headingsSeen.add(heading);
      }
      parts.push(section.text);
      const headings = section.headingPath.filter((h) => h !== title);
      sections.push({ page: path, title: [title, ...headings].join(" › "), text: section.text });
    }
    pages.push({ page: path, title, text: parts.join("\n\n") });
  }
  return { pages, sections };
}

function gitState(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync(
      "git",
      ["status", "--porcelain", "src/answer", "src/text", "src/index"],
      {
        encoding: "utf8",
      },
    ).trim();
    return dirty === ""
      ? `commit ${head}`
      : `commit ${head} with uncommitted changes in src/answer, src/text or src/index`;
  } catch {
    return "unknown commit";
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

/** Every system's outcome on every question, one untimed pass. */
async function outcomesOf(
  systems: readonly System[],
  questions: readonly Question[],
  siteIds: ReadonlyMap<string, number>,
): Promise<Map<System, Outcome[]>> {
  const outcomes = new Map<System, Outcome[]>();
  for (const system of systems) {
    const list: Outcome[] = [];
    for (const q of questions)
      list.push(await system.ask(siteIds.get(q.site) as number, q.site, q.question));
    outcomes.set(system, list);
  }
  return outcomes;
}

/**
 * Runs every system on every question: a warm-up round that records the answers, then timed
 * rounds taking turns, so that the machine's load falls on all alike. Each question's best time.
 */
async function runAll(
  systems: readonly System[],
  questions: readonly Question[],
  siteIds: ReadonlyMap<string, number>,
): Promise<{ outcomes: Map<System, Outcome[]>; best: Map<System, number[]> }> {
  const outcomes = await outcomesOf(systems, questions, siteIds);
  const best = new Map<System, number[]>(
    systems.map((system) => [system, questions.map(() => Number.POSITIVE_INFINITY)]),
  );
  const ask = (system: System, q: Question) =>
    system.ask(siteIds.get(q.site) as number, q.site, q.question);
  for (let round = 0; round < ROUNDS; round++) {
    note(`round ${round + 1} of ${ROUNDS}`);
    for (const system of systems) {
      const times = best.get(system) as number[];
      for (const [i, q] of questions.entries()) {
        const started = performance.now();
        await ask(system, q);
        times[i] = Math.min(times[i] as number, performance.now() - started);
      }
    }
  }
  return { outcomes, best };
}

interface Score {
  hit3: number;
  hit1: number;
  n: number;
}

function score(outcomes: readonly Outcome[], questions: readonly Question[], lang?: Lang): Score {
  let hit3 = 0;
  let hit1 = 0;
  let n = 0;
  for (const [i, q] of questions.entries()) {
    if (q.expect.length === 0 || (lang && q.lang !== lang)) continue;
    n++;
    const rank = hitRank((outcomes[i] as Outcome).pages, q.expect);
    if (rank > 0) hit3++;
    if (rank === 1) hit1++;
  }
  return { hit3, hit1, n };
}

const ms = (value: number) => formatNumber(value, 1);
const note = (message: string) => process.stderr.write(`bench: answers: ${message}\n`);

/** Hooty and the peers (each at its better set-up) on the other question sets. */
async function otherSets(
  systems: readonly System[],
  hootyRaw: System,
  hootyAnswer: System,
  siteIds: ReadonlyMap<string, number>,
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const set of OTHER_SETS) {
    if (!hasQuestionSet(set)) continue;
    const questions = loadQuestionSet(set);
    note(`question set ${set}`);
    const outcomes = await outcomesOf(systems, questions, siteIds);
    const hit3 = (system: System) => {
      const s = score(outcomes.get(system) as Outcome[], questions);
      return s.hit3 / s.n;
    };
    const raw = hit3(hootyRaw);
    const peers = PEERS.map((peer) =>
      Math.max(...systems.filter((s) => s.name.startsWith(`${peer.name},`)).map(hit3)),
    );
    const answered = outcomes.get(hootyAnswer) as Outcome[];
    const a = questions.filter((q) => q.expect.length > 0).length;
    const u = questions.length - a;
    let hitAnswered = 0;
    let abstainedA = 0;
    let abstainedU = 0;
    for (const [i, q] of questions.entries()) {
      const outcome = answered[i] as Outcome;
      if (q.expect.length === 0) abstainedU += outcome.covered ? 0 : 1;
      else if (!outcome.covered) abstainedA++;
      else if (hitRank(outcome.pages, q.expect) > 0) hitAnswered++;
    }
    rows.push([
      set,
      `${a} / ${u}`,
      `**${percent(raw * a, a)}**`,
      ...peers.map((p) => percent(p * a, a)),
      ((raw - Math.max(...peers)) * 100).toFixed(1),
      `${percent(hitAnswered, a)} / ${percent(abstainedA, a)} / ${percent(abstainedU, u)}`,
    ]);
  }
  return rows;
}

async function evaluationSet(store: Store): Promise<string> {
  const questions = loadQuestionSet("questions");
  const sink = createIndexSink(store);
  const siteIds = new Map<string, number>();
  const indexRows: (string | number)[][] = [];
  const documents = new Map<string, { pages: PeerDocument[]; sections: PeerDocument[] }>();
  for (const site of EVAL_SITES) {
    const record = await store.sites.ensure(site.origin, `${site.origin}/`);
    siteIds.set(site.origin, record.id);
    const files = siteFiles(site.origin, join(sitesDir(), site.dir));
    const run = await indexFiles(sink, record.id, files);
    note(`indexed ${site.origin}: ${run.pages} pages in ${ms(run.wallMs / 1000)} s`);
    const docs = await peerDocuments(store, record.id);
    documents.set(site.origin, docs);
    const stats = await store.texts.stats(record.id);
    indexRows.push([
      `${site.label}, ${site.origin}`,
      run.pages,
      docs.sections.length,
      stats.chunks,
      ms(run.wallMs / 1000),
      questions.filter((q) => q.site === site.origin).length,
    ]);
  }

  // The peers' indexes: one per site, per page and per section.
  const buildMs = new Map<string, number>();
  const systems: System[] = [];
  const hootyRaw: System = {
    name: "**Hooty**, ranking (evidence threshold off)",
    documents: "sections → passages",
    ask: async (siteId, _origin, question) => ({
      pages: citedPages(await hootyRanking(store, siteId, question)),
      covered: true,
    }),
  };
  const hootyAnswer: System = {
    name: "Hooty, answer (`ask`, with the threshold)",
    documents: "sections → passages",
    ask: async (siteId, _origin, question) => {
      const answer = await ask(store, siteId, question);
      return {
        pages: citedPages(answer),
        covered: answer.covered,
        citations: answer.citations.map(({ url, quote }) => ({ url, quote })),
      };
    },
  };
  systems.push(hootyRaw, hootyAnswer);
  const indexes: PeerIndex[] = [];
  for (const peer of PEERS) {
    for (const granularity of ["pages", "sections"] as const) {
      const bySite = new Map<string, PeerIndex>();
      const started = performance.now();
      for (const site of EVAL_SITES) {
        const index = peer.build(documents.get(site.origin)?.[granularity] ?? []);
        bySite.set(site.origin, index);
        indexes.push(index);
      }
      const name = `${peer.name}, per ${granularity === "pages" ? "page" : "section"}`;
      buildMs.set(name, performance.now() - started);
      systems.push({
        name,
        documents: granularity === "pages" ? "pages" : "sections → pages",
        ask: (_siteId, origin, question) => ({
          pages: firstPages(bySite.get(origin)?.search(question) ?? [], 3),
          covered: true,
        }),
      });
    }
  }

  note("peers built; warm-up round");
  const loadBefore = load();
  const { outcomes, best } = await runAll(systems, questions, siteIds);
  const loadAfter = load();
  const otherRows = await otherSets(systems, hootyRaw, hootyAnswer, siteIds);
  for (const index of indexes) index.close();

  // Ranking: hit@3 and hit@1 on the answerable questions.
  const rawScore = score(outcomes.get(hootyRaw) as Outcome[], questions);
  const cell = (s: Score) => `${percent(s.hit3, s.n)} / ${percent(s.hit1, s.n)}`;
  const peerBest = new Map<string, number>();
  for (const system of systems.slice(2)) {
    const peer = system.name.replace(/, per .*$/, "");
    const s = score(outcomes.get(system) as Outcome[], questions);
    peerBest.set(peer, Math.max(peerBest.get(peer) ?? 0, s.hit3 / s.n));
  }
  const rankingRows = systems
    .filter((s) => s !== hootyAnswer)
    .map((system) => {
      const all = score(outcomes.get(system) as Outcome[], questions);
      const times = best.get(system) as number[];
      const peer = system.name.replace(/, per .*$/, "");
      const isBest = system !== hootyRaw && peerBest.get(peer) === all.hit3 / all.n;
      const lead =
        system === hootyRaw
          ? "–"
          : `${((rawScore.hit3 / rawScore.n - all.hit3 / all.n) * 100).toFixed(1)}`;
      return [
        system.name,
        system.documents,
        isBest || system === hootyRaw
          ? `**${percent(all.hit3, all.n)}**`
          : percent(all.hit3, all.n),
        percent(all.hit1, all.n),
        ...LANGS.map((lang) => cell(score(outcomes.get(system) as Outcome[], questions, lang))),
        lead,
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
      ];
    });

  // Hooty's answers with the evidence threshold.
  const answered = outcomes.get(hootyAnswer) as Outcome[];
  const thresholdRow = (label: string, lang?: Lang) => {
    let answerable = 0;
    let hitAnswered = 0;
    let abstainedAnswerable = 0;
    let unanswerable = 0;
    let abstainedUnanswerable = 0;
    for (const [i, q] of questions.entries()) {
      if (lang && q.lang !== lang) continue;
      const outcome = answered[i] as Outcome;
      if (q.expect.length > 0) {
        answerable++;
        if (!outcome.covered) abstainedAnswerable++;
        else if (hitRank(outcome.pages, q.expect) > 0) hitAnswered++;
      } else {
        unanswerable++;
        if (!outcome.covered) abstainedUnanswerable++;
      }
    }
    return [
      label,
      `${answerable} / ${unanswerable}`,
      percent(hitAnswered, answerable),
      percent(abstainedAnswerable, answerable),
      percent(abstainedUnanswerable, unanswerable),
    ];
  };
  const answerTimes = best.get(hootyAnswer) as number[];
  const checked = await verbatimQuotes(store, siteIds, questions, answered);

  const peerBuild = systems
    .slice(2)
    .map((s) => `${s.name} ${formatNumber((buildMs.get(s.name) ?? 0) / 1000, 2)} s`)
    .join("; ");
  const leads = [...peerBest]
    .map(([peer, hit3]) => `${peer} ${((rawScore.hit3 / rawScore.n - hit3) * 100).toFixed(1)}`)
    .join(", ");

  return [
    `Hooty at ${gitState()}. Questions: test/fixtures/eval/questions.jsonl, ${questions.length} questions (${rawScore.n} answerable: ${LANGS.map((l) => `${questions.filter((q) => q.lang === l && q.expect.length > 0).length} ${l}`).join(", ")}; ${questions.filter((q) => q.expect.length === 0).length} unanswerable).`,
    "",
    "### Ranking: hit@3 / hit@1 on the answerable questions (%)",
    "",
    table(
      [
        "system",
        "documents",
        "hit@3",
        "hit@1",
        "en hit@3 / @1",
        "de hit@3 / @1",
        "it hit@3 / @1",
        "Hooty's hit@3 lead (points)",
        "p50 ms",
        "p95 ms",
      ],
      rankingRows,
    ),
    "",
    `Hooty's lead over each peer's better set-up (target: at least 10 points each): ${leads}.`,
    "",
    "### Hooty's answers with the evidence threshold",
    "",
    table(
      [
        "questions",
        "answerable / unanswerable",
        "hit@3 and answered %",
        "answerable abstained %",
        "unanswerable abstained %",
      ],
      [thresholdRow("all"), ...LANGS.map((lang) => thresholdRow(lang, lang))],
    ),
    "",
    `Answer latency (\`ask\`, with the threshold, every question): p50 ${ms(percentile(answerTimes, 50))} ms, p95 ${ms(percentile(answerTimes, 95))} ms, max ${ms(Math.max(...answerTimes))} ms. ` +
      `Quotes: ${checked.quotes}, of which ${percent(checked.verbatim, checked.quotes)} % are found verbatim in the cited page's indexed text (as \`hooty eval\` checks), and ${percent(checked.atSource, checked.quotes)} % in the text the page's HTML shows, whitespace aside (as a visitor checks at the source: the HTML read by htmlparser2 alone, bench/shown-text.ts). ` +
      `Targets (issue 7): hit@3 and answered at least 85 %, answerable abstained at most 10 %, unanswerable abstained at least 85 %, every quote verbatim.`,
    "",
    "### The other question sets",
    "",
    table(
      [
        "set",
        "answerable / unanswerable",
        "Hooty ranking hit@3",
        ...PEERS.map((peer) => `${peer.name} hit@3 (better set-up)`),
        "Hooty's least lead (points)",
        "Hooty answers: hit@3 and answered / answerable abstained / unanswerable abstained %",
      ],
      otherRows,
    ),
    "",
    "Sets in test/fixtures/eval, each written by a helper session that did not run Hooty or read its code; their READMEs record how each has been used (holdout and holdout2 have since served to fit the evidence model; holdout3 is held out).",
    "",
    "### How it was measured",
    "",
    table(
      ["site", "pages", "sections", "passages (chunks)", "Hooty index phase, s", "questions"],
      indexRows,
    ),
    "",
    `- **Same input for all.** The sites' files (${sitesDir()}, built by ../shared/corpora/build-sites.sh) are indexed without HTTP by Hooty's index phase (\`createIndexSink(store).accept\`, one SQLite file), each page under the URL the site serves it at (the root \`index.html\` as \`/\`). ` +
      "The peers index the text Hooty extracted and kept, read back from the store (`pages.list`, `texts.sections`): " +
      "**per page**, a document with the page title as `title` and the section headings and texts as `text`; " +
      "**per section**, a document per section with page title › headings as `title` and the section text as `text`, a hit counted on its page. " +
      "Both are shown; the better of the two is in bold for each peer, and Hooty's lead is counted against it.",
    "- **Hit@k**: the first k distinct pages cited (Hooty) or ranked (peers) hold one of the question's `expect` pages (bench/hits.ts, as `hooty eval`). Peers do not abstain, so their hit@3 is compared with Hooty's ranking with the evidence threshold off: `ask` (app.ts: `answerQuestion` with a warm cache) with the evidence threshold (`EVIDENCE.answerable`, `EVIDENCE.leastCoverage`) at 0 for the call. " +
      "Cells per language are hit@3 / hit@1.",
    ...PEERS.map((peer) => `- **${peer.name}**: ${peer.setup}.`),
    `- **Latency**: in-process and warm: after a warm-up round over every question, ${ROUNDS} timed rounds in which the systems take turns; each question's best round; p50 and p95 over all ${questions.length} questions (unanswerable ones included), per site index. ` +
      `Peers' index builds (all five sites): ${peerBuild}. Load average (1 / 5 / 15 min) ${loadBefore} before, ${loadAfter} after, on a machine shared with other work.`,
  ].join("\n");
}

/**
 * Visitor-like questions from the site's own section headings (numbering dropped): the first
 * heading of 2 to 8 words of each page, `count` of them spread evenly over the pages, in turn
 * through a few phrasings.
 */
async function headingQuestions(store: Store, siteId: number, count: number): Promise<string[]> {
  const templates = [
    (h: string) => `how do I ${h}?`,
    (h: string) => `what is ${h}`,
    (h: string) => h,
    (h: string) => `where can I read about ${h}?`,
    (h: string) => `help with ${h} please`,
  ];
  const headings: string[] = [];
  const seen = new Set<string>();
  const pages = (await store.pages.list(siteId)).sort((a, b) => (a.url < b.url ? -1 : 1));
  for (const page of pages) {
    for (const section of await store.texts.sections(siteId, page.url)) {
      const heading = (section.headingPath.at(-1) ?? "")
        .replace(/^[\dA-Z]+(\.\d+)*\.?\s+/, "")
        .replace(/[¶#]/g, "")
        .trim();
      const words = heading.split(/\s+/).length;
      if (words < 2 || words > 8 || seen.has(heading)) continue;
      seen.add(heading);
      headings.push(heading);
      break;
    }
  }
  const step = headings.length / Math.min(count, headings.length);
  return Array.from({ length: Math.min(count, headings.length) }, (_, i) => {
    const heading = (headings[Math.floor(i * step)] as string).toLowerCase();
    return (templates[i % templates.length] as (h: string) => string)(heading);
  });
}

async function bigSite(store: Store): Promise<string> {
  const missing = missingManuals();
  if (missing.length > 0) {
    const message = `Skipped: the 5,000-page site needs ${missing.map((m) => m.package).join(", ")} (run \`${INSTALL}\` as root, see bench/big-site.ts).`;
    process.stderr.write(`bench: answers: ${message}\n`);
    return message;
  }
  {
    const manuals = bigSitePages();
    note(
      `indexing the 5,000-page site (${manuals.reduce((n, m) => n + m.files.length, 0)} pages) …`,
    );
    const built = await buildBigSite(store);
    note(`indexed in ${ms(built.wallMs / 1000)} s`);
    const stats = await store.texts.stats(built.siteId);

    const pg = loadQuestionSet("questions").filter((q) => q.site === "http://127.0.0.21:18081");
    const fromHeadings = await headingQuestions(store, built.siteId, HEADING_QUESTIONS);
    const asked = [...pg.map((q) => q.question), ...fromHeadings];

    // Warm-up round (recording the eval questions' citations), then timed rounds.
    const ranked: string[][] = [];
    for (const q of pg)
      ranked.push(citedPages(await hootyRanking(store, built.siteId, q.question)));
    const cited: string[][] = [];
    let covered = 0;
    for (const question of asked) {
      const answer = await ask(store, built.siteId, question);
      cited.push(citedPages(answer));
      if (answer.covered) covered++;
    }
    const loadBefore = load();
    const bestMs = asked.map(() => Number.POSITIVE_INFINITY);
    const bestCpuMs = asked.map(() => Number.POSITIVE_INFINITY);
    const allMs: number[] = [];
    for (let round = 0; round < BIG_ROUNDS; round++) {
      for (const [i, question] of asked.entries()) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        await ask(store, built.siteId, question);
        const took = performance.now() - started;
        const used = process.cpuUsage(cpu);
        allMs.push(took);
        bestMs[i] = Math.min(bestMs[i] as number, took);
        bestCpuMs[i] = Math.min(bestCpuMs[i] as number, (used.user + used.system) / 1000);
      }
    }
    const loadAfter = load();
    const answerable = pg.filter((q) => q.expect.length > 0);
    const hitsIn = (pages: string[][]) =>
      pg.filter(
        (q, i) =>
          q.expect.length > 0 &&
          hitRank(
            pages[i] as string[],
            q.expect.map((p) => `/pg${p}`),
          ) > 0,
      ).length;

    return [
      table(
        ["manual (folder)", "package", "pages"],
        [
          ...manuals.map(({ manual, files }) => [
            `${manual.title} (\`${manual.prefix}/\`)`,
            manual.package,
            formatNumber(files.length),
          ]),
          ["home page `/` (title and links, made by bench/big-site.ts)", "–", "1"],
          ["**one origin**", BIG_SITE_ORIGIN, `**${formatNumber(built.pages)}**`],
        ],
      ),
      "",
      table(
        ["measure", "value"],
        [
          [
            "index phase, straight from the files (one SQLite file)",
            `${formatNumber(built.wallMs / 1000, 1)} s wall, ${formatNumber(built.cpuMs / 1000, 1)} s CPU (${formatNumber((built.pages * 1000) / built.wallMs)} pages/s); ${formatNumber(stats.chunks)} passages`,
          ],
          [
            `warm answer, ${asked.length} questions, best of ${BIG_ROUNDS} rounds each`,
            `p50 **${ms(percentile(bestMs, 50))} ms**, p95 **${ms(percentile(bestMs, 95))} ms**, max ${ms(Math.max(...bestMs))} ms`,
          ],
          [
            "CPU time of the process per answer, best of the rounds",
            `p50 ${ms(percentile(bestCpuMs, 50))} ms, p95 ${ms(percentile(bestCpuMs, 95))} ms, max ${ms(Math.max(...bestCpuMs))} ms`,
          ],
          [
            `warm answer, all ${allMs.length} timed runs`,
            `p50 ${ms(percentile(allMs, 50))} ms, p95 ${ms(percentile(allMs, 95))} ms, max ${ms(Math.max(...allMs))} ms`,
          ],
          [
            "eval set's PostgreSQL questions on the big site",
            `of ${answerable.length} answerable (expected pages under \`/pg/\`): hit@3 ${percent(hitsIn(ranked), answerable.length)} % (ranking, threshold off), hit@3 and answered ${percent(hitsIn(cited), answerable.length)} %`,
          ],
          ["questions answered (covered)", `${covered} of ${asked.length}`],
        ],
      ),
      "",
      `Questions: the evaluation set's ${pg.length} English questions of the PostgreSQL manual (answerable and not), as written, and ${fromHeadings.length} made from the site's own section headings (each page's first heading of 2 to 8 words, section numbers dropped, lower-cased; ${fromHeadings.length} of them spread evenly over the pages, in turn through five phrasings such as "how do I … ?" and "where can I read about … ?"). ` +
        `\`ask\` (app.ts: \`answerQuestion\` with its per-store cache; with the threshold) in one warm process: a warm-up round over every question, then ${BIG_ROUNDS} timed rounds. Load average ${loadBefore} before, ${loadAfter} after. Target (issue 7): p95 under 50 ms. CPU time is the answering process's own, whatever else the machine ran. On one origin, a PostgreSQL question that does not name PostgreSQL is fair game for the Python, Django and Linux manuals too, so the hit rate here does not compare with the PostgreSQL site's alone; it shows what the other manuals take away. ` +
        `Rebuild the site: \`${INSTALL}\`, then \`node dist/bench/big-site.js DATA_DIR\` (bench/big-site.ts); ${MANUALS.length} manuals served as folders of one origin, never over HTTP here.`,
    ].join("\n");
  }
}

export const answersBench: BenchSuite = {
  name: "answers",
  title:
    "Answers: Hooty vs MiniSearch, Lunr and SQLite FTS5 on the evaluation set; a 5,000-page site",
  async run() {
    // One store for every site: the answer phase caches per site id for the process's life.
    const dir = mkdtempSync(join(tmpdir(), "hooty-bench-answers-"));
    const store = openSqliteStore(join(dir, "hooty.sqlite"));
    const parts: string[] = [];
    try {
      if (existsSync(join(sitesDir(), "pg"))) {
        parts.push(await evaluationSet(store));
      } else {
        const message = `Skipped: the evaluation set's sites are not under ${sitesDir()} (build them with ../shared/corpora/build-sites.sh).`;
        process.stderr.write(`bench: answers: ${message}\n`);
        parts.push(message);
      }
      parts.push("", "### Warm answers on a 5,000-page site", "", await bigSite(store));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return parts.join("\n");
  },
};
