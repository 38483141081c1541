import type { GuardEvent } from '@myko/dispatch';

/** Ids and reasons are cut to this many characters: a line stays bounded whatever a client named itself. */
const MAX_FIELD_CHARS = 200;

/** One audit line of an `execute` guard: a cooldown or pause started, a refusal, a demotion to the heavy lane. */
export interface GuardAuditRecord {
  /** ISO 8601, when it happened. */
  time: string;
  kind: 'guard';
  /** `cooldown` (started), `refused` (an `execute` refused by a cooldown or a quota), `demoted` (heavy lane). */
  event: GuardEvent['action'];
  /** The tenant: `key:<16 hex>`, `address:<ip>`. */
  principal: string;
  conversation?: string;
  profile?: string;
  operation: 'execute';
  /** The same as `event`, so one `outcome` filter finds refusals of every kind. */
  outcome: GuardEvent['action'];
  level?: string;
  reason: string;
  /** ISO 8601, when `execute` is served again. */
  until?: string;
  retryAfterMs?: number;
}

function cut(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}...` : text;
}

/** The line of one guard event. */
export function toGuardAuditRecord(event: GuardEvent): GuardAuditRecord {
  return {
    time: new Date(event.at).toISOString(),
    kind: 'guard',
    event: event.action,
    principal: cut(event.principal),
    ...(event.conversation === undefined ? {} : { conversation: cut(event.conversation) }),
    ...(event.profile === undefined ? {} : { profile: cut(event.profile) }),
    operation: 'execute',
    outcome: event.action,
    ...(event.level === undefined ? {} : { level: event.level }),
    reason: cut(event.reason),
    ...(event.until === undefined ? {} : { until: new Date(event.until).toISOString() }),
    ...(event.retryAfterMs === undefined ? {} : { retryAfterMs: event.retryAfterMs }),
  };
}
