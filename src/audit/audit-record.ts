import { createHash } from 'node:crypto';
import type { InvocationOutcome, OperationInvocation } from '@myko/registry';

/** One line of the audit log. */
export interface AuditRecord {
  /** ISO 8601, when the call started. */
  time: string;
  /** The access profile (principal), or null for a client without one. */
  profile: string | null;
  /** The OAuth subject (token `sub`, else `client_id`); absent for API keys and stdio. */
  subject?: string;
  transport: string;
  session: string | null;
  /** `<kind>_<id>` */
  operation: string;
  outcome: InvocationOutcome;
  /** `Name: message` of the failure, or the refusal. */
  error?: string;
  durationMs: number;
  /** SHA-256 of the arguments as canonical JSON (keys sorted): correlates calls without storing values. */
  argsSha256: string;
}

const MAX_ERROR_CHARS = 1000;

/** JSON with object keys sorted at every level, so equal arguments hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Absent arguments hash as `{}`: the invoker treats `undefined`, `null` and `{}` alike. */
export function argsSha256(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? {}))
    .digest('hex');
}

function describeError(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = `${error.name}: ${error.message}`;
  else text = String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}...` : text;
}

export function toAuditRecord(invocation: OperationInvocation): AuditRecord {
  const { client } = invocation.context;
  return {
    time: new Date(invocation.startedAt).toISOString(),
    profile: client.principal ?? null,
    ...(client.subject === undefined ? {} : { subject: client.subject }),
    transport: client.transport,
    session: client.sessionId ?? null,
    operation: invocation.name,
    outcome: invocation.outcome,
    ...(invocation.error === undefined ? {} : { error: describeError(invocation.error) }),
    durationMs: Math.round(invocation.durationMs * 100) / 100,
    argsSha256: argsSha256(invocation.args),
  };
}
