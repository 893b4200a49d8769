import type { StopKind } from "../../store/types.js";

/** The site gate refuses further requests to a site: the crawl of that site ends here. */
export class SiteStopped extends Error {
  readonly kind: StopKind;
  readonly url: string | null;
  readonly status: number | null;
  /** For `rate-limited`: the wait the server asked for, in milliseconds. */
  readonly waitMs: number | null;

  constructor(
    kind: StopKind,
    detail: string,
    where: { url?: string | null; status?: number | null; waitMs?: number | null } = {},
  ) {
    super(detail);
    this.name = "SiteStopped";
    this.kind = kind;
    this.url = where.url ?? null;
    this.status = where.status ?? null;
    this.waitMs = where.waitMs ?? null;
  }
}
