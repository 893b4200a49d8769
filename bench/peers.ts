/**
 * The answer benchmark's peers, each with its defaults: MiniSearch 7.2.0, Lunr 2.3.9 and SQLite
 * FTS5 (through better-sqlite3). Each indexes the same documents (the text Hooty's index phase
 * extracted, per page or per section) and ranks them for a question; none abstains.
 */
import Database from "better-sqlite3";
import lunr from "lunr";
import MiniSearch from "minisearch";

/** A document a peer indexes: a whole page, or one section of it mapped back to its page. */
export interface PeerDocument {
  /** The page's path: what a hit is counted on. */
  page: string;
  title: string;
  text: string;
}

export interface PeerIndex {
  /** Page paths in rank order, repeated when several sections of a page rank. */
  search(question: string): string[];
  close(): void;
}

export interface Peer {
  name: string;
  /** How it is set up and queried, for the table's notes. */
  setup: string;
  build(documents: readonly PeerDocument[]): PeerIndex;
}

/** Results read per question: enough for three distinct pages when sections are indexed. */
const RESULTS = 100;

export const miniSearchPeer: Peer = {
  name: "MiniSearch 7.2.0",
  setup:
    "`new MiniSearch({ fields: ['title', 'text'] })`, `addAll`, `search(question)` (defaults: OR, no prefix, no fuzzy, no boost)",
  build(documents) {
    const index = new MiniSearch<{ id: number; title: string; text: string }>({
      fields: ["title", "text"],
    });
    index.addAll(documents.map((d, id) => ({ id, title: d.title, text: d.text })));
    return {
      search: (question) =>
        index
          .search(question)
          .slice(0, RESULTS)
          .map((result) => (documents[result.id as number] as PeerDocument).page),
      close: () => {},
    };
  },
};

/** Lunr's query syntax (`field:`, `^boost`, `~fuzz`, `+`/`-` presence, `*`) read as plain text. */
const LUNR_SYNTAX = /[:^~+\-*]/g;

export const lunrPeer: Peer = {
  name: "Lunr 2.3.9",
  setup:
    "`lunr(function () { this.ref('id'); this.field('title'); this.field('text'); … })` (default pipeline: trimmer, English stop words, English stemmer), `index.search(question)` with Lunr's query-syntax characters `:^~+-*` read as spaces",
  build(documents) {
    const index = lunr(function () {
      this.ref("id");
      this.field("title");
      this.field("text");
      documents.forEach((d, id) => {
        this.add({ id: String(id), title: d.title, text: d.text });
      });
    });
    return {
      search(question) {
        let results: lunr.Index.Result[];
        try {
          results = index.search(question.replace(LUNR_SYNTAX, " "));
        } catch {
          return [];
        }
        return results
          .slice(0, RESULTS)
          .map((result) => (documents[Number(result.ref)] as PeerDocument).page);
      },
      close: () => {},
    };
  },
};

/** The question's words (split at white space, punctuation at their ends dropped), each quoted. */
export function fts5Query(question: string): string {
  const words = question
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word !== "");
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" OR ");
}

export const fts5Peer: Peer = {
  name: "SQLite FTS5",
  setup:
    "in-memory `fts5(page UNINDEXED, title, text)` (default tokenizer unicode61), `WHERE docs MATCH ? ORDER BY bm25(docs)` with the question's words quoted and OR'ed",
  build(documents) {
    const db = new Database(":memory:");
    db.exec("CREATE VIRTUAL TABLE docs USING fts5(page UNINDEXED, title, text)");
    const insert = db.prepare("INSERT INTO docs (page, title, text) VALUES (?, ?, ?)");
    db.transaction(() => {
      for (const d of documents) insert.run(d.page, d.title, d.text);
    })();
    const query = db.prepare<[string, number], { page: string }>(
      "SELECT page FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?",
    );
    return {
      search(question) {
        const match = fts5Query(question);
        if (match === "") return [];
        return query.all(match, RESULTS).map((row) => row.page);
      },
      close: () => db.close(),
    };
  },
};

export const PEERS: Peer[] = [miniSearchPeer, lunrPeer, fts5Peer];
