/** What `hooty ask` and `POST /api/sites/{id}/ask` answer (CONTRACT.md). */
export interface Citation {
  /** The page, with a deep link to the passage (`#anchor` and/or `#:~:text=`). */
  url: string;
  title: string;
  /** Quoted verbatim from the page's indexed text. */
  quote: string;
}

export interface Answer {
  /** False when the site's pages do not answer the question: `answer` then says so. */
  covered: boolean;
  answer: string;
  citations: Citation[];
}
