import { describe, expect, it } from "vitest";
import { oneLine } from "./errors.js";

describe("oneLine", () => {
  it("keeps a message on one line and writes no control character out as it is", () => {
    expect(oneLine(new Error("bad\n  line\r\nthere"))).toBe("bad line there");
    expect(oneLine("escape \u001b[31mred\u001b[0m, bell \u0007, nul \u0000")).toBe(
      "escape \ufffd[31mred\ufffd[0m, bell \ufffd, nul \ufffd",
    );
    expect(oneLine("tab\tstays")).toBe("tab\tstays");
    expect(oneLine("")).toBe("unknown error");
  });
});
