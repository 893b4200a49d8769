import { createInterface } from "node:readline";
import type { Command } from "commander";
import { badInput, usageError } from "../../core/errors.js";
import { classify, type ResponseToClassify } from "../../crawl/classify/index.js";
import { type CommonOptions, withJson } from "../options.js";
import { createOutput } from "../output.js";

interface ClassifyOptions extends CommonOptions {
  batch?: boolean;
}

export function registerClassify(program: Command): void {
  withJson(
    program
      .command("classify")
      .description(
        "classify responses as the crawler does: content, bot-protection (with the product), js-rendered, not-html or noindex",
      )
      .option(
        "--batch",
        'read JSON lines {"url","status","headers","body"} on stdin, write one {"kind","product","detail"} line each',
      ),
  ).action(async (options: ClassifyOptions) => {
    if (!options.batch)
      throw usageError("classify reads responses from stdin: use hooty classify --batch");
    await classifyBatch(process.stdin, createOutput(true));
  });
}

/** Streams JSON lines in, one classification line out per input line, in order. */
export async function classifyBatch(
  input: NodeJS.ReadableStream,
  out: ReturnType<typeof createOutput>,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line.trim() === "") continue;
    const response = parseLine(line, number);
    const { kind, product, detail } = classify(response);
    out.result({ kind, product, detail });
  }
}

function parseLine(line: string, number: number): ResponseToClassify {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw badInput(`classify: line ${number} is not valid JSON`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badInput(
      `classify: line ${number} must be a JSON object {"url","status","headers","body"}`,
    );
  }
  const record = value as Record<string, unknown>;
  const { url = "", status = 200, headers = {}, body = "" } = record;
  if (typeof url !== "string") throw badInput(`classify: line ${number}: "url" must be a string`);
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0 || status > 999) {
    throw badInput(`classify: line ${number}: "status" must be an HTTP status code`);
  }
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) {
    throw badInput(
      `classify: line ${number}: "headers" must be an object of header names to values`,
    );
  }
  if (typeof body !== "string") throw badInput(`classify: line ${number}: "body" must be a string`);
  return { url, status, headers: headers as Record<string, string>, body };
}
