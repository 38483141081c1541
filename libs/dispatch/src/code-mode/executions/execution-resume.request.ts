import type { ClientFilters } from '@myko/filter';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import type { ExecutionRecord } from './execution-record';

/**
 * The request a resumed execution runs under: its owner's (principal, identity, session, conversation), with
 * `filters` (their profile's) deciding what it may call, and no client to ask: a later gated command pauses the run
 * again. `signal` ends the run (the instance shutting down).
 *
 * It runs in the conversation that started the execution (`conversationOf`: the owner's principal, then the
 * conversation the gateway named, else the session), so per-conversation quotas, fairness turns and abuse strikes
 * charge that conversation: a resume is its work, and must not be a fresh conversation with a clean slate. The
 * kept-isolate reuse key follows (`reuseKeyOf`): isolates are kept per conversation by design (each run gets a fresh
 * context), and a per-execution key would keep an isolate for a key that almost never comes back (only a second
 * pause resumed on the same process), pushing out isolates that are reused.
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
      ...(owner.conversationId === undefined ? {} : { conversationId: owner.conversationId }),
    },
    session,
    id: `resume:${record.id}`,
    signal,
    progress: () => undefined,
  };
}
