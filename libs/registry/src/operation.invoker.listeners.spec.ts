import { Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConflictError, InvalidArgumentsError, OperationAbortedError } from './errors';
import type { OperationContext, OperationInvocation } from './interfaces';
import { OperationInvoker } from './operation.invoker';
import { OperationRegistry } from './operation.registry';
import { RegistryModule } from './registry.module';

@Injectable()
class ListenedOperations implements OnModuleInit {
  run: () => unknown = () => 'done';

  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      kind: 'command',
      id: 'Listened',
      description: 'Does what the spec says',
      source: 'spec',
      handler: () => this.run(),
    });
  }
}

@Module({ providers: [ListenedOperations] })
class FixtureModule {}

function contextWith(signal: AbortSignal = new AbortController().signal): OperationContext {
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  return { client: { transport: 'ws', sessionId: 's-1', principal: 'ops' }, signal, log, progress: () => undefined };
}

describe('OperationInvoker invocation listeners', () => {
  let moduleRef: TestingModule;
  let invoker: OperationInvoker;
  let operations: ListenedOperations;
  let seen: OperationInvocation[];

  beforeEach(async () => {
    moduleRef = await Test.createTestingModule({ imports: [RegistryModule, FixtureModule] }).compile();
    await moduleRef.init();
    invoker = moduleRef.get(OperationInvoker);
    operations = moduleRef.get(ListenedOperations);
    seen = [];
    invoker.onInvoked((invocation) => seen.push(invocation));
  });

  afterEach(() => moduleRef.close());

  it('tells every listener about a successful call, with its raw arguments, context and timing', async () => {
    const ctx = contextWith();
    const before = Date.now();
    await invoker.invoke('command_Listened', { raw: true }, ctx).catch(() => undefined);
    operations.run = () => 'ok';
    await invoker.invoke('command_Listened', undefined, ctx);
    expect(seen.map((s) => s.outcome)).toEqual(['error', 'ok']);
    expect(seen[1]).toMatchObject({ name: 'command_Listened', kind: 'command', args: undefined, context: ctx });
    expect(seen[1].error).toBeUndefined();
    expect(seen[1].startedAt).toBeGreaterThanOrEqual(before);
    expect(seen[1].durationMs).toBeGreaterThanOrEqual(0);
    expect(seen[0].args).toEqual({ raw: true });
    expect(seen[0].error).toBeInstanceOf(InvalidArgumentsError);
  });

  it('reports a thrown error and an abort with their outcomes', async () => {
    const conflict = new ConflictError('no');
    operations.run = () => Promise.reject(conflict);
    await expect(invoker.invoke('command_Listened', {}, contextWith())).rejects.toBe(conflict);
    const controller = new AbortController();
    controller.abort();
    await expect(invoker.invoke('command_Listened', {}, contextWith(controller.signal))).rejects.toBeInstanceOf(
      OperationAbortedError,
    );
    expect(seen.map((s) => [s.outcome, s.error])).toEqual([
      ['error', conflict],
      ['aborted', expect.any(OperationAbortedError)],
    ]);
  });

  it('records refusals of known operations and of operation-shaped names that name none, nothing else', async () => {
    invoker.reportRefusal('command_Listened', { warehouse: 'AMS' }, contextWith(), 'Call refused: warehouse');
    invoker.reportRefusal('command_Nope', {}, contextWith(), 'not an operation');
    invoker.reportRefusal('search', {}, contextWith(), 'refused');
    invoker.reportRefusal('command/Nope', {}, contextWith(), 'refused');
    await invoker.invoke('command_Nope', {}, contextWith()).catch(() => undefined);
    expect(seen).toEqual([
      expect.objectContaining({
        name: 'command_Listened',
        outcome: 'refused',
        error: 'Call refused: warehouse',
        args: { warehouse: 'AMS' },
        durationMs: 0,
      }),
      expect.objectContaining({ name: 'command_Nope', kind: 'command', outcome: 'refused', error: 'not an operation' }),
    ]);
  });

  it('keeps the call working when a listener throws, and stops telling a removed listener', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const remove = invoker.onInvoked(() => {
      throw new Error('listener bug');
    });
    await expect(invoker.invoke('command_Listened', {}, contextWith())).resolves.toBe('done');
    remove();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('listener bug'));
    logged.mockRestore();
    const other = jest.fn();
    const removeOther = invoker.onInvoked(other);
    removeOther();
    await invoker.invoke('command_Listened', {}, contextWith());
    expect(other).not.toHaveBeenCalled();
    expect(seen).toHaveLength(2);
  });
});
