/** `GET <admin path>/audit`: which lines, newest first. Every filter is an exact match; absent filters match all. */
export interface AuditQuery {
  /** `key:…`, `address:…`, `admin:…`, a profile name, a token subject, or a key's identity. */
  readonly principal?: string;
  /** An operation (`command_CancelOrder`, `execute`) or an admin action (`audit.query`). */
  readonly operation?: string;
  /** `ok`, `error`, `refused`, `cooldown`, `demoted`, `unauthorized`, … */
  readonly outcome?: string;
  /** `operation` (lines of operations called, which carry no `kind`), `admin` or `guard`. */
  readonly kind?: string;
  /** Epoch ms: lines at or after. */
  readonly since?: number;
  /** Epoch ms: lines at or before. */
  readonly until?: number;
  /** 1–1000. */
  readonly limit: number;
  /** The `next` of the previous page. */
  readonly cursor?: string;
}

/** One page of audit lines, newest first; `next` continues past the last one. */
export interface AuditPage {
  readonly records: readonly object[];
  readonly next?: string;
}

/**
 * The recent audit lines an operator queries (the embedding module binds it to the audit log: this process's
 * lines, or every replica's when the state is in Redis). A bad cursor throws `AdminRequestError` (400).
 */
export interface AdminAudit {
  query(query: AuditQuery): Promise<AuditPage>;
}
