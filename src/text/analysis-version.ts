/**
 * The version of the analysis pages are indexed under (tokens, folding, stopwords, stems, compound
 * parts). Raise it with any change that makes a text yield other terms: a passage's stored terms
 * belong to the version its hash names (index/chunk/chunk.ts), so a page indexed again never
 * reuses a passage analysed the old way.
 *
 * 1: the first index; 2: "ändern" no longer read as the stopword "andern"; 3: Italian "cos'è",
 * "quand'è", "nessun'altra" lose their elided word as "l'" does; 4: section text holds only what
 * the page shows (no "- " before a list item, a tab between a row's cells, not " | "), so quotes
 * are found on the page; 5: German "kostet" → "kost" and "Autos" → "auto", French "Puis-je" and
 * Portuguese "pode-se" lose their pronoun, French modal verbs are stopwords, "v2.3" also yields
 * "2.3"; 6: a short section (80 to 200 characters) in another language than its page's is
 * analysed in its own, when its words plainly are that language's; a German or Dutch weak
 * participle also yields its verb's stem ("geliefert": "lief", as "liefern").
 */
export const ANALYSIS_VERSION = 6;
