import { describe, expect, it } from "vitest";
import { hashSpan } from "./span-cache.js";
import {
  HAS_APOSTROPHE,
  HAS_DIGIT,
  HAS_DOT,
  HAS_HYPHEN,
  HAS_UNDERSCORE,
  MAX_WORD_LENGTH,
  scanWords,
} from "./tokenize.js";

function words(text: string): string[] {
  const out: string[] = [];
  scanWords(text, (start, end) => out.push(text.slice(start, end)));
  return out;
}

function flagsOf(text: string): number[] {
  const out: number[] = [];
  scanWords(text, (_start, _end, flags) => out.push(flags));
  return out;
}

describe("scanWords", () => {
  it("splits on spaces, punctuation and symbols", () => {
    expect(words("Hello, world! (¿Qué tal?) «Très bien» — ok…")).toEqual([
      "Hello",
      "world",
      "Qué",
      "tal",
      "Très",
      "bien",
      "ok",
    ]);
  });

  it("keeps code identifiers, commands, versions and file names whole", () => {
    expect(
      words("Run pg_dump or apt-get on x86-64 with PostgreSQL 15.4 (postgresql.conf)."),
    ).toEqual([
      "Run",
      "pg_dump",
      "or",
      "apt-get",
      "on",
      "x86-64",
      "with",
      "PostgreSQL",
      "15.4",
      "postgresql.conf",
    ]);
    expect(words("__init__ node.js v1.2.3")).toEqual(["__init__", "node.js", "v1.2.3"]);
  });

  it("splits a sentence end without a space before a capital", () => {
    expect(words("It is done.Next step")).toEqual(["It", "is", "done", "Next", "step"]);
    expect(words("end. start - middle -- x")).toEqual(["end", "start", "middle", "x"]);
  });

  it("keeps apostrophes inside words (elisions, possessives)", () => {
    expect(words("l'installazione dell’utente, it's Anna's; po' ")).toEqual([
      "l'installazione",
      "dell’utente",
      "it's",
      "Anna's",
      "po",
    ]);
  });

  it("flags what the analyser needs to know", () => {
    expect(flagsOf("pg_dump 15 apt-get a.b l'uomo plain")).toEqual([
      HAS_UNDERSCORE,
      HAS_DIGIT,
      HAS_HYPHEN,
      HAS_DOT,
      HAS_APOSTROPHE,
      0,
    ]);
  });

  it("reads letters of every script, combining marks included", () => {
    expect(words("Привет мир שלום עולם مرحبا नमस्ते")).toEqual([
      "Привет",
      "мир",
      "שלום",
      "עולם",
      "مرحبا",
      "नमस्ते",
    ]);
    expect(words("cafe\u0301")).toEqual(["cafe\u0301"]);
  });

  it("makes one word per ideograph or kana", () => {
    expect(words("東京タワー abc")).toEqual(["東", "京", "タ", "ワ", "ー", "abc"]);
  });

  it("skips emoji, controls and lone surrogates", () => {
    expect(words("ok👍🏽go\u0000\u0007x\u200by \ud800z \udc00")).toEqual([
      "ok",
      "go",
      "x",
      "y",
      "z",
    ]);
  });

  it("cuts runs without separators", () => {
    const cut = words("a".repeat(MAX_WORD_LENGTH * 2 + 5));
    expect(cut.map((w) => w.length)).toEqual([MAX_WORD_LENGTH, MAX_WORD_LENGTH, 5]);
  });

  it("gives each word's span hash", () => {
    const text = "l'été 𝐀𝐁c pg_dump-x 日本 e.g. x\u00adyz 𝐀 ok👍";
    scanWords(text, (start, end, _flags, hash) => {
      expect(hash).toBe(hashSpan(text, start, end));
    });
  });
});
