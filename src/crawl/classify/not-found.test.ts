import { describe, expect, it } from "vitest";
import { saysNotFound } from "./not-found.js";
import { scanPage } from "./page.js";

const page = (title: string, text: string) =>
  saysNotFound(
    scanPage(`<html><head><title>${title}</title></head><body><p>${text}</p></body></html>`),
  );

describe("saysNotFound", () => {
  it("finds short pages whose title says the page is missing", () => {
    for (const title of [
      "404",
      "Page not found – Example Shop",
      "Error 404 (Not Found)!!1",
      "Seite nicht gefunden | Beispiel GmbH",
      "Pagina non trovata - Esempio",
      "Page introuvable",
      "Página no encontrada",
      "Pagina niet gevonden",
      "404 - File or directory not found.",
      "404 Not Found",
      "Oops! That page can’t be found. | Blog",
      "Fehler 404: Seite nicht gefunden",
    ]) {
      expect(page(title, "Sorry, we could not find that page. Go back home."), title).toBe(true);
    }
  });

  it("leaves pages that are about errors, or say more", () => {
    expect(page("HTTP status codes", "404 Not Found means the server has no such page.")).toBe(
      false,
    );
    expect(page("NotFoundException", "Thrown when a key is missing.")).toBe(false);
    expect(page("Fixing 404 errors in nginx", "Long article. ".repeat(200))).toBe(false);
    expect(page("Release 4.0.4", "Notes.")).toBe(false);
    expect(page("How to fix a 404 error", "Check the link, then the server's logs.")).toBe(false);
    expect(page("Canon 404 src", "A lens.")).toBe(false);
    expect(page("Die Suche: nicht gefunden? Tipps", "Tipps.")).toBe(false);
  });
});
