/**
 * The crawl's CPU per page in two builds, measured at the same time:
 * `node dist/bench/compare-crawl.js BUILD_A BUILD_B [ROUNDS]`, each BUILD a project folder with
 * its `dist` built (a git worktree after `npm run build`). For a change to the crawl's cost.
 *
 * On a shared machine, one crawl's CPU per page moves by a fifth from one minute to the next
 * (the crawl benchmark's runs of unchanged code give 2.3 to 3.2 ms), so runs of A and then of B
 * tell a few percent apart only by chance. Here each round crawls the benchmark's 100 sites with
 * both builds at once, each against a site server of its own, so both meet the same moment of
 * the machine; which build takes which server alternates from round to round, which cancels what
 * the two places differ by. The rounds' differences then vary by about a tenth of a ms (two builds
 * of the same code: standard deviations of 0.02 to 0.1 ms over 4 to 10 rounds), and ten rounds
 * (about eight minutes) give their mean within some 0.03 ms.
 */
import { resolve } from "node:path";
import { crawlRun, SITES, startSites } from "./crawl-processes.js";
import { siteOrigins } from "./site-address.js";

const PORTS = [18681, 18682] as const;

/** One crawl of every site of the server on `port` by the build in `build`: CPU ms per page. */
async function crawlCpuPerPage(build: string, port: number): Promise<number> {
  const startUrls = siteOrigins(port, SITES).map((origin) => `${origin}/`);
  const run = await crawlRun("index", startUrls, build);
  return run.cpuMs / run.pages;
}

const ms = (value: number) => `${value.toFixed(3)} ms`;

async function main(): Promise<void> {
  const [a, b, roundsArg = "6"] = process.argv.slice(2);
  const rounds = Number(roundsArg);
  if (!a || !b || !Number.isInteger(rounds) || rounds < 2) {
    process.stderr.write("usage: compare-crawl BUILD_A BUILD_B [ROUNDS ≥ 2]\n");
    process.exitCode = 2;
    return;
  }
  const builds = [resolve(a), resolve(b)] as const;
  const servers = await Promise.all(PORTS.map((port) => startSites(port)));
  try {
    const differences: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const swapped = round % 2 === 1;
      const [first, second] = await Promise.all([
        crawlCpuPerPage(builds[swapped ? 1 : 0], PORTS[0]),
        crawlCpuPerPage(builds[swapped ? 0 : 1], PORTS[1]),
      ]);
      const [cpuA, cpuB] = swapped ? [second, first] : [first, second];
      differences.push(cpuB - cpuA);
      process.stdout.write(
        `round ${round + 1}: A ${ms(cpuA)}  B ${ms(cpuB)}  B − A ${ms(cpuB - cpuA)}\n`,
      );
    }
    const mean = differences.reduce((sum, d) => sum + d, 0) / rounds;
    const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (rounds - 1);
    process.stdout.write(
      `B − A, CPU per page: ${ms(mean)} ± ${ms(Math.sqrt(variance / rounds))} (mean ± standard error, ${rounds} rounds)\n`,
    );
  } finally {
    for (const server of servers) server.kill();
  }
}

await main();
