import type { AuditQuery } from '@myko/admin';

/** Lines without a `kind` are those of operations called (their shape predates the other kinds). */
export const OPERATION_KIND = 'operation';
/** How many hex digits of a key's identity name its principal (`key:<16 hex>`, as the gateways count it). */
const PRINCIPAL_KEY_DIGITS = 16;

type Line = Record<string, unknown>;

/** Who a line is about, every way an operator may name them: principal, profile, subject, identity, `key:…`. */
function whoOf(line: Line): unknown[] {
  const identity = typeof line.identity === 'string' ? line.identity : undefined;
  return [
    line.principal,
    line.profile,
    line.subject,
    identity,
    identity === undefined ? undefined : `key:${identity.slice(0, PRINCIPAL_KEY_DIGITS)}`,
  ];
}

/** Whether a parsed audit line passes the query's filters (time included). */
export function matchesAuditQuery(line: Line, query: AuditQuery): boolean {
  if (query.kind !== undefined && (line.kind ?? OPERATION_KIND) !== query.kind) return false;
  if (query.outcome !== undefined && line.outcome !== query.outcome) return false;
  if (query.operation !== undefined && line.operation !== query.operation && line.action !== query.operation) {
    return false;
  }
  if (query.principal !== undefined && !whoOf(line).includes(query.principal)) return false;
  if (query.since === undefined && query.until === undefined) return true;
  const time = typeof line.time === 'string' ? Date.parse(line.time) : Number.NaN;
  if (Number.isNaN(time)) return false;
  return (query.since === undefined || time >= query.since) && (query.until === undefined || time <= query.until);
}

/** A stored line as an object; a line that is not JSON (never written so) is skipped. */
export function parseLine(text: string): Line | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
