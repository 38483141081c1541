import { hash } from 'node:crypto';
import type { InvocationOutcome, OperationInvocation } from '@myko/registry';
import { canonicalJson } from './canonical-json';

/** One line of the audit log. */
export interface AuditRecord {
  /** ISO 8601, when the call started. */
  time: string;
  /** The access profile (principal), or null for a client without one. */
  profile: string | null;
  /** The OAuth subject (token `sub`, else `client_id`); absent for API keys and stdio. */
  subject?: string;
  /** Who presented the key or token (`ClientInfo.identity`); absent for keyless clients and stdio. */
  identity?: string;
  transport: string;
  session: string | null;
  /** The server-generated id of the MCP request (its server log lines carry the same id). */
  requestId?: string;
  /** The W3C trace id of that request, when tracing records it. */
  traceId?: string;
  /** The `execute` run the call was part of (see `docs/code-mode.md`, executions). */
  executionId?: string;
  /** `<kind>_<id>` */
  operation: string;
  outcome: InvocationOutcome;
  /**
   * A command that needed the user's approval: whether it was given and by whom (`ClientInfo.identity`, else
   * `subject:`/`profile:`/`session:`). A declined or unanswered approval is a `refused` line with `granted: false`.
   */
  approval?: { granted: boolean; by: string };
  /** `Name: message` of the failure, or the refusal. */
  error?: string;
  durationMs: number;
  /** SHA-256 of the arguments as canonical JSON (keys sorted): correlates calls without storing values. */
  argsSha256: string;
  /** What could not be recorded exactly (a part of the arguments JSON cannot hold, a failing error). */
  cut?: string;
}

const MAX_ERROR_CHARS = 1000;

/** Absent arguments hash as `{}`: the invoker treats `undefined`, `null` and `{}` alike. */
export function argsSha256(args: unknown): string {
  return argsDigest(args).sha256;
}

function argsDigest(args: unknown): { sha256: string; cut?: string } {
  const { text, cut } = canonicalJson(args ?? {});
  // One-shot: a Hash object per audited call costs ~2.5× as much for small arguments.
  const sha256 = hash('sha256', text, 'hex');
  return cut === undefined ? { sha256 } : { sha256, cut };
}

function describeError(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = 'an error that cannot be described';
  }
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}...` : text;
}

/** The line of one invocation; whatever part of it cannot be read is named in `cut`, never fatal. */
export function toAuditRecord(invocation: OperationInvocation): AuditRecord {
  const { client } = invocation.context;
  const digest = argsDigest(invocation.args);
  return {
    time: new Date(invocation.startedAt).toISOString(),
    profile: client.principal ?? null,
    ...(client.subject === undefined ? {} : { subject: client.subject }),
    ...(client.identity === undefined ? {} : { identity: client.identity }),
    transport: client.transport,
    session: client.sessionId ?? null,
    ...(client.requestId === undefined ? {} : { requestId: client.requestId }),
    ...(client.traceId === undefined ? {} : { traceId: client.traceId }),
    ...(client.executionId === undefined ? {} : { executionId: client.executionId }),
    operation: invocation.name,
    outcome: invocation.outcome,
    ...approvalOf(invocation),
    ...(invocation.error === undefined ? {} : { error: describeError(invocation.error) }),
    durationMs: Math.round(invocation.durationMs * 100) / 100,
    argsSha256: digest.sha256,
    ...(digest.cut === undefined ? {} : { cut: `arguments: ${digest.cut}` }),
  };
}

function approvalOf(invocation: OperationInvocation): Pick<AuditRecord, 'approval'> {
  const approval = invocation.context.approval;
  return approval === undefined ? {} : { approval: { granted: approval.granted === true, by: String(approval.by) } };
}

/** The line written when the full record cannot be built: what is known, and why the rest is missing. */
export function minimalAuditRecord(invocation: OperationInvocation, failure: unknown): AuditRecord {
  const client = invocation.context?.client;
  return {
    time: new Date(Number.isFinite(invocation.startedAt) ? invocation.startedAt : Date.now()).toISOString(),
    profile: typeof client?.principal === 'string' ? client.principal : null,
    transport: String(client?.transport ?? 'unknown'),
    session: typeof client?.sessionId === 'string' ? client.sessionId : null,
    ...(typeof client?.requestId === 'string' ? { requestId: client.requestId } : {}),
    operation: String(invocation.name),
    outcome: invocation.outcome,
    durationMs: Math.round((invocation.durationMs || 0) * 100) / 100,
    argsSha256: '',
    cut: `the record could not be built (${describeError(failure)}): arguments and error not recorded`,
  };
}
