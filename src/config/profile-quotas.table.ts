import type { QuotaName, QuotaScope } from '@myko/access';

/** How one quota is written in the config file: its least value, whether it is whole, what it may count, its doc. */
export interface QuotaSpec {
  /** The least limit accepted; with `exclusive`, the limit must be above it. */
  readonly minimum: number;
  readonly exclusive?: boolean;
  readonly whole: boolean;
  readonly maximum?: number;
  /** What it may count: a conversation's share has no meaning for some (a session is a conversation). */
  readonly scopes: readonly QuotaScope[];
  readonly doc: string;
}

/**
 * The quotas of an access profile (`profiles.<name>.quotas`): the one place their bounds and docs are written;
 * the parser, the config schema and docs/configuration.md are derived from it. No quota has a default.
 */
export const QUOTA_TABLE: Readonly<Record<QuotaName, QuotaSpec>> = {
  callsPerSecond: {
    minimum: 0,
    exclusive: true,
    whole: false,
    scopes: ['principal', 'conversation'],
    doc: 'myko.* calls started per second (sustained, a second of them at once after a quiet spell). Past it a call waits for its own budget (the script sees a slower call, never an error; its timeout still bounds it).',
  },
  runsAtOnce: {
    minimum: 1,
    whole: true,
    scopes: ['principal', 'conversation'],
    doc: 'execute runs in flight at once (type-checked, running or awaiting operations). One more is refused at once: JSON-RPC -32029, data.limit "quota.runsAtOnce", retryAfterMs.',
  },
  sandboxCpuPercent: {
    minimum: 0,
    exclusive: true,
    whole: false,
    maximum: 100,
    scopes: ['principal'],
    doc: "Share of the sandbox's CPU, in percent, the principal may use lately before its runs move to the low-priority lane: sandbox.heavyClientCpuPercent for this profile's clients.",
  },
  requestsPerSecond: {
    minimum: 0,
    exclusive: true,
    whole: false,
    scopes: ['principal', 'conversation'],
    doc: 'JSON-RPC requests per second at the HTTP/WebSocket edge (a second of them at once after a quiet spell). Past it: HTTP 429 + Retry-After, or error -32029 on a socket, data.limit "quota.requestsPerSecond".',
  },
  sessions: {
    minimum: 1,
    whole: true,
    scopes: ['principal'],
    doc: 'HTTP sessions open at once, and WebSocket connections open at once, of one principal: replaces limits.maxSessionsPerKey / maxWsConnectionsPerKey (maxSessionsPerAddress for keyless clients) for this profile\'s clients. At it an idle session of its own is ended first, else 429, data.limit "quota.sessions".',
  },
};

/** The quota's bound in words, for a validation message: `a number above 0`, `a whole number of at least 1`. */
export function quotaBound(spec: QuotaSpec): string {
  const kind = spec.whole ? 'a whole number' : 'a number';
  const lower = spec.exclusive ? `above ${spec.minimum}` : `of at least ${spec.minimum}`;
  return spec.maximum === undefined ? `${kind} ${lower}` : `${kind} ${lower} and at most ${spec.maximum}`;
}

/** Whether `value` is a limit the quota accepts. */
export function isQuotaLimit(spec: QuotaSpec, value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (spec.whole && !Number.isSafeInteger(value)) return false;
  if (spec.exclusive ? value <= spec.minimum : value < spec.minimum) return false;
  return spec.maximum === undefined || value <= spec.maximum;
}
