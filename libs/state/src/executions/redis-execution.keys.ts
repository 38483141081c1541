/**
 * The Redis keys of durable executions. A record is a hash (`record`, and the `principal` and `state` it is
 * listed by) expiring with its retention; the listings are sorted sets of execution ids scored by `updatedAt`:
 * one of all executions, one per state, per principal, and per principal and state. The record stays the
 * truth: an index member whose record is gone, or was since saved in another state, is skipped and removed.
 */
export const RECORD_FIELD = 'record';
export const PRINCIPAL_FIELD = 'principal';
export const STATE_FIELD = 'state';

const INDEX_PREFIX = 'executions:by-time';

export const recordKey = (id: string) => `execution:${id}`;
export const claimKey = (id: string, step: string) => `execution:${id}:claim:${step}`;

/** What a listing is narrowed to; each member of its sorted set must still match it. */
export interface IndexScope {
  readonly principal?: string;
  readonly state?: string;
}

/** The sorted set listing `scope` (a principal is encoded: it may hold `:`). */
export function indexKey({ principal, state }: IndexScope): string {
  const byPrincipal = principal === undefined ? '' : `:principal:${encodeURIComponent(principal)}`;
  const byState = state === undefined ? '' : `:state:${encodeURIComponent(state)}`;
  return `${INDEX_PREFIX}${byPrincipal}${byState}`;
}

/** The four listings an execution of `principal` in `state` is a member of. */
export function indexScopesOf(principal: string, state: string): IndexScope[] {
  return [{}, { state }, { principal }, { principal, state }];
}

/** Whether a record listed as `principal`/`state` still belongs in the listing of `scope`. */
export function matches(scope: IndexScope, principal: string | null, state: string | null): boolean {
  return (
    (scope.principal === undefined || scope.principal === principal) &&
    (scope.state === undefined || scope.state === state)
  );
}
