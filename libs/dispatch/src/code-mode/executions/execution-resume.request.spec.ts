import { ClientFilters } from '@myko/filter';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import { conversationOf, principalOf } from '../../protocol/fairness/work-identity';
import { reuseKeyOf } from '../execute/execute.parts';
import { abusePartyOf } from '../execute/execute-abuse.backoff';
import { ExecutionLedger } from './execution.ledger';
import type { ExecutionRecord } from './execution-record';
import { resumeRequest } from './execution-resume.request';

const requestOf = (client: Partial<ClientContext>): RequestContext =>
  ({
    client: { transport: 'http', filters: ClientFilters.ALLOW_ALL, principal: 'ops', ...client },
    session: { sessionId: client.sessionId, clientInfo: { name: 'agent', version: '1' } } as SessionState,
  }) as unknown as RequestContext;

/** The record a run of `request` starts with, as the state store keeps it (JSON). */
function recordOf(request: RequestContext): ExecutionRecord {
  const { record } = new ExecutionLedger().start(request, { code: '…' }, () => undefined);
  return JSON.parse(JSON.stringify(record)) as ExecutionRecord;
}

const resumed = (record: ExecutionRecord) =>
  resumeRequest(record, ClientFilters.ALLOW_ALL, new AbortController().signal).client;

describe('resumeRequest', () => {
  it("resumes in the conversation that started the execution: its quotas, fairness and abuse counting, not the execution's own", () => {
    const session = requestOf({ sessionId: 'mcp-session-1', clientId: 'key:0123456789abcdef' });
    const client = resumed(recordOf(session));
    expect(principalOf(client)).toBe('key:0123456789abcdef');
    expect(conversationOf(client)).toBe(conversationOf(session.client));
    expect(abusePartyOf(client)).toEqual(abusePartyOf(session.client));
    // A kept isolate is the conversation's: the resume may take it and leaves it to the conversation's next run.
    expect(reuseKeyOf(client)).toBe(reuseKeyOf(session.client));
  });

  it('keeps the conversation a stateless request named (each of its requests has a session of its own)', () => {
    const stateless = requestOf({
      sessionId: 'http:stateless:1',
      conversationId: 'agent-conversation-7',
      stateless: true,
      caller: 'key:0123456789abcdef',
      clientId: 'key:0123456789abcdef',
    });
    const record = recordOf(stateless);
    expect(record.owner.conversationId).toBe('agent-conversation-7');
    expect(conversationOf(resumed(record))).toBe('key:0123456789abcdef/agent-conversation-7');
  });

  it('resumes a record written before conversations were kept in its session (the conversation of a session client)', () => {
    const stateless = requestOf({ sessionId: 'http:stateless:2', conversationId: 'c', clientId: 'address:10.0.0.1' });
    const { conversationId: _unknown, ...owner } = recordOf(stateless).owner;
    const old = { ...recordOf(stateless), owner } as ExecutionRecord;
    expect(conversationOf(resumed(old))).toBe('address:10.0.0.1/http:stateless:2');
  });
});
