/** One benchmark: measures Hooty side by side with its peer in the same run, returns Markdown. */
export interface BenchSuite {
  name: string;
  title: string;
  run(): Promise<string>;
}

export interface Timing {
  /** Operations per second over the measured runs. */
  opsPerSecond: number;
  /** Mean milliseconds per operation. */
  msPerOp: number;
}

/** Runs `op` for at least `minMs` after a warm-up, and reports its throughput. */
export function measure(op: () => void, options: { minMs?: number; batch?: number } = {}): Timing {
  const minMs = options.minMs ?? 1000;
  const batch = options.batch ?? 1;
  const warmUntil = performance.now() + minMs / 4;
  while (performance.now() < warmUntil) for (let i = 0; i < batch; i++) op();
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < batch; i++) op();
    ops += batch;
    elapsed = performance.now() - start;
  }
  return { opsPerSecond: (ops * 1000) / elapsed, msPerOp: elapsed / ops };
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString("en-US", {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
