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

/**
 * Phrases that ask for a duration, a time or a frequency: the word each captures says what kind
 * of answer is wanted, not what about. A page says "takes five minutes" or "from seven to ten"
 * without "time" or "hour" ("¿Cuánto tiempo tarda la instalación?", "A che ora è la colazione?").
 */
const FRAMING_PHRASES: Readonly<Record<string, RegExp>> = {
  en: phrases(["how (long|often)"]),
  de: phrases(["wie (lange?|oft|spät)", "um wie ?viel (uhr)"]),
  fr: phrases(["combien de (temps|fois)", "[àa] quelle (heure)"]),
  es: phrases(["cu[áa]nt[oa]s? (tiempo|veces)", "a qu[ée] (hora)"]),
  pt: phrases(["quant[oa]s? (tempo|vezes)", "a que (horas?)"]),
  it: phrases(["quanto (tempo)", "quante (volte)", "che (or[ae])"]),
  nl: phrases(["hoe (lang|vaak|laat)", "hoeveel (tijd|keer)"]),
};

/** One pattern of whole-word phrases, any case. */
function phrases(list: string[]): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${list.join("|")})(?!\\p{L})`, "giu");
}

/**
 * The words the question's framing phrases capture, lower case; not a word the question also
 * uses elsewhere ("how long is a long integer?").
 */
function phraseWords(text: string, lang: string): Set<string> {
  const pattern = FRAMING_PHRASES[lang];
  if (!pattern) return new Set();
  const captured = new Map<string, number>();
  for (const match of text.matchAll(pattern)) {
    for (const word of match.slice(1)) {
      if (!word) continue;
      const lower = word.toLowerCase();
      captured.set(lower, (captured.get(lower) ?? 0) + 1);
    }
  }
  const uses = new Map<string, number>();
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (captured.has(word)) uses.set(word, (uses.get(word) ?? 0) + 1);
  }
  return new Set([...captured].filter(([word, n]) => uses.get(word) === n).map(([word]) => word));
}

/** Whether `word` (as typed) frames a question in `lang` rather than naming its topic. */
export function isFramingWord(lang: string, word: string): boolean {
  return FRAMING[lang]?.has(word.toLowerCase()) ?? false;
}

/**
 * The question's terms without its framing words and the words of its framing phrases (`text`,
 * the question as typed). A question of nothing else ("what do you need?") keeps them: it is then
 * about them.
 */
export function withoutFraming(terms: QueryTerm[], lang: string, text = ""): QueryTerm[] {
  const inPhrases = phraseWords(text, lang);
  const framing = (t: QueryTerm) =>
    !t.extra && (isFramingWord(lang, t.word) || inPhrases.has(t.word.toLowerCase()));
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
