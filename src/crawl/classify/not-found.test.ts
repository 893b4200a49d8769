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
  });
});
