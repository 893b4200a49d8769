/**
 * Release notes and change logs name every feature once, in a line on what changed: they match
 * many questions and answer few ("how do I write my own plugin" is answered by the plugin guide,
 * not by "Added a plugin API" in the notes of version 1.4). Recognised by title or URL, in the
 * languages Hooty answers in.
 */
import { pathOf } from "./url-path.js";

const TITLE =
  /\b(?:release notes?|change ?logs?|what'?s new|new features|versionshinweise|änderungsprotokoll|neuerungen|neue funktionen|note di (?:rilascio|versione)|novità|notes de (?:version|publication)|nouveautés|notas de (?:la )?versión|novedades)\b|^(?:[a-z]?[\d.]+\s+)?release \d/i;

/** The URL's last segments ("release-notes.html", "whatsnew/3.11.html", "release-15-1.html"). */
const PATH =
  /\/(?:release[-_]?notes?|change[-_]?logs?|changes|news|whats[-_]?new|new[-_]features[^/]*|release[-_]\d[\d._-]*)(?:\/[^/]*|\.[a-z]+)?$/i;

export function isChangeNotes(url: string, title: string): boolean {
  if (TITLE.test(title)) return true;
  const path = pathOf(url);
  return path !== null && PATH.test(path);
}
