import type { SandboxRunResult } from '@myko/sandbox';
import { MemoryExecutionStore } from '@myko/state';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { SessionState } from '../../interfaces/session-state.interface';
import { keptFor } from './execution.expiry';
import { ExecutionLedger } from './execution.ledger';
import { MAX_NARROWING_CHARS } from './execution-record';

const request = {
  client: { transport: 'internal', sessionId: 's-1', principal: 'ops', identity: 'abc' },
  session: { sessionId: 's-1', clientInfo: { name: 'agent', version: '1' } } as SessionState,
} as unknown as RequestContext;
const ok = { ok: true, resultJson: 'null' } as unknown as SandboxRunResult;

describe('ExecutionLedger', () => {
  it('takes its retention and journal caps from the execute options', () => {
    const ledger = new ExecutionLedger(null, {
      execute: { executionRetentionMs: 5_000, journalMaxEntries: 7, journalMaxBytes: 2_048 },
    });
    expect(ledger.limits).toEqual({ retentionMs: 5_000, maxEntries: 7, maxBytes: 2_048 });
    expect(new ExecutionLedger().limits).toEqual({ retentionMs: 86_400_000, maxEntries: 10_000, maxBytes: 4_194_304 });
  });

  it('journals unless the bench-only execute.journaling is false', () => {
    expect(new ExecutionLedger().journaling).toBe(true);
    expect(new ExecutionLedger(null, { execute: { journaling: true } }).journaling).toBe(true);
    expect(new ExecutionLedger(null, { execute: { journaling: false } }).journaling).toBe(false);
  });

  it('writes a run that called an operation, once, at its end; a run that called none is not written', async () => {
    const store = new MemoryExecutionStore();
    const ledger = new ExecutionLedger(store);
    const idle = ledger.start(request, { code: 'return 1;' }, () => undefined);
    await ledger.finish(idle, ok);
    expect(store.size).toBe(0);
    const run = ledger.start(request, { code: "return myko.query('A');" }, () => undefined);
    const { slot } = run.journal.begin('query', 'query_A', {});
    run.journal.settle(slot, { result: '[]' });
    expect(store.size).toBe(0);
    const { record, kept } = await ledger.finish(run, ok);
    expect(kept).toBe(true);
    expect(record).toMatchObject({
      state: 'completed',
      owner: { principal: 'ops', sessionId: 's-1', clientName: 'agent' },
    });
    expect(await ledger.load(record.id)).toMatchObject({ id: record.id, calls: [{ operation: 'query_A' }] });
  });

  it("keeps the request's narrowing, as sent, in its stored record; one over the cap makes it not resumable", async () => {
    const narrowing = { callableDeny: '{"command_X":{"site":["BER"]}}' };
    const narrowed = { ...request, client: { ...request.client, narrowing } } as RequestContext;
    const ledger = new ExecutionLedger(new MemoryExecutionStore());
    const paused = async (from: RequestContext) => {
      const run = ledger.start(from, { code: '…' }, () => undefined);
      const gated = run.journal.begin('command', 'command_X', { id: 1 });
      run.journal.settle(gated.slot, { error: run.journal.pause(gated.slot.index) as Error });
      return (await ledger.finish(run, { ok: false, error: { kind: 'cancelled', message: 'stopped' } } as never))
        .record;
    };
    const kept = await paused(narrowed);
    expect(await ledger.load(kept.id)).toMatchObject({ state: 'paused', narrowing, truncated: false });
    // Over the cap: not kept, and the run cannot pause (a resume without it would be wider than the request).
    const huge = { visibilityDeny: 'x'.repeat(MAX_NARROWING_CHARS + 1) };
    const run = ledger.start(
      { ...request, client: { ...request.client, narrowing: huge } } as RequestContext,
      {
        code: '…',
      },
      () => undefined,
    );
    const gated = run.journal.begin('command', 'command_X', { id: 1 });
    expect(run.journal.pause(gated.slot.index)).toBeUndefined();
    expect(run.journal.truncated).toBe(true);
    expect(run.record.narrowing).toBeUndefined();
  });

  it('a paused run is written paused, and its pause is decided once', async () => {
    const ledger = new ExecutionLedger(new MemoryExecutionStore());
    const run = ledger.start(request, { code: '…' }, () => undefined);
    const gated = run.journal.begin('command', 'command_X', { id: 1 });
    run.journal.settle(gated.slot, { error: run.journal.pause(gated.slot.index) as Error });
    const { record } = await ledger.finish(run, {
      ok: false,
      error: { kind: 'cancelled', message: 'stopped' },
    } as never);
    expect(record).toMatchObject({ state: 'paused', pauses: 1, waitingFor: { operation: 'command_X', position: 0 } });
    expect(await ledger.claim(record)).toBe(true);
    expect(await ledger.claim(record)).toBe(false);
  });

  it('reads a pause past its expiresAt as expired, keeps it a retention period more, and lists it under expired', async () => {
    const ledger = new ExecutionLedger(new MemoryExecutionStore(), { execute: { executionRetentionMs: 60_000 } });
    const run = ledger.start(request, { code: '…' }, () => undefined);
    const gated = run.journal.begin('command', 'command_X', { id: 1 });
    run.journal.settle(gated.slot, { error: run.journal.pause(gated.slot.index) as Error });
    const { record } = await ledger.finish(run, { ok: false, error: { kind: 'cancelled', message: 'x' } } as never);
    const fresh = await ledger.list({ state: 'paused', limit: 10 });
    expect(fresh.executions.map((e) => [e.id, e.state])).toEqual([[record.id, 'paused']]);
    await ledger.save({ ...record, expiresAt: Date.now() - 1 });
    expect(await ledger.load(record.id)).toMatchObject({ id: record.id, state: 'expired' });
    expect(await ledger.list({ state: 'paused', limit: 10 })).toEqual({ executions: [] });
    const expired = await ledger.list({ state: 'expired', limit: 10 });
    expect(expired.executions.map((e) => [e.id, e.state])).toEqual([[record.id, 'expired']]);
    const all = await ledger.list({ limit: 10 });
    expect(all.executions.map((e) => e.state)).toEqual(['expired']);
    // The store keeps a pause one retention period past its expiresAt, a finished run only to it.
    const now = Date.now();
    expect(keptFor({ ...record, expiresAt: now - 1 }, 60_000, now)).toBe(59_999);
    expect(keptFor({ ...record, state: 'completed', expiresAt: now + 5 }, 60_000, now)).toBe(5);
  });

  it('lists each run under its client’s principal (key, else address), as a summary without script or results', async () => {
    const ledger = new ExecutionLedger(new MemoryExecutionStore());
    const keyed = { ...request, client: { ...request.client, clientId: 'key:0123456789abcdef' } } as RequestContext;
    const run = ledger.start(keyed, { code: "return myko.query('A');" }, () => undefined);
    const { slot } = run.journal.begin('query', 'query_A', { secret: 1 });
    run.journal.settle(slot, { result: '[42]' });
    const { record } = await ledger.finish(run, ok);
    expect(record.owner.tenant).toBe('key:0123456789abcdef');
    const listing = await ledger.list({ principal: 'key:0123456789abcdef', limit: 10 });
    expect(listing).toEqual({
      executions: [
        {
          id: record.id,
          state: 'completed',
          principal: 'key:0123456789abcdef',
          profile: 'ops',
          sessionId: 's-1',
          createdAt: new Date(record.createdAt).toISOString(),
          updatedAt: new Date(record.updatedAt).toISOString(),
          expiresAt: new Date(record.expiresAt).toISOString(),
          calls: 1,
        },
      ],
    });
    expect(await ledger.list({ principal: 'session:s-1', limit: 10 })).toEqual({ executions: [] });
  });
});
