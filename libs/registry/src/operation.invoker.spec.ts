import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InventoryOperations } from './__fixtures__/inventory.operations';
import { ListOrdersArgs, OrderLineInput, PlaceOrderArgs } from './__fixtures__/order.dto';
import { OrderOperations } from './__fixtures__/order.operations';
import { ConflictError, InvalidArgumentsError, OperationAbortedError, OperationNotFoundError } from './errors';
import type { OperationContext } from './interfaces';
import { OperationInvoker } from './operation.invoker';
import { OperationRegistry } from './operation.registry';
import { RegistryModule } from './registry.module';
import { DtoSchemaFactory } from './schema/dto-schema.factory';

/** Operations whose behaviour a spec controls, registered in code before the registry is sealed. */
@Injectable()
class ScriptedOperations implements OnModuleInit {
  readonly seen: { signal?: AbortSignal; abortedInside?: boolean } = {};
  run: () => unknown = () => 'ok';

  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      kind: 'command',
      id: 'Scripted',
      description: 'Does what the spec says',
      source: 'spec',
      handler: (_args, ctx) => {
        this.seen.signal = ctx.signal;
        ctx.signal.addEventListener('abort', () => {
          this.seen.abortedInside = true;
        });
        return this.run();
      },
    });
  }
}

@Module({ providers: [OrderOperations, InventoryOperations, ScriptedOperations] })
class FixtureModule {}

function contextWith(signal: AbortSignal = new AbortController().signal): OperationContext {
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  return { client: { transport: 'internal' }, signal, log, progress: () => undefined };
}

async function issuesOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidArgumentsError);
  return (error as InvalidArgumentsError).issues;
}

