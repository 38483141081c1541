import type { ClientFilters } from '@myko/filter';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import type { ExecutionRecord } from './execution-record';

/**
 * The request a resumed execution runs under: its owner's (principal, identity, session), with `filters` (their
 * profile's) deciding what it may call, and no client to ask: a later gated command pauses the run again.
 * `signal` ends the run (the instance shutting down).
 */
export function resumeRequest(record: ExecutionRecord, filters: ClientFilters, signal: AbortSignal): RequestContext {
  const { owner } = record;
  const session: SessionState = {
    sessionId: owner.sessionId,
    ...(owner.clientName === undefined ? {} : { clientInfo: { name: owner.clientName, version: '' } }),
    clientCapabilities: {},
    initialized: true,
    inFlight: new Map(),
    logLevel: 'info',
    subscriptions: new Map(),
    pending: new Map(),
    serverRequestCount: 0,
    channels: [],
  };
  return {
    client: {
      transport: 'internal',
      sessionId: owner.sessionId,
      filters,
      ...(record.narrowing === undefined ? {} : { narrowing: record.narrowing }),
      ...(owner.principal === undefined ? {} : { principal: owner.principal }),
      ...(owner.identity === undefined ? {} : { identity: owner.identity }),
      ...(owner.subject === undefined ? {} : { subject: owner.subject }),
      ...(owner.clientId === undefined ? {} : { clientId: owner.clientId }),
      conversationId: `execution:${record.id}`,
    },
    session,
    id: `resume:${record.id}`,
    signal,
    progress: () => undefined,
  };
}
