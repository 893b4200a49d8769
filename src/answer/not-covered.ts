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
  sv: "Sidorna på den här webbplatsen besvarar inte den frågan.",
  da: "Siderne på dette websted besvarer ikke det spørgsmål.",
  nb: "Sidene på dette nettstedet svarer ikke på det spørsmålet.",
  no: "Sidene på dette nettstedet svarer ikke på det spørsmålet.",
  fi: "Tämän sivuston sivut eivät vastaa tähän kysymykseen.",
  pl: "Strony tej witryny nie odpowiadają na to pytanie.",
  cs: "Stránky tohoto webu na tuto otázku neodpovídají.",
  hu: "Ennek a webhelynek az oldalai nem válaszolnak erre a kérdésre.",
  ro: "Paginile acestui site nu răspund la această întrebare.",
  tr: "Bu sitenin sayfaları bu soruyu yanıtlamıyor.",
  el: "Οι σελίδες αυτού του ιστότοπου δεν απαντούν σε αυτή την ερώτηση.",
  ru: "Страницы этого сайта не отвечают на этот вопрос.",
  uk: "Сторінки цього сайту не відповідають на це запитання.",
  ar: "صفحات هذا الموقع لا تجيب عن هذا السؤال.",
  he: "הדפים של האתר הזה אינם עונים על השאלה הזו.",
  ja: "このサイトのページはその質問に答えていません。",
  zh: "本网站的页面没有回答这个问题。",
  ko: "이 사이트의 페이지는 그 질문에 답하지 않습니다.",
};

/** Whether there is a message in `lang` (languages Hooty does not analyse included). */
export function hasNotCoveredMessage(lang: string): boolean {
  return Object.hasOwn(MESSAGES, lang.toLowerCase().split("-")[0] ?? "");
}

export function notCoveredMessage(lang: string): string {
  return MESSAGES[lang.toLowerCase().split("-")[0] ?? ""] ?? (MESSAGES.en as string);
}
