/**
 * Drafts (text-versions.ts) against a real crash: a process writing a page in parts over and over
 * is killed with SIGKILL at an unforeseen moment. Whatever it was doing, the page shows one of
 * the texts it committed, whole; the draft it left is neither visible nor counted; and the site's
 * next draft removes it. Runs the built store (dist/), as the index-thread test does.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { isDeepStrictEqual as isEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers/cli.js";
import type { ChunkInput, PageText } from "../types.js";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { sqliteTexts } from "./texts.js";

const STORE = resolve(import.meta.dirname, "../../../dist/src/store/sqlite/store.js");
const ORIGIN = "https://a.example";
const URL_A = `${ORIGIN}/a`;

const chunkOf = (text: string, section: number): ChunkInput => {
  const words = text.split(" ");
  return {
    section,
    anchor: null,
    lang: "en",
    text,
    start: 0,
    end: text.length,
    hash: `h:${text}`,
    sentences: [[0, text.length]],
    terms: [...new Set(words)].map((term) => ({
      term,
      tf: words.filter((w) => w === term).length,
    })),
    length: words.length,
  };
};

/** Version `n` of the page: sections shared with every version, and sections of its own. */
const version = (n: number): PageText => {
  const texts = Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0 ? `shared passage ${i}` : `passage ${i} of version ${n}`,
  );
  return {
    sections: texts.map((text) => ({ headingPath: [], anchor: null, lang: "en", text })),
    chunks: texts.map(chunkOf),
    boilerplate: { fingerprints: [n], mask: `${n}` },
    blocks: JSON.stringify({ version: n }),
  };
};

/**
 * Writes versions 0, 1, 2, … of the page, each as a draft of many parts, until killed; with
 * STOP set to "commits parts", stops for good after that many parts of the draft that follows
 * that many commits, and says so.
 */
const WRITER = `
  const [stopAfter, stopAt] = (process.env.STOP ?? "-1 -1").split(" ").map(Number);
  let parts = 0;
  const part = async (write) => {
    await write;
    if (stopAfter === n && ++parts === stopAt) {
      process.stdout.write("stopped\\n");
      await new Promise(() => {});
    }
  };
  const { openSqliteStore } = await import(process.env.STORE);
  const store = openSqliteStore(process.env.FILE);
  const site = await store.sites.ensure("${ORIGIN}", "${ORIGIN}/");
  const page = (n) => ({ siteId: site.id, url: "${URL_A}", title: "v" + n, lang: "en",
    fetchedAt: "2026-01-01T00:00:00Z", status: 200, contentHash: String(n), etag: null,
    lastModified: null, links: [] });
  const versions = JSON.parse(process.env.VERSIONS);
  let n = 0;
  for (;; n++) {
    const text = versions[n % versions.length];
    const draft = await store.texts.startDraft(site.id, "${URL_A}");
    await part(store.texts.writeDraft(draft, { blocks: text.blocks, part: 0 }));
    for (let i = 0; i < text.sections.length; i++) {
      await part(store.texts.writeDraft(draft, { sections: [text.sections[i]], from: i }));
      await part(store.texts.writeDraft(draft, { chunks: [text.chunks[i]], from: i }));
    }
    await store.texts.commitDraft(draft, { page: page(n), boilerplate: text.boilerplate });
    process.stdout.write("committed " + (n % versions.length) + "\\n");
  }
`;

/**
 * Runs the writer until it has committed `commits` versions, then kills it: at no particular
 * moment of what follows, or once it has stopped after `parts` parts of its next draft.
 */
