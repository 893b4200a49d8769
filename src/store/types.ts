/**
 * The store: every piece of Hooty's state lives behind these interfaces. The embedded
 * implementation is one SQLite file (`sqlite/`); the scale-out one will be PostgreSQL, shared by
 * many processes. Both run the same contract suite (`contract.test.ts`), so the semantics written
 * here are the ones both keep.
 *
 * All methods are asynchronous, even where SQLite could answer at once, so callers never depend on
 * an in-process database.
 */

export interface BlockedDomain {
  /** Lower-case punycode host name; it covers its subdomains too. */
  domain: string;
  reason: string | null;
  /** ISO 8601 time the block was added. */
  blockedAt: string;
}

/** The operator's list of sites that asked not to be crawled. */
export interface BlockList {
  /**
   * Blocks `domain` and its subdomains. Idempotent: blocking again keeps the first time and
   * replaces the reason. Takes effect for every process sharing the store at its next check.
   */
  add(domain: string, reason: string | null): Promise<void>;
  /** Removes a block; resolves false when the domain was not blocked. */
  remove(domain: string): Promise<boolean>;
  /** Every block, sorted by domain. */
  list(): Promise<BlockedDomain[]>;
  /** The block covering `host` (equal to it, or a parent domain of it), if any. */
  covering(host: string): Promise<BlockedDomain | null>;
}

export interface Store {
  readonly kind: "sqlite" | "postgres";
  /** Where the data lives, for messages (a file path or a database URL without password). */
  readonly location: string;
  /** The schema version after the migrations that ran on open. */
  schemaVersion(): Promise<number>;
  readonly blocks: BlockList;
  /** Releases the connection; further calls fail. */
  close(): Promise<void>;
}
