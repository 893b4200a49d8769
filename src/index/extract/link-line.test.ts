import { describe, expect, it } from "vitest";
import { LinkLine } from "./link-line.js";

/** Feeds a block given as pieces: strings are text, [rel, hreflang, text] are links. */
function navigation(
  ...pieces: (string | [string | undefined, string | undefined, string])[]
): boolean {
  const line = new LinkLine();
  for (const piece of pieces) {
    if (typeof piece === "string") line.text(piece, false);
    else {
      line.link(piece[0], piece[1]);
      line.text(piece[2], true);
    }
  }
  return line.isNavigation();
}

describe("blocks of links that only lead elsewhere", () => {
  it("a navigation panel: links by rel between short labels", () => {
    expect(
      navigation(
        "Next: ",
        ["next", undefined, "Operation Controls"],
        ", Previous: ",
        ["prev", undefined, "Specifying the System Type"],
        ", Up: ",
        ["up", undefined, "Installing Bash"],
        " [",
        ["contents", undefined, "Contents"],
        "][",
        ["index", undefined, "Index"],
        "]",
      ),
    ).toBe(true);
    // One such link in a sentence is a sentence.
    expect(navigation("See ", ["next", undefined, "the next part"], " for more.")).toBe(false);
    // Another link among them, or long words between them, make it text.
    expect(
      navigation(["next", undefined, "B"], " and ", ["up", undefined, "A"], ", see ", [
        undefined,
        undefined,
        "C",
      ]),
    ).toBe(false);
    expect(
      navigation(
        ["next", undefined, "B"],
        " comes after this part of the manual, which explains ",
        ["prev", undefined, "A"],
      ),
    ).toBe(false);
  });

  it("a language switch: links with hreflang beside at most one other (the page's own language)", () => {
    expect(
      navigation(
        "Available Languages: ",
        [undefined, undefined, " en "],
        " | ",
        ["alternate", "fr", " fr "],
        " | ",
        ["alternate", "ja", " ja "],
      ),
    ).toBe(true);
    expect(
      navigation("Verfügbare Sprachen: ", [undefined, undefined, " de "], " | ", [
        undefined,
        "en",
        " en ",
      ]),
    ).toBe(true);
    expect(
      navigation(
        "Read ",
        [undefined, undefined, "the guide"],
        " or ",
        [undefined, undefined, "the FAQ"],
        " or ",
        [undefined, "de", "its German translation"],
      ),
    ).toBe(false);
  });

  it("a breadcrumb: three or more links with only marks between them", () => {
    expect(
      navigation(
        [undefined, undefined, "Apache"],
        " > ",
        [undefined, undefined, "HTTP Server"],
        " > ",
        [undefined, undefined, "Documentation"],
        " > ",
        [undefined, undefined, "Version 2.4"],
      ),
    ).toBe(true);
    expect(
      navigation([undefined, undefined, "Home"], " › ", [undefined, undefined, "Docs"], " › ", [
        undefined,
        undefined,
        "Install",
      ]),
    ).toBe(true);
    // Links in a list are text: commas are no crumb marks.
    expect(
      navigation(
        [undefined, undefined, "SQL Dump"],
        ", ",
        [undefined, undefined, "File System Level Backup"],
        ", ",
        [undefined, undefined, "Continuous Archiving"],
      ),
    ).toBe(false);
    expect(
      navigation([undefined, undefined, "Apache"], " > ", [undefined, undefined, "Modules"]),
    ).toBe(false);
  });

  it("a menu line: three to twelve links with only spaces or dots between them", () => {
    const link = (text: string): [undefined, undefined, string] => [undefined, undefined, text];
    expect(
      navigation(link("Opening hours"), " ", link("Team"), " ", link("Jobs"), " ", link("Press")),
    ).toBe(true);
    expect(navigation(link("Imprint"), " · ", link("Privacy"), " · ", link("Contact"))).toBe(true);
    // A type's union, two links, thirteen links (an index), a sentence of links: text.
    expect(navigation(link("<Readable>"), " | ", link("<null>"), " | ", link("<undefined>"))).toBe(
      false,
    );
    expect(navigation(link("Team"), " ", link("Jobs"))).toBe(false);
    const thirteen = Array.from({ length: 13 }, (_, i) => [link(`fn${i}`), " "]).flat();
    expect(navigation(...(thirteen as [undefined, undefined, string][]))).toBe(false);
    expect(navigation(link("Read"), " the ", link("guide"), " and ", link("FAQ"))).toBe(false);
    // Links on lines of their own are a list.
    const line = new LinkLine();
    for (const name of ["xsltApplyStylesheet", "xsltCopyOf", "xsltEvalAVT"]) {
      line.link(undefined, undefined);
      line.text(name, true);
      line.lineBreak();
    }
    expect(line.isNavigation()).toBe(false);
  });

  it("starts afresh after reset", () => {
    const line = new LinkLine();
    line.link("next", undefined);
    line.link("prev", undefined);
    expect(line.isNavigation()).toBe(true);
    line.reset();
    line.text("Plain words.", false);
    expect(line.isNavigation()).toBe(false);
  });
});
