import { ClientFilters } from '@myko/filter';
import { ClientCapabilityError, ClientRequestError, InputRequiredError } from '@myko/mcp';
import {
  type McpElicitParams,
  type McpElicitResult,
  type OperationContext,
  type OperationInvocation,
  OperationInvoker,
  OperationRegistry,
} from '@myko/registry';
import { IsInt, IsString } from 'class-validator';
import { fnv1aCollision } from '../../../../../../test/helpers/fnv1a-collision';
import type { RequestContext } from '../../../interfaces/request-context.interface';
import type { SessionState } from '../../../interfaces/session-state.interface';
import { createOperationContext } from '../operation-context.factory';
import { ApprovalDeclinedError, ApprovalUnansweredError, ApprovalUnavailableError } from './approval.errors';
import { approvalKey } from './approval-request';
import { type ApprovalAsker, type ApprovalHold, CommandApprovalGate } from './command-approval.gate';

class IdArgs {
  @IsInt()
  id!: number;
}

class MoveArgs {
  @IsInt()
  id!: number;

  @IsString()
  to!: string;
}

describe('CommandApprovalGate', () => {
  const registry = new OperationRegistry();
  const add = (id: string, kind: 'command' | 'query', approval?: boolean) =>
    registry.register({
      kind,
      id,
      description: `${id} a record. It cannot be undone.`,
      args: IdArgs,
      source: 'spec',
      ...(approval ? { approval } : {}),
      handler: () => null,
    });
  add('Purge', 'command', true);
  add('Archive', 'command');
  add('Touch', 'command');
  add('Read', 'query');
  registry.register({
    kind: 'command',
    id: 'Move',
    description: 'Move a record. Elsewhere.',
    args: MoveArgs,
    source: 'spec',
    approval: true,
    handler: () => null,
  });
  registry.seal();
  const invoker = new OperationInvoker(registry);
  const audited: OperationInvocation[] = [];
  invoker.onInvoked((invocation) => audited.push(invocation));
  const filters = ClientFilters.from({ approval: ['command_Arch*', 'query_*'] }, 'profiles.ops');

  function gate(answer: (params: McpElicitParams, key?: string) => Promise<McpElicitResult>, capabilities = {}) {
    const asked: { params: McpElicitParams; key?: string }[] = [];
    const request: RequestContext = {
      client: { transport: 'internal', sessionId: 's-1', filters, principal: 'ops', identity: 'abcdef0123456789' },
      session: { sessionId: 's-1' } as SessionState,
      id: 1,
      signal: new AbortController().signal,
      progress: () => undefined,
    };
    const asker: ApprovalAsker = {
      clientCapabilities: { elicitation: {}, ...capabilities },
      elicit: (params, options) => {
        asked.push({ params, key: options?.key });
        return answer(params, options?.key);
      },
    };
    const ctx: OperationContext = createOperationContext('command_Purge', request);
    return { gate: new CommandApprovalGate(registry, invoker, request, asker), asked, ctx, request };
  }

  beforeEach(() => {
    audited.length = 0;
  });

  it('needs approval for a declared command and for commands a profile glob names, never for reads', () => {
    const { gate: g } = gate(async () => ({ action: 'accept' }));
    expect(g.needsApproval('command_Purge')).toBe(true);
    expect(g.needsApproval('command_Archive')).toBe(true);
    expect(g.needsApproval('command_Touch')).toBe(false);
    expect(g.needsApproval('query_Read')).toBe(false);
  });

  it('asks once with a summary of the command and its validated arguments, and grants with who answered', async () => {
    const { gate: g, asked, ctx } = gate(async () => ({ action: 'accept', content: { approve: true } }));
    const approved = await g.approve('command_Purge', { id: 7 }, 2, ctx);
    expect(asked).toHaveLength(1);
    expect(asked[0].params.message).toBe('Approve command Purge (Purge a record) with {"id":7}?');
    expect(asked[0].params.requestedSchema).toMatchObject({ required: ['approve'] });
    expect(asked[0].key).toBe(approvalKey(2, 'command_Purge', { id: 7 }));
    expect(approved.approval).toEqual({ granted: true, by: 'abcdef0123456789' });
    expect(approved.signal).toBe(ctx.signal);
    expect(audited).toEqual([]);
  });

  it('passes calls that need none, and invalid arguments (the invoker refuses them), without asking', async () => {
    const { gate: g, asked, ctx } = gate(async () => ({ action: 'decline' }));
    expect(await g.approve('command_Touch', { id: 1 }, 0, ctx)).toBe(ctx);
    expect(await g.approve('command_Purge', { id: 'x' }, 0, ctx)).toBe(ctx);
    expect(asked).toEqual([]);
  });

  it.each<[string, McpElicitResult, Function]>([
    ['declined', { action: 'decline' }, ApprovalDeclinedError],
    ['accepted with approve: false', { action: 'accept', content: { approve: false } }, ApprovalDeclinedError],
    ['cancelled', { action: 'cancel' }, ApprovalUnansweredError],
  ])('throws when %s, and audits the refusal with granted: false', async (_, answer, type) => {
    const { gate: g, ctx } = gate(async () => answer);
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toBeInstanceOf(type);
    expect(audited).toMatchObject([
      { name: 'command_Purge', outcome: 'refused', context: { approval: { granted: false, by: 'abcdef0123456789' } } },
    ]);
  });

  it('throws approval_unanswered when no answer comes (timeout, session end)', async () => {
    const { gate: g, ctx } = gate(async () => {
      throw new ClientRequestError('elicitation/create', 'no answer within 300000 ms');
    });
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toMatchObject({
      code: 'approval_unanswered',
      message: expect.stringContaining('no answer within 300000 ms'),
    });
  });

  it('refuses at once, asking nobody, when the client cannot ask its user', async () => {
    const { gate: g, asked, ctx } = gate(async () => ({ action: 'accept' }), { elicitation: undefined });
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toBeInstanceOf(ApprovalUnavailableError);
    const urlOnly = gate(async () => ({ action: 'accept' }), { elicitation: { url: {} } });
    await expect(urlOnly.gate.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toMatchObject({
      code: 'approval_unavailable',
    });
    expect([...asked, ...urlOnly.asked]).toEqual([]);
    expect(audited.map((a) => [a.outcome, a.context.approval?.granted])).toEqual([
      ['refused', false],
      ['refused', false],
    ]);
  });

  it("a durable execution's hold pauses the run instead of refusing, and nothing is audited as refused", async () => {
    const { request, ctx } = gate(async () => ({ action: 'accept' }));
    const paused = new Error('paused');
    const pausedAt: number[] = [];
    const hold: ApprovalHold = {
      grantedBy: () => undefined,
      pause: (slot) => {
        pausedAt.push(slot);
        return paused;
      },
    };
    const cannotAsk: ApprovalAsker = { clientCapabilities: {}, elicit: async () => ({ action: 'accept' }) };
    const g = new CommandApprovalGate(registry, invoker, request, cannotAsk, undefined, hold);
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx, 7)).rejects.toBe(paused);
    expect(pausedAt).toEqual([7]);
    expect(audited).toEqual([]);
  });

  it("an operator's grant held for this call lets it through, audited as theirs, asking nobody", async () => {
    const { request, ctx, asked } = gate(async () => ({ action: 'decline' }));
    const hold: ApprovalHold = {
      grantedBy: (slot) => (slot === 3 ? 'operator:alice' : undefined),
      pause: () => undefined,
    };
    const g = new CommandApprovalGate(
      registry,
      invoker,
      request,
      { clientCapabilities: {}, elicit: async () => ({ action: 'decline' }) },
      undefined,
      hold,
    );
    const approved = await g.approve('command_Purge', { id: 1 }, 0, ctx, 3);
    expect(approved.approval).toEqual({ granted: true, by: 'operator:alice' });
    expect(asked).toEqual([]);
    // No hold's pause (a truncated journal): refused as before.
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx, 4)).rejects.toBeInstanceOf(ApprovalUnavailableError);
  });

  it('refuses when the client turns out unable to ask (a capability error from the asker), audited', async () => {
    const { gate: g, ctx } = gate(async () => {
      throw new ClientCapabilityError('elicitation/create', 'elicitation');
    });
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toBeInstanceOf(ApprovalUnavailableError);
    expect(audited).toHaveLength(1);
  });

  it('runs nothing for a grant that arrives after the run ended', async () => {
    const ended = new AbortController();
    const { request, ctx } = gate(async () => ({ action: 'accept' }));
    const late = new CommandApprovalGate(
      registry,
      invoker,
      request,
      {
        clientCapabilities: { elicitation: {} },
        elicit: async () => {
          ended.abort();
          return { action: 'accept', content: { approve: true } };
        },
      },
      ended.signal,
    );
    await expect(late.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toMatchObject({
      name: 'OperationAbortedError',
    });
  });

  it('lets a 2026-07-28 round end (input_required) without counting it as a refusal', async () => {
    const { gate: g, ctx } = gate(async (_, key) => {
      throw new InputRequiredError([key as string]);
    });
    await expect(g.approve('command_Purge', { id: 1 }, 0, ctx)).rejects.toBeInstanceOf(InputRequiredError);
    expect(audited).toEqual([]);
  });

  it('binds the answer key to the call: another position or other arguments ask under another key', () => {
    const key = approvalKey(0, 'command_Purge', { id: 1 });
    expect(approvalKey(0, 'command_Purge', { id: 1 })).toBe(key);
    expect(approvalKey(1, 'command_Purge', { id: 1 })).not.toBe(key);
    expect(approvalKey(0, 'command_Purge', { id: 2 })).not.toBe(key);
    expect(approvalKey(0, 'command_Archive', { id: 1 })).not.toBe(key);
  });

  it('keys two calls apart even when a 32-bit hash of them collides (a script finds one in a second)', () => {
    const a = (i: number) => ({ id: 479, note: `a${i}` });
    const b = (i: number) => ({ id: 477, note: `b${i}` });
    const text = (args: object) => `command_Purge ${JSON.stringify(args)}`;
    const [i, j] = fnv1aCollision(
      (n) => text(a(n)),
      (n) => text(b(n)),
    );
    expect(approvalKey(0, 'command_Purge', a(i))).not.toBe(approvalKey(0, 'command_Purge', b(j)));
    expect(approvalKey(0, 'command_Purge', a(i))).toMatch(/^approval-1-[\w-]{43}$/);
  });

  it('asks with the arguments the profile rules on first, then the rest in sorted order', async () => {
    const ruled = ClientFilters.from({ callable: { allow: { command_Move: { to: ['b', 'z'] } } } }, 'profiles.ops');
    const { asked, ctx, request } = gate(async () => ({ action: 'decline' }));
    const client = { ...request.client, filters: ruled.and(filters) };
    const asker: ApprovalAsker = {
      clientCapabilities: { elicitation: {} },
      elicit: async (params) => {
        asked.push({ params });
        return { action: 'decline' };
      },
    };
    const moving = new CommandApprovalGate(registry, invoker, { ...request, client }, asker);
    await expect(moving.approve('command_Move', { id: 3, to: 'z' }, 0, ctx)).rejects.toBeInstanceOf(
      ApprovalDeclinedError,
    );
    expect(asked[0].params.message).toBe('Approve command Move (Move a record) with {"to":"z","id":3}?');
  });
});
