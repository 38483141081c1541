import { ClientFilters } from '@myko/filter';
import { type OperationContext, OperationInvoker, OperationNotFoundError, OperationRegistry } from '@myko/registry';
import { IsInt, IsOptional } from 'class-validator';
import { CallRefusedError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import { resolveFairnessOptions } from '../../protocol/fairness/fairness-options.table';
import { BridgeCallFairness } from './bridge-call.fairness';
import { CommandJournal } from './command-journal';
import { HostBridge } from './host.bridge';

class EchoArgs {
  @IsOptional()
  @IsInt()
  n?: number;
}

describe('HostBridge', () => {
  const seen: { name: string; ctx: OperationContext }[] = [];
  const registry = new OperationRegistry();
  for (const id of ['Echo', 'Other', 'Hidden']) {
    registry.register({
      kind: 'query',
      id,
      description: `${id} echoes its arguments`,
      args: EchoArgs,
      source: 'spec',
      handler: (args: object, ctx: OperationContext) => {
        seen.push({ name: id, ctx });
        return args;
      },
    });
  }
  registry.seal();
  const invoker = new OperationInvoker(registry);
  const filters = ClientFilters.from({
    visibility: { deny: 'query_Hidden' },
    callable: { deny: { query_Echo: { n: [13] } } },
  });

  function bridge(): { bridge: HostBridge; request: RequestContext } {
    const session = { sessionId: 's-1', clientInfo: { name: 'spec-client', version: '1' } } as SessionState;
    const request: RequestContext = {
      client: { transport: 'internal', sessionId: 's-1', filters, principal: 'ops' },
      session,
      id: 1,
      signal: new AbortController().signal,
      progress: () => undefined,
    };
    return { bridge: new HostBridge(registry, invoker, request, new CommandJournal()), request };
  }

  beforeEach(() => {
    seen.length = 0;
  });

  it('gives every call of an operation in a run the same context; each run logs under its own request tag', async () => {
    const first = bridge();
    expect(await first.bridge.call('query', 'Echo', '{"n":1}')).toBe('{"n":1}');
    await first.bridge.call('query', 'Echo', '{"n":2}');
    await first.bridge.call('query', 'Other', '');
    const second = bridge();
    await second.bridge.call('query', 'Echo', '{"n":3}');
    const [a, b, other, later] = seen.map((s) => s.ctx);
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(later).not.toBe(a);
    expect(b.log).toBe(a.log);
    expect(later.log).not.toBe(a.log);
    expect(other.log).not.toBe(a.log);
    expect(a.client).toEqual({ transport: 'internal', sessionId: 's-1', principal: 'ops', clientName: 'spec-client' });
    expect(a.signal).toBe(first.request.signal);
    expect(later.signal).toBe(second.request.signal);
    expect(a.progress).toBe(first.request.progress);
  });

  it('still checks callability on every call once an operation is admitted', async () => {
    const { bridge: run } = bridge();
    await run.call('query', 'Echo', '{"n":12}');
    await expect(run.call('query', 'Echo', '{"n":13}')).rejects.toThrow(CallRefusedError);
    expect(seen.map((s) => s.name)).toEqual(['Echo']);
  });

  it('refuses hidden and unknown operations alike on every call', async () => {
    const { bridge: run } = bridge();
    for (let i = 0; i < 2; i++) {
      await expect(run.call('query', 'Hidden', '')).rejects.toThrow(new OperationNotFoundError('query_Hidden'));
      await expect(run.call('query', 'Nope', '')).rejects.toThrow(OperationNotFoundError);
    }
    expect(seen).toEqual([]);
  });
  it("serves another client's call before a flood of one client's calls has run (one fair budget)", async () => {
    const fairness = new BridgeCallFairness({ fairness: resolveFairnessOptions({ bridgeCallsPerTurn: 8 }) });
    const of = (clientId: string): HostBridge => {
      const request: RequestContext = {
        client: { transport: 'internal', sessionId: clientId, filters, clientId },
        session: { sessionId: clientId } as SessionState,
        id: 1,
        signal: new AbortController().signal,
        progress: () => undefined,
      };
      return new HostBridge(
        registry,
        invoker,
        request,
        new CommandJournal(),
        undefined,
        undefined,
        undefined,
        fairness,
      );
    };
    const floods = ['key:flood-1', 'key:flood-1', 'key:flood-1'].map(of);
    const honest = of('key:honest');
    const order: string[] = [];
    const calls = floods.flatMap((run, r) =>
      Array.from({ length: 200 }, (_, i) => run.call('query', 'Other', '{}').then(() => order.push(`flood-${r}-${i}`))),
    );
    calls.push(honest.call('query', 'Echo', '{"n":1}').then(() => order.push('honest')));
    await Promise.all(calls);
    // Without a shared budget the honest call comes after all 600; with it, in the first turns.
    expect(order.indexOf('honest')).toBeLessThan(20);
  });
});
