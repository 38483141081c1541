/** What a quota counts: each principal (API key, token identity, else client address), or each conversation in it. */
export type QuotaScope = 'principal' | 'conversation';

/** One quota, resolved: its limit and what it counts (`per`). */
export interface QuotaLimit {
  readonly limit: number;
  readonly per: QuotaScope;
}

/**
 * A quota as the config file writes it: a number (counted per principal), or `{ "limit", "per" }`.
 * @publicApi
 */
export type QuotaSetting = number | { readonly limit: number; readonly per?: QuotaScope };

/**
 * An access profile's quotas (`profiles.<name>.quotas`): operator policy on top of the server's safety caps.
 * Each is counted per principal or per conversation, never for a whole profile; an omitted one is no quota.
 * @publicApi
 */
export interface ProfileQuotas {
  /** `myko.*` calls started per second; past it a call waits for its own budget. */
  readonly callsPerSecond?: QuotaLimit;
  /** `execute` runs in flight at once; one more is refused (-32029). */
  readonly runsAtOnce?: QuotaLimit;
  /** Percent of the sandbox's CPU one principal may use lately before its runs are demoted to the low-priority lane. */
  readonly sandboxCpuPercent?: QuotaLimit;
  /** JSON-RPC requests per second at the edge; past it HTTP 429 / -32029 with `Retry-After`. */
  readonly requestsPerSecond?: QuotaLimit;
  /** HTTP sessions (and WebSocket connections) open at once, per principal. */
  readonly sessions?: QuotaLimit;
}

/** The names of the quotas, in the order the reference lists them. */
export const QUOTA_NAMES = [
  'callsPerSecond',
  'runsAtOnce',
  'sandboxCpuPercent',
  'requestsPerSecond',
  'sessions',
] as const satisfies ReadonlyArray<keyof ProfileQuotas>;
export type QuotaName = (typeof QUOTA_NAMES)[number];
