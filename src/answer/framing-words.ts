import type { QueryTerm } from "./question.js";

/**
 * Words visitors frame a question with ("I want to…", "someone told me…", "is that possible?"):
 * they say how the visitor asks, not what about. Rare in documentation, they would weigh like
 * its rarest terms and lead to whatever page happens to hold "told" or "wondering"; they are
 * not searched. Only words that name no topic of their own are listed (not
 * "like", an SQL operator, nor "quick", a page title).
 */
const FRAMING: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set([
    "able",
    "actually",
    "anybody",
    "anyone",
    "anything",
    "anyway",
    "basically",
    "confused",
    "confusing",
    "correctly",
    "easiest",
    "easily",
    "everyone",
    "exactly",
    "guess",
    "hello",
    "hey",
    "hi",
    "idea",
    "just",
    "knew",
    "know",
    "knows",
    "maybe",
    "need",
    "needed",
    "needs",
    "okay",
    "perhaps",
    "please",
    "possible",
    "possibly",
    "properly",
    "really",
    "seem",
    "seems",
    "simply",
    "somebody",
    "somehow",
    "someone",
    "something",
    "stuff",
    "tell",
    "thanks",
    "thing",
    "things",
    "think",
    "thought",
    "told",
    "tried",
    "try",
    "trying",
    "want",
    "wanted",
    "wants",
    "way",
    "ways",
    "wonder",
    "wondering",
  ]),
  // "machen" as English "do": "Was macht das Klonwerkzeug?", "wo mache ich das?"; "dienen" as "be
  // for" ("Wozu dient tasksel?"), "brauchen" as "need".
  de: new Set([
    "bitte",
    "brauche",
    "brauchen",
    "brauchst",
    "braucht",
    "danke",
    "dienen",
    "dient",
    "eigentlich",
    "genau",
    "hallo",
    "irgendwie",
    "jemand",
    "jemandem",
    "mache",
    "machen",
    "machst",
    "macht",
    "möglich",
    "überhaupt",
    "vielleicht",
    "wofür",
    "wozu",
  ]),
  // "servire" as "be for" ("a cosa serve il file watch?") and "need" ("mi serve un editor").
  it: new Set([
    "ciao",
    "davvero",
    "dirmi",
    "esattamente",
    "favore",
    "grazie",
    "magari",
    "possibile",
    "praticamente",
    "qualcuno",
    "sai",
    "sapete",
    "serve",
    "servono",
    "voglio",
    "volevo",
    "vorrei",
  ]),
};

/** Whether `word` (as typed) frames a question in `lang` rather than naming its topic. */
export function isFramingWord(lang: string, word: string): boolean {
  return FRAMING[lang]?.has(word.toLowerCase()) ?? false;
}

/**
 * The question's terms without its framing words. A question of nothing else ("what do you
 * need?") keeps them: it is then about them.
 */
export function withoutFraming(terms: QueryTerm[], lang: string): QueryTerm[] {
  const framing = (t: QueryTerm) => !t.extra && isFramingWord(lang, t.word);
  if (terms.every((t) => t.extra || framing(t))) return terms;
  return terms.filter((t) => !framing(t));
}

/**
 * Greetings, thanks and goodbyes of the languages Hooty analyses: a visitor's "hello" or "merci !"
 * asks nothing. Matched on the word as typed, whatever the question's language (a greeting is too
 * short to tell its language by).
 */
const PLEASANTRIES = new Set([
  "hello",
  "hi",
  "hey",
  "thanks",
  "thank",
  "thx",
  "cheers",
  "bye",
  "goodbye",
  "hallo",
  "moin",
  "servus",
  "danke",
  "tschüss",
  "ciao",
  "salve",
  "grazie",
  "bonjour",
  "salut",
  "merci",
  "hola",
  "gracias",
  "olá",
  "obrigado",
  "obrigada",
  "dank",
  "bedankt",
  // What goes with them: "thanks a lot", "vielen Dank", "grazie mille", "good morning".
  "lot",
  "much",
  "vielen",
  "vielmals",
  "mille",
  "beaucoup",
  "muchas",
  "good",
  "morning",
  "evening",
  "guten",
  "buongiorno",
  "buonasera",
  "bonsoir",
  "buenos",
  "buenas",
  "días",
  "tardes",
]);

/**
 * Whether the question asks about nothing a page could be about: only pleasantries, small numbers
 * and single letters ("hello", "thanks!", "1=1", "what is 1+1", "x"). Its best match would say
 * nothing: any passage holding a "1" or a code sample's 'hello' holds all of it. A longer number
 * is specific (a port, a year, an error code) and is searched.
 */
export function asksNothing(terms: readonly QueryTerm[]): boolean {
  return (
    terms.length > 0 &&
    terms.every((t) => TOPICLESS.test(t.term) || PLEASANTRIES.has(t.word.toLowerCase()))
  );
}

const TOPICLESS = /^(?:\d{1,3}|\p{Script=Latin})$/u;
