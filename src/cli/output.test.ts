import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createOutput } from "./output.js";

function written(json: boolean, value: unknown, human: string): string {
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk) => {
    text += String(chunk);
  });
  createOutput(json, stdout, new PassThrough()).result(value, human);
  return text;
}

describe("createOutput", () => {
  it("writes what a page said for people without its control characters, tabs and lines kept", () => {
    const title = "Terminal \u001b]0;owned\u0007 banner";
    expect(written(false, { title }, `${title}\tde\nnext`)).toBe(
      "Terminal \ufffd]0;owned\ufffd banner\tde\nnext\n",
    );
  });

  it("leaves JSON as it is: JSON escapes control characters itself", () => {
    expect(written(true, { title: "a\u001bb" }, "ignored")).toBe('{"title":"a\\u001bb"}\n');
  });
});
