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

  it("gives every problem the report's fields, product null but where bot protection names one", () => {
    const log = new ProblemLog();
    log.add({ kind: "http-error", url: "https://x.example/a", status: 500, detail: "error" });
    const challenged = {
      kind: "bot-protection",
      url: "https://x.example/",
      status: 403,
      product: "Cloudflare",
      detail: "challenged",
      guide: "https://x.example/guide",
    } as const;
    log.add(challenged);
    expect(log.list()).toEqual([
      {
        kind: "http-error",
        url: "https://x.example/a",
        status: 500,
        product: null,
        detail: "error",
      },
      challenged,
    ]);
    expect(Object.keys(log.list()[0] ?? {})).toEqual([
      "kind",
      "url",
      "status",
      "product",
      "detail",
    ]);
  });
});
