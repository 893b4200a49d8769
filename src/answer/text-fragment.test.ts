import { describe, expect, it } from "vitest";
import { notCoveredMessage } from "./not-covered.js";
import { textFragmentUrl } from "./text-fragment.js";

describe("textFragmentUrl", () => {
  it("links a short quote whole, escaping the fragment's own syntax", () => {
    expect(textFragmentUrl("https://x.org/a#old", "Use pg_dump, then -- restore & check.")).toBe(
      "https://x.org/a#:~:text=Use%20pg_dump%2C%20then%20%2D%2D%20restore%20%26%20check.",
    );
  });

  it("links a long quote by its first and last words, after the anchor", () => {
    const quote =
      "The autovacuum daemon automates the execution of VACUUM and ANALYZE commands, and it is enabled by default in every installation.";
    expect(textFragmentUrl("https://x.org/a", quote, "routine-vacuuming")).toBe(
      "https://x.org/a#routine-vacuuming:~:text=The%20autovacuum%20daemon%20automates%20the,by%20default%20in%20every%20installation.",
    );
  });
});

describe("textFragmentUrl on a page that repeats the quote's first words", () => {
  it("starts with as many words as it takes to match nothing earlier on the page", () => {
    const quote =
      "Free delivery applies to all Scottish islands from May on; before that, a £25 surcharge is added.";
    const before = "Shipping\nFree delivery applies to all orders.\nIslands\n";
    expect(textFragmentUrl("https://x.org/delivery", quote, "islands", before)).toBe(
      "https://x.org/delivery#islands:~:text=Free%20delivery%20applies%20to%20all%20Scottish,a%20%C2%A325%20surcharge%20is%20added.",
    );
    // Without earlier text, five words.
    expect(textFragmentUrl("https://x.org/delivery", quote)).toContain(
      ":~:text=Free%20delivery%20applies%20to%20all,",
    );
  });

  it("counts words the page has with other accents or case as said: a browser matches them", () => {
    const quote =
      "Über den Fluss führt eine Brücke, die im Winter gesperrt ist, weil sie vereist und glatt wird.";
    const before = "UBER DEN FLUSS FUHRT EINE Straße.\n";
    expect(textFragmentUrl("https://x.org/b", quote, null, before)).toContain(
      ":~:text=%C3%9Cber%20den%20Fluss%20f%C3%BChrt%20eine%20Br%C3%BCcke%2C,",
    );
  });

  it("links the quote whole when only its end would tell it apart", () => {
    const quote =
      "Free delivery applies to all orders over fifty pounds, and to every order sent to the Scottish islands.";
    const before =
      "free delivery applies to all orders over fifty pounds, and to every order sent to";
    const url = textFragmentUrl("https://x.org/d", quote, null, before);
    expect(url).not.toContain(",");
    expect(decodeURIComponent(url.split(":~:text=")[1] ?? "")).toBe(quote);
  });
});

describe("textFragmentUrl on preformatted text", () => {
  it("keeps the spaces a <pre> shows between words, which a browser matches as they are", () => {
    const quote =
      'FATAL:  password authentication failed for user "andym"\n\nMessages like this indicate that you contacted the server.';
    expect(textFragmentUrl("https://x.org/a", quote)).toBe(
      "https://x.org/a#:~:text=FATAL%3A%20%20password%20authentication%20failed%20for,that%20you%20contacted%20the%20server.",
    );
    expect(textFragmentUrl("https://x.org/a", " Foo   |       |        1 | 30\n(7 rows)")).toBe(
      "https://x.org/a#:~:text=Foo%20%20%20%7C%20%20%20%20%20%20%20%7C%20%20%20%20%20%20%20%201%20%7C,(7%20rows)",
    );
  });
});

describe("textFragmentUrl on lists and tables", () => {
  it("takes the ends from a list's items and a table row's cells, each a block of its own", () => {
    expect(
      textFragmentUrl("https://x.org/a", "Update the package list:\n    apt update", "idm1"),
    ).toBe("https://x.org/a#idm1:~:text=Update%20the%20package%20list%3A,apt%20update");
    expect(textFragmentUrl("https://x.org/a", "work_mem\t4MB\tmemory per sort")).toBe(
      "https://x.org/a#:~:text=work_mem,memory%20per%20sort",
    );
  });

  it("starts at the first block the page has not said before: not at a header cell it repeats", () => {
    const before = "Paket\tPopcon\ncoreutils\tV:908\n";
    const quote = "Paket\tPopcon\tGröße\nwhois\tV:28\tmkpasswd";
    expect(textFragmentUrl("https://x.org/a", quote, null, before)).toBe(
      "https://x.org/a#:~:text=Gr%C3%B6%C3%9Fe,mkpasswd",
    );
    // Nothing later tells it apart either: the first block, as the quote begins.
    expect(textFragmentUrl("https://x.org/a", "Paket\tPopcon", null, before)).toBe(
      "https://x.org/a#:~:text=Paket,Popcon",
    );
  });

  it("takes each end from one block, however short", () => {
    expect(
      textFragmentUrl("https://x.org/a", "Options:\n  one thing to know about\n  and another one"),
    ).toBe("https://x.org/a#:~:text=Options%3A,and%20another%20one");
  });
});

describe("notCoveredMessage", () => {
  it("speaks the question's language, English otherwise", () => {
    expect(notCoveredMessage("de")).toMatch(/nicht/);
    expect(notCoveredMessage("it-IT")).toMatch(/non rispondono/);
    expect(notCoveredMessage("xx")).toMatch(/do not answer/);
  });
});
