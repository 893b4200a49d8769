/**
 * What a visitor reads when the site's pages do not answer the question: said plainly, in the
 * question's language, never a guess.
 */
const MESSAGES: Record<string, string> = {
  en: "The pages of this site do not answer that question.",
  de: "Die Seiten dieser Website beantworten diese Frage nicht.",
  it: "Le pagine di questo sito non rispondono a questa domanda.",
  fr: "Les pages de ce site ne répondent pas à cette question.",
  es: "Las páginas de este sitio no responden a esa pregunta.",
  pt: "As páginas deste site não respondem a essa pergunta.",
  nl: "De pagina's van deze site beantwoorden die vraag niet.",
};

export function notCoveredMessage(lang: string): string {
  return MESSAGES[lang.toLowerCase().split("-")[0] ?? ""] ?? (MESSAGES.en as string);
}
