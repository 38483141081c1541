import { ClientFilters } from '@myko/filter';
import {
  type OperationInvocation,
  OperationInvoker,
  OperationRegistry,
  type ProgrammaticOperation,
} from '@myko/registry';
import { MemoryExecutionStore } from '@myko/state';
import { IsInt } from 'class-validator';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { ExecutionDecisionError } from './execution.errors';
import { ExecutionLedger } from './execution.ledger';
import { ExecutionRollbacks } from './execution.rollbacks';
import type { ExecutionRecord, ExecutionState, JournalCall } from './execution-record';

class UnitsArgs {
  @IsInt()
  units!: number;
}

/** A stock counter the commands change: the compensations must bring it back. */
let stock: number;
let failRestock = false;

function command(id: string, handler: (args: never) => unknown, extra: Partial<ProgrammaticOperation> = {}) {
  return { kind: 'command', id, description: id, handler, source: `spec.${id}`, ...extra } as ProgrammaticOperation;
}

function call(operation: string, args: object, result: unknown, outcome: 'ok' | 'error' = 'ok'): JournalCall {
  return {
    kind: 'command',
    operation,
    args: JSON.stringify(args),
    outcome,
    digest: 'x',
    result: JSON.stringify(result),
  };
}

describe('ExecutionRollbacks', () => {
  let ledger: ExecutionLedger;
  let rollbacks: ExecutionRollbacks;
  let audit: OperationInvocation[];

  beforeEach(() => {
    stock = 10;
    failRestock = false;
    const registry = new OperationRegistry();
    registry.register(
      command(
        'Take',
        ({ units }: UnitsArgs) => {
          stock -= units;
          return { left: stock };
        },
        { args: UnitsArgs, compensate: { command: 'Put', args: (args: UnitsArgs) => ({ units: args.units }) } },
      ),
    );
    registry.register(
      command(
        'Put',
        ({ units }: UnitsArgs) => {
          if (failRestock) throw new Error('the shelf is locked');
          stock += units;
          return { left: stock };
        },
        { args: UnitsArgs },
      ),
    );
    registry.register(command('Note', () => 'noted'));
    registry.seal();
    const invoker = new OperationInvoker(registry);
    audit = [];
    invoker.onInvoked((invocation) => audit.push(invocation));
    ledger = new ExecutionLedger(new MemoryExecutionStore());
    rollbacks = new ExecutionRollbacks(ledger, registry, invoker);
  });

  async function stored(state: ExecutionState, calls: JournalCall[]): Promise<ExecutionRecord> {
    const now = Date.now();
    const record: ExecutionRecord = {
      id: `ex_${Math.random().toString(36).slice(2)}`,
      state,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + 60_000,
      owner: { tenant: 'key:clerk', clientId: 'key:clerk', sessionId: 's-1', principal: 'clerk' },
      script: { code: '' },
      calls,
      truncated: false,
      pauses: 0,
    };
    await ledger.save(record);
    return record;
  }

  it('runs the compensations of the committed commands, latest first, audited as the operator; once', async () => {
    stock = 10 - 2 - 3;
    const record = await stored('rejected', [
      call('command_Take', { units: 2 }, { left: 8 }),
      call('command_Take', { units: 9 }, null, 'error'),
      call('command_Take', { units: 3 }, { left: 5 }),
    ]);
    const done = await rollbacks.rollback(record.id, 'operator:ann');
    expect(stock).toBe(10);
    expect(done).toMatchObject({
      state: 'rolled_back',
      rollback: { by: 'operator:ann', compensated: [2, 0], skipped: [] },
    });
    expect(audit.map((line) => [line.name, line.args, line.context.approval?.by])).toEqual([
      ['command_Put', { units: 3 }, 'operator:ann'],
      ['command_Put', { units: 2 }, 'operator:ann'],
    ]);
    expect(audit[0]?.context.client).toMatchObject({ principal: 'clerk', executionId: record.id });
    expect(await rollbacks.rollback(record.id, 'operator:bob')).toMatchObject({ state: 'rolled_back' });
    expect(audit).toHaveLength(2);
    expect(stock).toBe(10);
  });

  it('refuses a second rollback while one runs, even once the first has saved a compensation', async () => {
    stock = 8;
    const record = await stored('failed', [
      call('command_Take', { units: 1 }, { left: 9 }),
      call('command_Take', { units: 1 }, { left: 8 }),
    ]);
    // The first rollback's save after its first compensation is where a second one used to slip in.
    const save = ledger.save.bind(ledger);
    let second: Promise<unknown> | undefined;
    jest.spyOn(ledger, 'save').mockImplementation(async (saved) => {
      await save(saved);
      if (second) return;
      second = rollbacks.rollback(record.id, 'operator-2').catch((error: unknown) => error);
      await second;
    });
    const first = await rollbacks.rollback(record.id, 'operator-1');
    expect(await second).toMatchObject({ status: 409, message: expect.stringContaining('already being rolled back') });
    expect(first).toMatchObject({ state: 'rolled_back', rollback: { attempts: 1, compensated: [1, 0] } });
    expect(audit.map((line) => line.name)).toEqual(['command_Put', 'command_Put']);
    expect(stock).toBe(10);
  });

  it('stops at a failing compensation, names it, and a later rollback goes on from there', async () => {
    stock = 8;
    failRestock = true;
    const again = await stored('failed', [
      call('command_Take', { units: 1 }, { left: 9 }),
      call('command_Take', { units: 1 }, { left: 8 }),
    ]);
    const failed = await rollbacks.rollback(again.id, 'operator');
    expect(failed).toMatchObject({
      state: 'rollback_failed',
      rollback: {
        compensated: [],
        failed: {
          position: 1,
          operation: 'command_Take',
          compensation: 'command_Put',
          error: 'Error: the shelf is locked',
        },
      },
    });
    failRestock = false;
    const resumed = await rollbacks.rollback(again.id, 'operator');
    expect(resumed).toMatchObject({ state: 'rolled_back', rollback: { attempts: 2, compensated: [1, 0] } });
    expect(resumed.rollback).not.toHaveProperty('failed');
    expect(stock).toBe(10);
  });

  it('refuses up front, naming it, a committed command without a compensation; skipUncompensated skips it', async () => {
    stock = 8;
    const record = await stored('diverged', [
      call('command_Take', { units: 2 }, { left: 8 }),
      call('command_Note', {}, 'noted'),
    ]);
    await expect(rollbacks.rollback(record.id, 'operator')).rejects.toThrow(
      'command_Note committed and declares no compensation; nothing ran',
    );
    expect(audit).toHaveLength(0);
    const done = await rollbacks.rollback(record.id, 'operator', { skipUncompensated: true });
    expect(done).toMatchObject({ state: 'rolled_back', rollback: { compensated: [0], skipped: [1] } });
    expect(stock).toBe(10);
  });

  it('rolls back a pause nobody decided in time (expired), and keeps what it did', async () => {
    stock = 8;
    const record = await stored('paused', [call('command_Take', { units: 2 }, { left: 8 })]);
    await ledger.save({ ...record, expiresAt: Date.now() - 1 });
    expect((await ledger.load(record.id))?.state).toBe('expired');
    const done = await rollbacks.rollback(record.id, 'operator');
    expect(done).toMatchObject({ state: 'rolled_back', rollback: { compensated: [0] } });
    expect(stock).toBe(10);
    expect(await ledger.load(record.id)).toMatchObject({ state: 'rolled_back' });
  });

  it('refuses an unknown, a paused, a completed or a truncated execution', async () => {
    await expect(rollbacks.rollback('ex_none', 'operator')).rejects.toMatchObject({ status: 404 });
    const paused = await stored('paused', []);
    await expect(rollbacks.rollback(paused.id, 'operator')).rejects.toThrow('reject it first');
    const completed = await stored('completed', []);
    await expect(rollbacks.rollback(completed.id, 'operator')).rejects.toBeInstanceOf(ExecutionDecisionError);
    const truncated = await stored('failed', []);
    await ledger.save({ ...truncated, truncated: true });
    await expect(rollbacks.rollback(truncated.id, 'operator')).rejects.toThrow('truncated');
  });

  describe("rollbackOwn: a script's myko.rollback, by the execution's own principal", () => {
    const clerk = (filters = ClientFilters.ALLOW_ALL, clientId = 'key:clerk'): ClientContext => ({
      transport: 'http',
      sessionId: 's-2',
      principal: 'clerk',
      clientId,
      filters,
    });

    it('compensates as the owner did the commands, audited as them, without an approval; once', async () => {
      stock = 10 - 2;
      const record = await stored('rejected', [call('command_Take', { units: 2 }, { left: 8 })]);
      const done = await rollbacks.rollbackOwn(record.id, clerk());
      expect(stock).toBe(10);
      expect(done).toMatchObject({ state: 'rolled_back', rollback: { by: 'client:key:clerk', compensated: [0] } });
      expect(audit.map((line) => [line.name, line.context.approval])).toEqual([['command_Put', undefined]]);
      expect(audit[0]?.context.client).toMatchObject({ principal: 'clerk', executionId: record.id });
      expect(await rollbacks.rollbackOwn(record.id, clerk())).toMatchObject({ state: 'rolled_back' });
      expect(audit).toHaveLength(1);
    });

    it("knows no other principal's execution (the same answer as an unknown id), and runs nothing", async () => {
      stock = 8;
      const record = await stored('failed', [call('command_Take', { units: 2 }, { left: 8 })]);
      const other = rollbacks.rollbackOwn(record.id, clerk(ClientFilters.ALLOW_ALL, 'key:somebody-else'));
      await expect(other).rejects.toMatchObject({ status: 404, message: expect.stringContaining('of yours') });
      await expect(rollbacks.rollbackOwn('ex_none', clerk())).rejects.toMatchObject({ status: 404 });
      expect(audit).toHaveLength(0);
      expect(stock).toBe(8);
    });

    it('refuses up front a compensation its filters would refuse, or one needing an approval; nothing runs', async () => {
      stock = 8;
      const record = await stored('failed', [call('command_Take', { units: 2 }, { left: 8 })]);
      const hidden = ClientFilters.from({ visibility: { deny: 'command_Put' } });
      // A hidden compensation is refused without being named (the client must not learn it exists).
      const refusal = await rollbacks.rollbackOwn(record.id, clerk(hidden)).catch((e: Error) => e);
      expect(refusal).toMatchObject({ status: 409, message: expect.stringContaining('not available to this client') });
      expect((refusal as Error).message).not.toContain('command_Put');
      const capped = ClientFilters.from({ callable: { allow: '{"command_Put":{"units":[1]}}' } });
      await expect(rollbacks.rollbackOwn(record.id, clerk(capped))).rejects.toThrow('command_Put');
      const gated = ClientFilters.from({ approval: 'command_Put' });
      await expect(rollbacks.rollbackOwn(record.id, clerk(gated))).rejects.toThrow('needs approval');
      expect(audit).toHaveLength(0);
      expect(stock).toBe(8);
      expect(await ledger.load(record.id)).toMatchObject({ state: 'failed' });
    });
  });
});
