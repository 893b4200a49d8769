import { describe, expect, it } from "vitest";
import { fold, germanDigraphs } from "./fold.js";

describe("fold", () => {
  it("removes diacritics and spells out special letters", () => {
    expect(fold("straße")).toBe("strasse");
    expect(fold("größe")).toBe("grosse");
    expect(fold("perché")).toBe("perche");
    expect(fold("café")).toBe("cafe");
    expect(fold("œuvre")).toBe("oeuvre");
    expect(fold("ærø")).toBe("aero");
    expect(fold("łódź")).toBe("lodz");
    expect(fold("ação")).toBe("acao");
    expect(fold("niño")).toBe("nino");
    expect(fold("één")).toBe("een");
  });

  it("leaves ASCII and scripts without diacritics as they are", () => {
    expect(fold("pg_dump")).toBe("pg_dump");
    expect(fold("пакет")).toBe("пакет");
    expect(fold("שלום")).toBe("שלום");
  });
});

describe("germanDigraphs (Snowball german2)", () => {
  it("turns ae, oe, ue back into umlauts", () => {
    expect(germanDigraphs("schluessel")).toBe("schlüssel");
    expect(germanDigraphs("groesse")).toBe("grösse");
    expect(germanDigraphs("aerger")).toBe("ärger");
  });

  it("keeps ue after q or a vowel", () => {
    expect(germanDigraphs("quelle")).toBe("quelle");
    expect(germanDigraphs("neue")).toBe("neue");
    expect(germanDigraphs("feuer")).toBe("feuer");
    expect(germanDigraphs("bauer")).toBe("bauer");
  });
});
