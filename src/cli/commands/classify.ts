import type { Command } from "commander";
import { oneLine, usageError } from "../../core/errors.js";
import { classify, type ResponseToClassify } from "../../crawl/classify/index.js";
import { batchLines, LineError, MAX_LINE_CHARS, TOO_LONG, withoutBom } from "../batch-lines.js";
import { type CommonOptions, withJson } from "../options.js";
import { createOutput } from "../output.js";
import { boundedLines } from "../read-capped.js";

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
  const bad = batchLines("classify --batch", { kind: null, product: null });
  let number = 0;
  for await (const lines of boundedLines(input, MAX_LINE_CHARS)) {
    for (const read of lines) {
      number++;
      if (read === null) {
        out.result(bad.failed(number, TOO_LONG));
        continue;
      }
      const line = withoutBom(read, number);
      if (line.trim() === "") continue;
      let response: ResponseToClassify;
      try {
        response = parseLine(line);
      } catch (error) {
        if (!(error instanceof LineError)) throw error;
        out.result(bad.failed(number, error.message));
        continue;
      }
      const { kind, product, detail } = classify(response);
      out.result({ kind, product, detail });
    }
  }
  bad.finish();
}

/** The response on the line; a LineError says why the line cannot be read. */
function parseLine(line: string): ResponseToClassify {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new LineError(`not JSON (${oneLine(error)})`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new LineError('not a JSON object {"url","status","headers","body"}');
  }
  const record = value as Record<string, unknown>;
  const { url = "", status = 200, headers = {}, body = "" } = record;
  if (typeof url !== "string") throw new LineError('"url" must be a string');
  if (typeof status !== "number" || !Number.isInteger(status) || status < 0 || status > 999) {
    throw new LineError('"status" must be an HTTP status code');
  }
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) {
    throw new LineError('"headers" must be an object of header names to values');
  }
  if (typeof body !== "string") throw new LineError('"body" must be a string');
  return { url, status, headers: headers as Record<string, string>, body };
}