describe('OperationInvoker', () => {
  let moduleRef: TestingModule;
  let invoker: OperationInvoker;
  let orders: OrderOperations;
  let scripted: ScriptedOperations;

  beforeEach(async () => {
    moduleRef = await Test.createTestingModule({ imports: [RegistryModule, FixtureModule] }).compile();
    await moduleRef.init();
    invoker = moduleRef.get(OperationInvoker);
    orders = moduleRef.get(OrderOperations);
    scripted = moduleRef.get(ScriptedOperations);
  });

  afterEach(() => moduleRef.close());

  it('passes a validated DTO instance and the context to the method', async () => {
    const ctx = contextWith();
    const args = { customerId: 'C-1', lines: [{ sku: 'A', quantity: 2 }], shipTo: { city: 'Oslo' }, express: true };
    await expect(invoker.invoke('command_PlaceOrder', args, ctx)).resolves.toEqual({
      id: 'O-1',
      status: 'open',
      lines: [{ sku: 'A', quantity: 2 }],
    });
    const [call] = orders.calls;
    expect(call.method).toBe('PlaceOrder');
    expect(call.self).toBe(orders);
    expect(call.ctx).toBe(ctx);
    expect(call.args).toBeInstanceOf(PlaceOrderArgs);
    expect((call.args as PlaceOrderArgs).lines[0]).toBeInstanceOf(OrderLineInput);
    expect(call.args).toEqual(args);
  });

  it.each([undefined, null, {}])('treats %p arguments as no arguments', async (raw) => {
    await invoker.invoke('query_ListOrders', raw, contextWith());
    expect(orders.calls[0].args).toBeInstanceOf(ListOrdersArgs);
    expect(orders.calls[0].args).toEqual({});
  });

  it('runs an operation without arguments DTO, and an inherited one', async () => {
    await expect(invoker.invoke('query_CountWarehouses', {}, contextWith())).resolves.toBe(3);
    await expect(invoker.invoke('report_LowStock', undefined, contextWith())).resolves.toEqual(['SKU-1']);
  });

  it('rejects an unknown operation', async () => {
    await expect(invoker.invoke('query_Nope', {}, contextWith())).rejects.toThrow(
      new OperationNotFoundError('query_Nope'),
    );
    await expect(invoker.invoke('query_Nope', {}, contextWith())).rejects.toBeInstanceOf(OperationNotFoundError);
  });

  it.each([
    ['a string', 'abc', 'got string'],
    ['a number', 5, 'got number'],
    ['an array', [{ customerId: 'C-1' }], 'got an array'],
    ['a class instance', new Date(0), 'got an instance of Date'],
  ])('rejects %s as arguments', async (_label, raw, detail) => {
    const issues = await issuesOf(invoker.invoke('command_PlaceOrder', raw, contextWith()));
    expect(issues).toEqual([{ path: '(arguments)', reasons: [expect.stringContaining(detail)] }]);
    expect(orders.calls).toHaveLength(0);
  });

  it('reports every bad field of nested arguments, with its path and reasons', async () => {
    const raw = {
      customerId: 5,
      lines: [{ sku: 'A', quantity: 0 }, { sku: '', quantity: '2', extra: true }, { sku: 'B' }],
      shipTo: { zip: 1 },
      express: 'yes',
      deliverBy: 'tomorrow',
      bogus: 1,
    };
    const issues = await issuesOf(invoker.invoke('command_PlaceOrder', raw, contextWith()));
    expect(issues).toEqual([
      { path: 'bogus', reasons: ['unknown argument'] },
      { path: 'customerId', reasons: ['must be a string'] },
      { path: 'lines[0].quantity', reasons: ['must not be less than 1'] },
      { path: 'lines[1].extra', reasons: ['unknown argument'] },
      { path: 'lines[1].sku', reasons: ['must be longer than or equal to 1 characters'] },
      { path: 'lines[1].quantity', reasons: ['must be an integer number'] },
      { path: 'lines[2].quantity', reasons: ['required argument is missing'] },
      { path: 'shipTo.city', reasons: ['required argument is missing'] },
      { path: 'shipTo.zip', reasons: ['must be a string'] },
      { path: 'express', reasons: ['must be a boolean value'] },
      { path: 'deliverBy', reasons: ['must be a valid ISO 8601 date string'] },
    ]);
    expect(orders.calls).toHaveLength(0);
  });

  it('reports wrong types, out-of-range numbers, bad enums and bad list items, without coercion', async () => {
    const raw = { status: 'closed', sort: 'up', limit: 500, minTotal: '3', tags: ['a', 3], priority: 5 };
    const error = await invoker.invoke('query_ListOrders', raw, contextWith()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentsError);
    expect((error as InvalidArgumentsError).issues).toEqual([
      { path: 'status', reasons: ['must be one of the following values: open, paid, shipped'] },
      { path: 'sort', reasons: ['must be one of the following values: asc, desc'] },
      { path: 'limit', reasons: ['must not be greater than 100'] },
      { path: 'minTotal', reasons: ['must be a number conforming to the specified constraints'] },
      { path: 'tags', reasons: ['each value in tags must be a string'] },
      { path: 'priority', reasons: ['must be one of the following values: 0, 1'] },
    ]);
    expect((error as Error).message).toBe(
      'Invalid arguments for query_ListOrders: status: must be one of the following values: open, paid, shipped, ' +
        'sort: must be one of the following values: asc, desc, limit: must not be greater than 100, ' +
        'minTotal: must be a number conforming to the specified constraints, tags: each value in tags must be a string, ' +
        'priority: must be one of the following values: 0, 1',
    );
  });

  it('reports missing required arguments and non-object nested values', async () => {
    await expect(issuesOf(invoker.invoke('command_PlaceOrder', {}, contextWith()))).resolves.toEqual([
      { path: 'customerId', reasons: ['required argument is missing'] },
      { path: 'lines', reasons: ['required argument is missing'] },
    ]);
    await expect(
      issuesOf(invoker.invoke('command_PlaceOrder', { customerId: 'C', lines: 'x', shipTo: 'y' }, contextWith())),
    ).resolves.toEqual([
      {
        path: 'lines',
        reasons: ['must be an array', 'each value in nested property lines must be either object or array'],
      },
      { path: 'shipTo', reasons: ['nested property shipTo must be either object or array'] },
    ]);
  });

  it('rejects any key for an operation without arguments', async () => {
    await expect(issuesOf(invoker.invoke('query_CountWarehouses', { a: 1, b: 2 }, contextWith()))).resolves.toEqual([
      { path: 'a', reasons: ['unknown argument'] },
      { path: 'b', reasons: ['unknown argument'] },
    ]);
  });

  it('does not call the method when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const called = jest.fn();
    scripted.run = called;
    await expect(invoker.invoke('command_Scripted', {}, contextWith(controller.signal))).rejects.toThrow(
      new OperationAbortedError('command_Scripted'),
    );
    await expect(invoker.invoke('command_Scripted', {}, contextWith(controller.signal))).rejects.toThrow(
      /^Operation command_Scripted was aborted$/,
    );
    expect(called).not.toHaveBeenCalled();
  });

  it('gives the method the signal and rejects as soon as it aborts, even if the method ignores it', async () => {
    const controller = new AbortController();
    scripted.run = () => new Promise(() => undefined);
    const pending = invoker.invoke('command_Scripted', {}, contextWith(controller.signal));
    await new Promise((resolve) => setImmediate(resolve));
    expect(scripted.seen.signal).toBe(controller.signal);
    controller.abort('client cancelled');
    await expect(pending).rejects.toThrow(new OperationAbortedError('command_Scripted', 'client cancelled'));
    expect(scripted.seen.abortedInside).toBe(true);
  });

  it('lets a cooperative method stop on abort', async () => {
    const controller = new AbortController();
    const pending = invoker.invoke('command_DeleteWarehouse', {}, contextWith(controller.signal));
    setTimeout(() => controller.abort(new Error('timed out')), 5);
    await expect(pending).rejects.toThrow('Operation command_DeleteWarehouse was aborted: timed out');
  });

  it('rethrows what the method throws, as is, sync or async', async () => {
    const conflict = new ConflictError('Stock is short', 'insufficient_stock');
    scripted.run = () => Promise.reject(conflict);
    await expect(invoker.invoke('command_Scripted', {}, contextWith())).rejects.toBe(conflict);
    const crash = new TypeError('boom');
    scripted.run = () => {
      throw crash;
    };
    await expect(invoker.invoke('command_Scripted', {}, contextWith())).rejects.toBe(crash);
  });

  it('computes no schema per call', async () => {
    const create = jest.spyOn(DtoSchemaFactory.prototype, 'create');
    const ctx = contextWith();
    const args = { customerId: 'C-1', lines: [{ sku: 'A', quantity: 2 }] };
    const started = performance.now();
    for (let i = 0; i < 200; i++) await invoker.invoke('command_PlaceOrder', args, ctx);
    const perCallMs = (performance.now() - started) / 200;
    expect(create).not.toHaveBeenCalled();
    expect(perCallMs).toBeLessThan(10);
    create.mockRestore();
  });

  it('returns what the method returns', async () => {
    scripted.run = () => ({ done: true });
    await expect(invoker.invoke('command_Scripted', undefined, contextWith())).resolves.toEqual({ done: true });
  });
});
