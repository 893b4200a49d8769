import { createRequire } from "node:module";
import { parseRobots } from "../src/crawl/robots/robots.js";
import { type BenchSuite, formatNumber, measure, table } from "./suite.js";

/** npm `robots-parser` is CommonJS whose typings do not fit NodeNext: loaded with its shape. */
type RobotsParser = (
  url: string,
  body: string,
) => { isAllowed(url: string, agent?: string): boolean | undefined };
const robotsParser = createRequire(import.meta.url)("robots-parser") as RobotsParser;

const AGENT = "HootyBot";
const ORIGIN = "https://www.example.org";

/** A robots.txt as shops and news sites write them: a few groups, some wildcards, sitemaps. */
const SMALL = `# robots.txt for www.example.org
User-agent: *
Disallow: /cgi-bin/
Disallow: /search
Disallow: /*?sessionid=
Disallow: /*.pdf$
Disallow: /cart/
Disallow: /checkout/
Allow: /search/help
Crawl-delay: 2

User-agent: Googlebot
User-agent: Bingbot
Disallow: /private/
Allow: /

User-agent: GPTBot
Disallow: /

Sitemap: https://www.example.org/sitemap.xml
Sitemap: https://www.example.org/news-sitemap.xml
`;

/** A deterministic generator, so every run measures the same files and URLs. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = "news shop blog docs api media static user team event press help about archive tag";

function rulePaths(count: number): string[] {
  const next = random(42);
  const words = WORDS.split(" ");
  const pick = () => words[Math.floor(next() * words.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const shape = next();
    if (shape < 0.4) return `/${pick()}/${pick()}${i}/`;
    if (shape < 0.6) return `/${pick()}/*/${pick()}${i}`;
    if (shape < 0.75) return `/*.${pick()}${i}$`;
    if (shape < 0.9) return `/${pick()}${i}*?id=`;
    return `/${pick()}/${pick()}${i}.html$`;
  });
}

function largeFile(paths: string[]): string {
  const next = random(3);
  const lines = ["User-agent: *"];
  for (const path of paths) lines.push(`${next() < 0.3 ? "Allow" : "Disallow"}: ${path}`);
  lines.push("Sitemap: https://www.example.org/sitemap.xml");
  return `${lines.join("\n")}\n`;
}

/** A third of the URLs are made to meet one of the large file's rules, the rest are random. */
function urls(count: number, rules: string[]): string[] {
  const next = random(7);
  const words = WORDS.split(" ");
  const pick = () => words[Math.floor(next() * words.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const n = Math.floor(next() * 200);
    const shape = next();
    const rule = rules[n] as string;
    const path =
      shape < 0.33
        ? `${rule.replace("*", `${pick()}/${i}`).replace("$", "")}${shape < 0.2 ? "" : `x${i}`}`
        : shape < 0.5
          ? `/${pick()}/2026/${pick()}${n}`
          : shape < 0.6
            ? `/files/report-${i}.pdf`
            : shape < 0.75
              ? `/${pick()}${n}/list?id=${i}&sort=asc`
              : shape < 0.85
                ? `/search?q=${pick()}&sessionid=${i}`
                : `/${pick()}/${pick()}${n}.html`;
    return `${ORIGIN}${path}`;
  });
}

interface Side {
  parseMs: number;
  decisions: number;
  disallowed: number;
}

/** The same measurements for either parser. */
interface Contender {
  parse(body: string): void;
  load(body: string): (url: string) => boolean;
}

const HOOTY: Contender = {
  parse: (body) => parseRobots(body).forAgent(AGENT),
  load(body) {
    const robots = parseRobots(body);
    return (url) => robots.allows(url, AGENT);
  },
};

const NPM: Contender = {
  parse: (body) => robotsParser(`${ORIGIN}/robots.txt`, body),
  load(body) {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, body);
    return (url) => robots.isAllowed(url, AGENT) !== false;
  },
};

function once(contender: Contender, body: string, list: string[]): Side {
  const parse = measure(() => contender.parse(body), { minMs: 300 });
  const allows = contender.load(body);
  let i = 0;
  const run = measure(() => allows(list[i++ % list.length] as string), {
    minMs: 500,
    batch: list.length,
  });
  return {
    parseMs: parse.msPerOp,
    decisions: run.opsPerSecond,
    disallowed: list.filter((url) => !allows(url)).length,
  };
}

/** Three rounds, the two parsers taking turns, best of each: other load on the machine evens out. */
function compare(body: string, list: string[]): [Side, Side] {
  let ours: Side | null = null;
  let theirs: Side | null = null;
  const best = (a: Side | null, b: Side): Side =>
    a === null
      ? b
      : {
          ...b,
          parseMs: Math.min(a.parseMs, b.parseMs),
          decisions: Math.max(a.decisions, b.decisions),
        };
  for (let round = 0; round < 3; round++) {
    ours = best(ours, once(HOOTY, body, list));
    theirs = best(theirs, once(NPM, body, list));
  }
  return [ours as Side, theirs as Side];
}

/** Decisions per second and parse time, Hooty's matcher against npm `robots-parser` 3.0.1. */
export const robotsBench: BenchSuite = {
  name: "robots",
  title: "robots.txt: Hooty's matcher vs npm robots-parser",
  async run() {
    const paths = rulePaths(200);
    const list = urls(2000, paths);
    const files = [
      { name: `small real-world file (${SMALL.split("\n").length} lines)`, body: SMALL },
      { name: "200 rules, 60 % with `*` or `$`", body: largeFile(paths) },
    ];
    const rows: (string | number)[][] = [];
    for (const file of files) {
      const [ours, theirs] = compare(file.body, list);
      rows.push([
        file.name,
        `${formatNumber(ours.decisions)} /s`,
        `${formatNumber(theirs.decisions)} /s`,
        `**${formatNumber(ours.decisions / theirs.decisions, 1)}×**`,
        `${formatNumber(ours.parseMs, 3)} ms`,
        `${formatNumber(theirs.parseMs, 3)} ms`,
        `${ours.disallowed} / ${theirs.disallowed}`,
      ]);
    }
    return [
      table(
        [
          "file",
          "Hooty decisions",
          "robots-parser decisions",
          "ratio",
          "Hooty parse",
          "robots-parser parse",
          "disallowed (Hooty / npm)",
        ],
        rows,
      ),
      "",
      `${formatNumber(list.length)} absolute URLs, the same for both, agent \`${AGENT}\`, one ` +
        "decision = `isAllowed(url)` from the URL string (URL parsing included). Hooty's parse " +
        "includes compiling the rules of the agent's group. Best of three alternating rounds.",
    ].join("\n");
  },
};
