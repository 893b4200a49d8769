import { describe, expect, it } from "vitest";
import { ProblemLog } from "./problems.js";

describe("ProblemLog", () => {
  it("keeps one problem of a kind per URL, and problems without a URL by their detail", () => {
    const log = new ProblemLog();
    const url = "https://x.example/";
    log.add({
      kind: "robots-disallowed",
      url,
      status: null,
      detail: "now keeps out: it left the index",
    });
    log.add({ kind: "robots-disallowed", url, status: null, detail: "keeps out the start page" });
    log.add({ kind: "http-error", url, status: 500, detail: "server error" });
    log.add({ kind: "blocked", url: null, status: null, detail: "asked by mail" });
    log.add({ kind: "blocked", url: null, status: null, detail: "asked by phone" });
    log.add({ kind: "blocked", url: null, status: null, detail: "asked by mail" });
    expect(log.list().map((p) => `${p.kind} ${p.detail}`)).toEqual([
      "robots-disallowed now keeps out: it left the index",
      "http-error server error",
      "blocked asked by mail",
      "blocked asked by phone",
    ]);
  });
});
