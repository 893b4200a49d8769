import { describe, expect, it } from "vitest";
import { cookieNames, viewHeaders } from "./headers.js";

describe("viewHeaders", () => {
  it("reads names in any case and joins repeated ones", () => {
    const headers = viewHeaders({
      "CF-Mitigated": "challenge",
      "cf-mitigated": "x",
      Server: " cloudflare ",
    });
    expect(headers.get("cf-mitigated")).toBe("challenge, x");
    expect(headers.get("server")).toBe("cloudflare");
    expect(headers.has("x-nothing")).toBe(false);
    expect(headers.get("x-nothing")).toBe("");
    expect(headers.hasPrefix("cf-")).toBe(true);
  });

  it("tolerates odd values", () => {
    const headers = viewHeaders({
      a: 1 as unknown as string,
      b: ["x", "y"] as unknown as string,
      c: null as unknown as string,
    });
    expect(headers.get("a")).toBe("1");
    expect(headers.get("b")).toBe("x, y");
    expect(headers.has("c")).toBe(false);
    expect(viewHeaders(null).cookies).toEqual([]);
  });

  it("lists the cookies set, one per line or comma-joined", () => {
    expect(
      cookieNames(
        "__ddg1_=abc; Path=/; Expires=Tue, 30-Nov-2027 09:00:00 GMT\nincap_ses_1_2=x; path=/",
      ),
    ).toEqual(["__ddg1_", "incap_ses_1_2"]);
    expect(
      cookieNames("datadome=a; Expires=Wed, 21 Oct 2026 07:28:00 GMT, _px3=b; path=/"),
    ).toEqual(["datadome", "_px3"]);
    expect(viewHeaders({ "Set-Cookie": "A=1" }).cookies).toEqual(["a"]);
  });
});