function killWriterAfter(file: string, commits: number, parts?: number): Promise<number[]> {
  const versions = [0, 1, 2].map(version);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", WRITER], {
      env: {
        ...process.env,
        STORE,
        FILE: file,
        VERSIONS: JSON.stringify(versions),
        ...(parts === undefined ? {} : { STOP: `${commits} ${parts}` }),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const committed: number[] = [];
    let killing = false;
    const kill = (afterMs: number) => {
      if (killing) return;
      killing = true;
      setTimeout(() => child.kill("SIGKILL"), afterMs);
    };
    child.stdout.setEncoding("utf8").on("data", (lines: string) => {
      for (const line of lines.trim().split("\n")) {
        if (line === "stopped") kill(0);
        else committed.push(Number(line.split(" ")[1]));
      }
      // Several lines may come at once.
      if (parts === undefined && committed.length >= commits) kill(Math.random() * 20);
    });
    child.on("error", fail);
    child.on("exit", () => done(committed));
  });
}

/** What must hold in the file whatever was interrupted. */
function invariants(db: SqliteDatabase) {
  const one = (sql: string) => db.prepare(sql).pluck().get() as number;
  return {
    // index_stats counts exactly the chunks a page shows.
    countedAsShown:
      one("SELECT coalesce(sum(chunks), 0) FROM index_stats") ===
      one("SELECT count(*) FROM chunks WHERE id NOT IN (SELECT chunk_id FROM chunks_staged)"),
    // Every chunk not staged stands on a page.
    shownChunksPlaced: one(`SELECT count(*) FROM chunks c
      WHERE id NOT IN (SELECT chunk_id FROM chunks_staged) AND NOT EXISTS (
        SELECT 1 FROM chunk_places p JOIN page_texts t ON t.text_id = p.text_id
        WHERE p.chunk_id = c.id)`),
    // No staged chunk waits for the postings.
    stagedPending: one(`SELECT count(*) FROM chunk_postings_pending
      WHERE chunk_id IN (SELECT chunk_id FROM chunks_staged)`),
  };
}

const HOLDS = { countedAsShown: true, shownChunksPlaced: 0, stagedPending: 0 };

/** Opens the file the killed writer left and checks it, before and after the site's next draft. */
async function checkAfterKill(file: string, committed: number[]) {
  const db = openDatabase(file);
  // A draft left a moment ago counts as abandoned here.
  const texts = sqliteTexts(db, undefined, undefined, 0);
  const site = db.prepare("SELECT id FROM sites").pluck().get() as number;
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
  const left = { drafts: count("page_drafts"), staged: count("chunks_staged") };

  // The last version reported, or the next one: committed before its line reached us.
  const last = committed.at(-1) ?? 0;
  const sections = await texts.sections(site, URL_A);
  const text = [last, (last + 1) % 3].map(version).find((v) => isEqual(v.sections, sections));
  expect(text, "a version committed, whole").toBeDefined();
  expect(await texts.blocks(site, URL_A)).toBe(text?.blocks);
  expect((await texts.boilerplate(site)).get(URL_A)).toEqual(text?.boilerplate);
  expect(await texts.stats(site)).toEqual({ chunks: 12, totalLength: 52, pages: 1 });
  expect((await texts.chunkTerms(site)).length).toBe(12);
  expect(invariants(db)).toEqual(HOLDS);

  // The site's next draft removes what the dead one left.
  const draft = await texts.startDraft(site, URL_A);
  await texts.dropDraft(draft);
  expect(count("chunks_staged")).toBe(0);
  expect(count("page_drafts")).toBe(0);
  expect(count("text_blocks")).toBe(1);
  expect(count("sections")).toBe(12);
  expect(count("chunk_places")).toBe(12);
  expect(count("chunks")).toBe(12);
  expect(invariants(db)).toEqual(HOLDS);
  db.close();
  return left;
}

describe("SQLite drafts: a writer killed with SIGKILL", () => {
  it("at any moment: leaves the page as last committed, whole, nothing else seen or counted", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    await checkAfterKill(file, await killWriterAfter(file, 3 + Math.floor(Math.random() * 3)));
  });

  it("in the middle of a draft: the draft stays unseen until the site's next draft removes it", async () => {
    const file = join(tempDir(), "hooty.sqlite");
    const left = await checkAfterKill(file, await killWriterAfter(file, 2, 14));
    // Blocks, then 7 sections and 6 passages: 4 of them new to the site.
    expect(left).toEqual({ drafts: 1, staged: 4 });
  });
});
