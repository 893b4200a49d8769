/**
 * Language analysis (`src/text`): how fast pages and questions are analysed and their language
 * detected, and how often the language is right, on the Debian documentation when installed
 * (see src/text/testdata/debian.ts) and on Hooty's hand-written sentences.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { eld } from "eld/extrasmall";
import { createAnalyzer } from "../src/text/analyze.js";
import { detectLanguage } from "../src/text/detect.js";
import { SUPPORTED_LANGUAGES } from "../src/text/languages.js";
import {
  DEBIAN_LANGUAGES,
  debianDocuments,
  debianParagraphs,
  debianSentences,
} from "../src/text/testdata/debian.js";
import { evaluationSentences } from "../src/text/testdata/sentences.js";
import { type BenchSuite, formatNumber, measure, table } from "./suite.js";

/** Real running text of `lang`, about `chars` long (hand-written sentences when Debian's are missing). */
function corpus(lang: string, chars: number): { text: string; source: string } {
  const paragraphs = debianParagraphs(lang, 10_000, 8);
  if (paragraphs.length > 0) {
    const text = paragraphs.join("\n\n").slice(0, chars);
    return {
      text,
      source: lang === "nl" || lang === "en" ? "Debian FAQ/Reference" : "Debian docs",
    };
  }
  const own = evaluationSentences()
    .filter(([l]) => l === lang)
    .map(([, t]) => t)
    .join(" ");
  return {
    text: own.repeat(Math.ceil(chars / Math.max(1, own.length))).slice(0, chars),
    source: "sentences.tsv",
  };
}

function analysisRows(): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const lang of SUPPORTED_LANGUAGES) {
    const { text, source } = corpus(lang, 400_000);
    const bytes = Buffer.byteLength(text);
    let words = 0;
    let terms = 0;
    // cold: a new analyser each time, so every distinct word is stemmed (and split) once
    const cold = measure(
      () => {
        terms = 0;
        words = createAnalyzer(lang).forEachTerm(text, () => {
          terms++;
        });
      },
      { minMs: 1500 },
    );
    const warm = createAnalyzer(lang);
    const hot = measure(() => warm.forEachTerm(text, () => {}), { minMs: 1500 });
    rows.push([
      lang,
      source,
      `${formatNumber(bytes / 1024)} KiB`,
      formatNumber((words * cold.opsPerSecond) / 1e6, 2),
      formatNumber((bytes * cold.opsPerSecond) / 2 ** 20, 1),
      formatNumber((bytes * hot.opsPerSecond) / 2 ** 20, 1),
      formatNumber(terms / Math.max(1, words), 2),
    ]);
  }
  return rows;
}

