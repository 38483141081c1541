import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { GetOrderArgs, PlaceOrderArgs } from './__fixtures__/order.dto';
import { Command } from './decorators';
import { DecoratorOptionsError, OperationRegistrationError } from './errors';
import type { ProgrammaticOperation } from './interfaces';
import { OperationRegistry } from './operation.registry';
import { RegistryModule } from './registry.module';

const noop = () => undefined;

function command(id: string, overrides: Partial<ProgrammaticOperation> = {}): ProgrammaticOperation {
  return { kind: 'command', id, description: id, handler: noop, source: `Orders.${id}`, ...overrides };
}

function sealFailure(registry: OperationRegistry): string {
  try {
    registry.seal();
  } catch (error) {
    expect(error).toBeInstanceOf(OperationRegistrationError);
    return (error as Error).message;
  }
  throw new Error('seal() accepted the compensations');
}

describe('command compensations', () => {
  let registry: OperationRegistry;

  beforeEach(() => {
    registry = new OperationRegistry();
    registry.register(command('CancelOrder', { args: GetOrderArgs }));
  });

  it('accepts a function mapping to a registered command and names it on the descriptor', () => {
    const mapping = (args: { orderId: string }) => ({ orderId: args.orderId });
    const placed = registry.register(
      command('PlaceOrder', { args: PlaceOrderArgs, compensate: { command: 'CancelOrder', args: mapping } }),
    );
    registry.seal();
    expect(placed.compensatedBy).toBe('command_CancelOrder');
    expect(registry.entryOf('command_PlaceOrder')?.compensation?.args).toBe(mapping);
  });

  it('accepts a declarative mapping of existing arguments, and the full command name', () => {
    registry.register(
      command('Reopen', {
        args: GetOrderArgs,
        compensate: { command: 'command_CancelOrder', args: { orderId: 'args.orderId' } },
      }),
    );
    expect(() => registry.seal()).not.toThrow();
  });

  it('refuses at seal a compensation naming no registered command, naming the source', () => {
    registry.register(command('PlaceOrder', { compensate: { command: 'CancelOrdr' } }));
    const message = sealFailure(registry);
    expect(message).toContain('command_PlaceOrder (programmatic:Orders.PlaceOrder) `compensate.command`');
    expect(message).toContain('command_CancelOrdr, which is not registered (commands: command_CancelOrder');
  });

  it('refuses a compensation that is a read, not a command', () => {
    registry.register({ ...command('GetOrder'), kind: 'query' });
    registry.register(command('PlaceOrder', { compensate: { command: 'query_GetOrder' } }));
    expect(sealFailure(registry)).toContain('names query_GetOrder, a query: a compensation must be a command');
  });

  it('refuses a declarative mapping naming an argument either command lacks', () => {
    registry.register(
      command('PlaceOrder', {
        args: GetOrderArgs,
        compensate: { command: 'CancelOrder', args: { orderNo: 'args.orderId', orderId: 'args.missing' } },
      }),
    );
    const message = sealFailure(registry);
    expect(message).toContain(
      '`compensate.args.orderNo`: command_CancelOrder has no argument orderNo (it takes orderId)',
    );
    expect(message).toContain("'args.missing' names missing, not an argument of command_PlaceOrder (orderId)");
  });

  it('refuses a wrong `compensate` shape at start, naming the class and method', async () => {
    @Injectable()
    class OrderOperations {
      @Command({ description: 'Place', compensate: { command: 'CancelOrder', args: ['orderId'] as never } })
      PlaceOrder() {
        return undefined;
      }
    }
    @Module({ providers: [OrderOperations] })
    class PluginModule {}
    const failure = await Test.createTestingModule({ imports: [RegistryModule, PluginModule] })
      .compile()
      .then((moduleRef) => moduleRef.init())
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(DecoratorOptionsError);
    expect((failure as Error).message).toContain('OrderOperations.PlaceOrder');
    expect((failure as Error).message).toContain('`compensate.args` must be a function (args, result)');
  });
});
