import type { ExecutionOwner, ExecutionRecord, ExecutionRollbackRecord, ExecutionState } from './execution-record';

/**
 * One execution in a listing: where it is and what it waits for, compact (no script, no recorded results:
 * `GET <admin path>/executions/<id>` reads the journal). Times are ISO 8601.
 */
export interface ExecutionSummary {
  readonly id: string;
  readonly state: ExecutionState;
  /** Whose it is (`ExecutionOwner.tenant`): `key:<digest prefix>`, else `address:<ip>`. */
  readonly principal: string;
  /** The owner's access profile, when auth is configured. */
  readonly profile?: string;
  readonly sessionId?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly expiresAt: string;
  /** How many `myko.*` operation calls its journal holds. */
  readonly calls: number;
  readonly waitingFor?: { readonly operation: string; readonly args: unknown; readonly reason: 'approval' };
  readonly decision?: { readonly verdict: 'approved' | 'rejected'; readonly by: string; readonly at: string };
  /** `rolled_back` / `rollback_failed`: what its rollback did, as counts (`GET …/executions/<id>` has the places). */
  readonly rollback?: RollbackSummary;
}

/** What a rollback did: how many committed commands it compensated and skipped, and the compensation that failed. */
export interface RollbackSummary {
  readonly by: string;
  readonly at: string;
  readonly attempts: number;
  readonly compensated: number;
  readonly skipped: number;
  readonly failed?: NonNullable<ExecutionRollbackRecord['failed']>;
}

/** A page of a listing: newest first; `next` is the cursor of the page after it. */
export interface ExecutionListing {
  readonly executions: ExecutionSummary[];
  readonly next?: string;
}

/** Whose an execution is in listings (see `ExecutionOwner.tenant`). */
export function tenantOf(owner: ExecutionOwner): string {
  return owner.tenant ?? owner.clientId ?? `session:${owner.sessionId}`;
}

export function executionSummary(record: ExecutionRecord): ExecutionSummary {
  const { owner, waitingFor, decision } = record;
  const iso = (at: number) => new Date(at).toISOString();
  return {
    id: record.id,
    state: record.state,
    principal: tenantOf(owner),
    ...(owner.principal === undefined ? {} : { profile: owner.principal }),
    sessionId: owner.sessionId,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    expiresAt: iso(record.expiresAt),
    calls: record.calls.length,
    ...(waitingFor
      ? {
          waitingFor: {
            operation: waitingFor.operation,
            args: JSON.parse(waitingFor.args) as unknown,
            reason: waitingFor.reason,
          },
        }
      : {}),
    ...(decision ? { decision: { verdict: decision.verdict, by: decision.by, at: iso(decision.at) } } : {}),
    ...rollbackOf(record),
  };
}

/** The rollback's summary of a rolled-back (or failed rollback) execution whose record keeps one. */
function rollbackOf({ state, rollback }: ExecutionRecord): { rollback?: RollbackSummary } {
  if (!rollback || (state !== 'rolled_back' && state !== 'rollback_failed')) return {};
  const { by, at, attempts, compensated, skipped, failed } = rollback;
  const done = {
    by,
    at: new Date(at).toISOString(),
    attempts,
    compensated: compensated.length,
    skipped: skipped.length,
  };
  return { rollback: failed ? { ...done, failed } : done };
}
