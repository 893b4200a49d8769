/**
 * Names of several words that a question writes with capitals ("SQL Server", "VS Code", "Arch
 * Linux", "Microsoft Teams"). Each word may well be the site's ("server", "code", "teams"), the
 * name is not unless the site writes its words together: a question about it is about something
 * the site may never mention.
 */
import { capitalisesNouns } from "./question.js";

/** A word with what may stand inside a name ("C++", "Node.js", "AUTONOMOUS_TRANSACTION"). */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}_+#.'’-]*[\p{L}\p{N}+#])?/gu;

/**
 * The runs of two or more capitalised words in `text`, side by side with only spaces between
 * them. A sentence's first word counts only when it is written as a name ("SQL", "iPhone"): any
 * word has a capital there. None in a language that capitalises every noun, nor in a question
 * written In Title Case or all in capitals.
 */
export function namePhrases(text: string, lang: string, titleCase: boolean): string[] {
  if (capitalisesNouns(lang) || titleCase || !/\p{Ll}/u.test(text)) return [];
  const phrases: string[] = [];
  let run: string[] = [];
  let runEnd = -1;
  const close = () => {
    if (run.length >= 2) phrases.push(run.join(" "));
    run = [];
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const gap = runEnd < 0 ? "" : text.slice(runEnd, start);
    if (run.length > 0 && !/^ +$/.test(gap)) close();
    if (!/^\p{Lu}/u.test(word) || (sentenceStart(text, start) && !looksLikeName(word))) {
      close();
      runEnd = -1;
      continue;
    }
    run.push(word);
    runEnd = start + word.length;
  }
  close();
  return phrases;
}

/** Whether a sentence begins at `start` (nothing before it but spaces, quotes or brackets). */
function sentenceStart(text: string, start: number): boolean {
  const before = text.slice(0, start).replace(/[\s"'“”‘’«»([¿¡]+$/u, "");
  return before === "" || /[.!?:;]$/.test(before);
}

/** Written as a name wherever it stands: a capital after another letter ("SQL", "VS", "iOS"). */
function looksLikeName(word: string): boolean {
  return /\p{L}\p{Lu}/u.test(word);
}

/** Text as a name is compared in it: lower case, `_` and `-` read as spaces ("America/New_York"). */
export function nameForm(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, " ");
}
