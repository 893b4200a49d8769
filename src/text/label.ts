/**
 * A label: a line of a few words that ends no sentence and names what follows it, as a heading
 * does — a glossary's term ("decorator"), a setting ("port (integer)"), "Parameters:".
 */
import { codeUnitAt } from "../core/code-units.js";

/** Words a label runs to at most. */
const LABEL_WORDS = 8;

export function isLabel(paragraph: string): boolean {
  if (paragraph.length === 0 || paragraph.includes("\n")) return false;
  // . ! ? ; , end a sentence or a clause: a paragraph of its own, however short
  if (/[.!?;,]$/.test(paragraph)) return false;
  let words = 1;
  for (let i = 0; i < paragraph.length; i++) {
    if (codeUnitAt(paragraph, i) === 32 && ++words > LABEL_WORDS) return false;
  }
  return true;
}
