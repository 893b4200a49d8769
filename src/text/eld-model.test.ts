import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers/cli.js";
import { loadEldModule, loadEldSnapshot, writeEldSnapshot } from "./eld-model.js";

const TEXTS = [
  "Wie installiere ich Debian auf meinem Rechner?",
  "Come posso aggiornare il sistema alla nuova versione?",
  "How do I empty a table without dropping it?",
  "Comment puis-je changer le mot de passe de la base de données ?",
  "¿Cómo puedo reiniciar el servidor sin perder las conexiones?",
  "Como faço para instalar pacotes a partir do código-fonte?",
  "Hoe kan ik de standaardtaal van het systeem wijzigen?",
  "SELECT * FROM pg_class WHERE relkind = 'r'",
  "Debian GNU",
  "Дебиан это свободная операционная система",
  "数据库",
  "zzqx vbnm pltk",
  "",
];

describe("eld's model from the JSON snapshot", () => {
  it("detects exactly as eld's own module does", () => {
    const file = join(tempDir(), "eld.json");
    writeEldSnapshot(file);
    const snapshot = loadEldSnapshot(file);
    const module = loadEldModule();
    expect(snapshot).not.toBeNull();
    for (const text of TEXTS) {
      const a = snapshot?.detect(text);
      const b = module.detect(text);
      expect(a?.language, text).toBe(b.language);
      expect(a?.getScores(), text).toEqual(b.getScores());
      expect(a?.isReliable(), text).toBe(b.isReliable());
    }
  });

  it("is not used when missing, broken or from another eld version", () => {
    const dir = tempDir();
    expect(loadEldSnapshot(join(dir, "none.json"))).toBeNull();
    writeFileSync(join(dir, "broken.json"), '{"eld": "2.1.0", "data": ');
    expect(loadEldSnapshot(join(dir, "broken.json"))).toBeNull();
    const file = join(dir, "old.json");
    writeEldSnapshot(file);
    writeFileSync(file, JSON.stringify({ eld: "0.0.1", data: { type: "XS60" } }));
    expect(loadEldSnapshot(file)).toBeNull();
  });
});