function detectionSpeed(): (string | number)[][] {
  const questions = evaluationSentences()
    .map(([, t]) => t)
    .filter((t) => t.split(" ").length <= 10);
  let i = 0;
  const question = measure(() => detectLanguage(questions[i++ % questions.length] ?? ""), {
    minMs: 1000,
    batch: 50,
  });
  const pages = SUPPORTED_LANGUAGES.map((lang) => corpus(lang, 8000).text);
  let j = 0;
  const page = measure(() => detectLanguage(pages[j++ % pages.length] ?? ""), {
    minMs: 1000,
    batch: 10,
  });
  const section = SUPPORTED_LANGUAGES.map((lang) => corpus(lang, 400).text);
  let k = 0;
  const short = measure(() => detectLanguage(section[k++ % section.length] ?? ""), {
    minMs: 1000,
    batch: 20,
  });
  // Each load in a fresh process: the time to have a detector, and the memory it then holds.
  const timedLoad = (code: string) => {
    const run = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const t = performance.now(); ${code}; process.stdout.write(JSON.stringify([performance.now() - t, process.memoryUsage().rss]))`,
      ],
      { encoding: "utf8", cwd: process.cwd() },
    );
    const [ms = 0, rss = 0] = JSON.parse(run.stdout || "[]") as number[];
    return `${formatNumber(ms)} ms (process ${formatNumber(rss / 2 ** 20)} MB)`;
  };
  const model = new URL("../src/text/eld-model.js", import.meta.url).href;
  return [
    ["question (≤ 10 words)", `${formatNumber(question.msPerOp * 1000, 1)} µs`],
    ["section (400 characters)", `${formatNumber(short.msPerOp * 1000, 1)} µs`],
    ["page (8,000 characters)", `${formatNumber(page.msPerOp * 1000, 1)} µs`],
    [
      "loading the n-gram model, once per process: Hooty (eld built from the JSON snapshot)",
      timedLoad(
        `const m = await import(${JSON.stringify(model)}); if (!m.loadEldSnapshot()) throw new Error("no snapshot")`,
      ),
    ],
    [
      "… eld's own module (`import('eld/extrasmall')`)",
      timedLoad("await import('eld/extrasmall')"),
    ],
  ];
}

function percent(set: [string, string][], detect: (text: string) => string): string {
  if (set.length === 0) return "–";
  let right = 0;
  for (const [lang, text] of set) if (detect(text) === lang) right++;
  return formatNumber((100 * right) / set.length, 1);
}

function accuracyRows(): (string | number)[][] {
  const ours = (text: string) => detectLanguage(text).lang;
  const eldAlone = (text: string) => eld.detect(text).language;
  const mine = evaluationSentences();
  const sets: [string, [string, string][]][] = [
    ["hand-written: questions (≤ 10 words)", mine.filter(([, t]) => t.split(" ").length <= 10)],
    ["hand-written: sentences", mine.filter(([, t]) => t.split(" ").length > 10)],
  ];
  if (DEBIAN_LANGUAGES.every((lang) => debianDocuments(lang).length > 0)) {
    const sentences: [string, string][] = [];
    const paragraphs: [string, string][] = [];
    for (const lang of DEBIAN_LANGUAGES) {
      for (const s of debianSentences(lang, 150)) sentences.push([lang, s]);
      for (const p of debianParagraphs(lang, 40)) paragraphs.push([lang, p]);
    }
    const cut = (n: number) =>
      sentences.map(([l, t]): [string, string] => [l, t.split(" ").slice(0, n).join(" ")]);
    sets.push(
      ["Debian: first 2 words of sentences", cut(2)],
      ["Debian: first 3 words of sentences", cut(3)],
      ["Debian: first 5 words of sentences", cut(5)],
      ["Debian: sentences (6–40 words)", sentences],
      ["Debian: paragraphs (60+ words)", paragraphs],
    );
  }
  return sets.map(([name, set]) => [name, set.length, percent(set, ours), percent(set, eldAlone)]);
}

export const textBench: BenchSuite = {
  name: "text",
  title: "Text: language analysis and detection",
  async run() {
    const analysis = table(
      ["lang", "text", "size", "M words/s (cold)", "MiB/s (cold)", "MiB/s (warm)", "terms/word"],
      analysisRows(),
    );
    const speed = table(["language detection", "time"], detectionSpeed());
    const accuracy = table(
      ["language detection accuracy (7 languages)", "texts", "Hooty %", "eld alone %"],
      accuracyRows(),
    );
    const load = loadavg()
      .map((value) => formatNumber(value, 1))
      .join(", ");
    return [
      `Load average when the suite ended: ${load} (timings on a shared machine vary by up to 2×).`,
      "",
      "Analysis (tokenise, stopwords, stem, fold, compounds) of real running text. Cold: a new analyser, so each distinct word is stemmed once; warm: its cache filled. Terms/word counts extra terms (compound parts, pieces) and leaves out stopwords.",
      "",
      analysis,
      "",
      speed,
      "",
      "Accuracy: Hooty's detector (stopwords + eld n-grams, no hints) beside `eld` (extrasmall) alone. Debian texts left untranslated in a translation are left out.",
      "",
      accuracy,
    ].join("\n");
  },
};
