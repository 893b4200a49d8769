/**
 * German separable verbs in questions. A main clause puts the verb's particle at its end ("Wie
 * stelle ich das Papierformat ein?" for "einstellen", "Wie schneide ich ein Bild zu?" for
 * "zuschneiden"): the question holds the verb only in a form the pages rarely use for it, and the
 * particle is a stopword, so the verb as the pages write it is searched too, as a word related to
 * the one typed. An infinitive with "zu" puts it inside ("abzubrechen" for "abbrechen"): the verb
 * is searched instead.
 */
import { analyzerFor } from "../text/index.js";
import type { QueryTerm } from "./question.js";

/** Particles that detach from their verb, as written at a clause's end (colloquial forms mapped). */
const PARTICLES: ReadonlyMap<string, string> = new Map([
  ...(
    "ab an auf aus bei dar durch ein fest her herab heran herauf heraus herein herüber herum " +
    "herunter hin hinauf hinaus hinein hinzu los mit nach neu um vor voran voraus vorbei weg " +
    "weiter zu zurück zusammen"
  )
    .split(" ")
    .map((p): [string, string] => [p, p]),
  ["raus", "heraus"],
  ["rein", "herein"],
  ["runter", "herunter"],
  ["rauf", "herauf"],
  ["rüber", "herüber"],
]);

/** Words that open a main clause before its verb: question words, pronouns, linking words. */
const BEFORE_VERB = new Set(
  (
    "wie was wo wann warum wieso weshalb weswegen wer wen wem wessen welche welcher welches " +
    "welchen welchem womit wofür wozu woher wohin worauf woran wodurch ich du er sie es wir ihr " +
    "man und aber oder dann also jetzt nun doch da so"
  ).split(" "),
);

/** Verbs that leave a particle to the verb they go with rather than take one of their own. */
const NOT_SEPARABLE = new Set(
  (
    "kann kannst können könnt muss musst müssen soll sollst sollen will willst wollen darf " +
    "darfst dürfen mag möchte möchtest ist bin bist sind seid hat habe hast haben wird werde " +
    "wirst werden gibt"
  ).split(" "),
);

/** Each main clause's verb and the verb with its particle ("stelle", "einstelle"). */
export function separableVerbs(text: string): { verb: string; whole: string }[] {
  const analyzer = analyzerFor("de");
  const found: { verb: string; whole: string }[] = [];
  for (const clause of text.split(/[.!?;:,–—()]+/)) {
    const words = clause.match(/[\p{L}-]+/gu) ?? [];
    const last = words.at(-1)?.toLowerCase();
    const particle = last === undefined ? undefined : PARTICLES.get(last);
    if (particle === undefined || words.length < 3) continue;
    let at = 0;
    while (at < words.length - 1 && BEFORE_VERB.has((words[at] as string).toLowerCase())) at++;
    const verb = words[at] as string;
    // A verb is written in lower case, except as the clause's first word.
    if (at >= words.length - 1 || (at > 0 && verb[0] !== verb[0]?.toLowerCase())) continue;
    // An article or a modal verb is no verb with a particle of its own ("Der Drucker geht an").
    if (NOT_SEPARABLE.has(verb.toLowerCase()) || analyzer.isStopword(verb)) continue;
    found.push({ verb, whole: `${particle}${verb.toLowerCase()}` });
  }
  return found;
}

/** The verb of an infinitive with "zu" inside ("abzubrechen" → "abbrechen"), or null. */
export function withoutInfixZu(word: string): string | null {
  const lower = word.toLowerCase();
  if (!lower.endsWith("en")) return null;
  let at = lower.indexOf("zu", 2);
  // "hinzu" is a particle of its own: "hinzufügen" is no "hin-zu-fügen".
  while (at >= 0 && PARTICLES.has(lower.slice(0, at + 2))) at = lower.indexOf("zu", at + 2);
  if (at < 0 || lower.length - at < 6) return null;
  const particle = lower.slice(0, at);
  return PARTICLES.get(particle) === particle ? particle + lower.slice(at + 2) : null;
}

/**
 * The terms of a German question with its verbs as the pages write them: an infinitive with "zu"
 * searched as the verb (as typed where the site does not know the verb), and each verb whose
 * particle ends its clause searched joined to it too, as a word related to the verb as typed.
 */
export function withGermanVerbs(terms: QueryTerm[], text: string, lang: string): QueryTerm[] {
  if (lang !== "de") return terms;
  const analyzer = analyzerFor(lang);
  const verbTerm = (verb: string) => analyzer.analyze(verb).find((t) => !t.extra)?.term;
  const infinitives = terms.map((term): QueryTerm => {
    const verb = term.extra || term.related ? null : withoutInfixZu(term.word);
    const whole = verb === null ? undefined : verbTerm(verb);
    return whole === undefined || whole === term.term
      ? term
      : { ...term, term: whole, otherwise: term.term };
  });
  const known = new Set(infinitives.map((t) => t.term));
  const joined: QueryTerm[] = [];
  for (const { verb, whole } of separableVerbs(text)) {
    const typed = infinitives.find((t) => t.word === verb && !t.extra && !t.related);
    const term = verbTerm(whole);
    if (!typed || term === undefined || known.has(term)) continue;
    known.add(term);
    joined.push({ term, word: whole, extra: false, related: { for: typed.term, weight: 1 } });
  }
  return [...infinitives, ...joined];
}
