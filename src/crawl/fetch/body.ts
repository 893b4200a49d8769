import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";

export interface ReadBody {
  body: Buffer;
  /** True when the decoded body went past `maxBytes` and was cut there. */
  truncated: boolean;
}

/**
 * Reads a response body, decoding gzip, deflate and br, and stops at `maxBytes` of decoded
 * output: a compression bomb costs at most `maxBytes` of memory and is never inflated further.
 */
export async function readBody(
  raw: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<ReadBody> {
  const codings = (contentEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "" && c !== "identity");
  let stream: Readable = raw;
  // Codings are listed in the order applied, so they are undone last to first.
  for (const coding of codings.reverse()) {
    stream = await decoderFor(coding, stream);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    if (truncated) {
      discard(stream);
      discard(raw);
    }
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

/** Closes a stream we no longer read; the abort error it then emits is expected, not a failure. */
export function discard(stream: Readable): void {
  stream.on("error", () => {});
  stream.destroy();
}

async function decoderFor(coding: string, source: Readable): Promise<Readable> {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return pipeInto(source, createGunzip());
    case "br":
      return pipeInto(source, createBrotliDecompress());
    case "deflate":
      return pipeDeflate(source);
    default:
      throw new UnsupportedEncoding(coding);
  }
}

export class UnsupportedEncoding extends Error {
  constructor(coding: string) {
    super(`unsupported content encoding ${JSON.stringify(coding.slice(0, 40))}`);
    this.name = "UnsupportedEncoding";
  }
}

function pipeInto<T extends NodeJS.ReadWriteStream & Readable>(source: Readable, sink: T): T {
  source.on("error", (error) => sink.destroy(error));
  sink.on("close", () => source.destroy());
  source.pipe(sink);
  return sink;
}

/** "deflate" is zlib-wrapped by the standard, raw in some servers: the first byte tells which. */
async function pipeDeflate(source: Readable): Promise<Readable> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : (first.value as Buffer);
  const zlibWrapped =
    head.length > 0 &&
    (head[0] ?? 0) % 16 === 8 &&
    ((head[0] ?? 0) * 256 + (head[1] ?? 0)) % 31 === 0;
  const inflater = zlibWrapped ? createInflate() : createInflateRaw();
  (async () => {
    try {
      if (head.length > 0 && !inflater.write(head)) await onceDrained(inflater);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (inflater.destroyed) return;
        if (!inflater.write(next.value as Buffer)) await onceDrained(inflater);
      }
      inflater.end();
    } catch (error) {
      inflater.destroy(error as Error);
    }
  })();
  inflater.on("close", () => source.destroy());
  return inflater;
}

function onceDrained(stream: NodeJS.WritableStream & { destroyed: boolean }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.removeListener("drain", done);
      stream.removeListener("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}
