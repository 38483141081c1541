import { Controller, Injectable, Logger, Module, type OnModuleInit, Scope } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InventoryOperations } from './__fixtures__/inventory.operations';
import { OrderOperations } from './__fixtures__/order.operations';
import { Query, View } from './decorators';
import { OperationRegistry } from './operation.registry';
import { RegistryModule } from './registry.module';

@Module({ providers: [OrderOperations], exports: [OrderOperations] })
class OrdersModule {}

@Controller('stock')
class StockController {
  @View({ description: 'Stock of one product' })
  StockOfProduct(): number {
    return 7;
  }
}

@Module({
  providers: [InventoryOperations, { provide: 'INVENTORY_ALIAS', useExisting: InventoryOperations }],
  controllers: [StockController],
})
class InventoryModule {}

@Injectable()
class GeneratedOperations implements OnModuleInit {
  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      kind: 'report',
      id: 'Generated',
      description: 'Registered in code',
      handler: () => 'generated',
      source: 'GeneratedOperations',
    });
  }
}

@Module({
  providers: [
    GeneratedOperations,
    { provide: 'NUMBER', useValue: 42 },
    { provide: 'NULL', useFactory: () => null },
    { provide: 'BARE', useValue: Object.create(null) },
  ],
})
class MiscModule {}

async function boot(...imports: unknown[]): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({ imports: [RegistryModule, ...(imports as never[])] }).compile();
  return moduleRef.init();
}

describe('OperationExplorer', () => {
  let moduleRef: TestingModule | undefined;

  afterEach(async () => {
    await moduleRef?.close();
    moduleRef = undefined;
    jest.restoreAllMocks();
  });

  it('discovers decorated methods across modules, controllers, inherited methods and code registrations', async () => {
    moduleRef = await boot(OrdersModule, InventoryModule, MiscModule);
    const registry = moduleRef.get(OperationRegistry);
    expect(registry.list().map((d) => [d.name, d.source])).toEqual([
      ['query_CountWarehouses', 'InventoryOperations.CountWarehouses'],
      ['query_ListOrders', 'OrderOperations.ListOrders'],
      ['view_OrderSummary', 'OrderOperations.summary'],
      ['view_StockOfProduct', 'StockController.StockOfProduct'],
      ['report_Generated', 'programmatic:GeneratedOperations'],
      ['report_LowStock', 'InventoryOperations.LowStock'],
      ['command_DeleteWarehouse', 'InventoryOperations.DeleteWarehouse'],
      ['command_PlaceOrder', 'OrderOperations.PlaceOrder'],
    ]);
    expect(registry.get('command_DeleteWarehouse')).toMatchObject({ destructive: true, idempotent: true });
  });

  it('binds handlers to the provider instance', async () => {
    moduleRef = await boot(OrdersModule);
    const operations = moduleRef.get(OrderOperations);
    const handler = moduleRef.get(OperationRegistry).handlerOf('view_OrderSummary');
    await expect(handler?.({ orderId: 'O-9' }, {} as never)).resolves.toEqual({ id: 'O-9', total: 42 });
    expect(operations.calls[0].self).toBe(operations);
  });

  it('seals the registry at bootstrap', async () => {
    moduleRef = await boot(OrdersModule);
    const registry = moduleRef.get(OperationRegistry);
    expect(registry.isSealed).toBe(true);
    expect(() =>
      registry.register({ kind: 'query', id: 'Late', description: '', handler: () => 1, source: 'late' }),
    ).toThrow('the operation registry is sealed');
  });

  it('fails the boot on a duplicate name across modules, naming both methods', async () => {
    @Injectable()
    class LegacyOrderOperations {
      @Query({ id: 'ListOrders', description: 'Older listing' })
      list(): never[] {
        return [];
      }
    }
    @Module({ providers: [LegacyOrderOperations] })
    class LegacyModule {}

    await expect(boot(OrdersModule, LegacyModule)).rejects.toThrow(
      /^Duplicate operation name query_ListOrders: declared by (OrderOperations\.ListOrders and LegacyOrderOperations\.list|LegacyOrderOperations\.list and OrderOperations\.ListOrders)$/,
    );
  });

  it('fails the boot on an id that is not a JS identifier, naming the method', async () => {
    @Injectable()
    class BadIdOperations {
      @Query({ id: 'list-orders', description: 'Bad id' })
      list(): never[] {
        return [];
      }
    }
    @Module({ providers: [BadIdOperations] })
    class BadIdModule {}

    await expect(boot(BadIdModule)).rejects.toThrow(
      'Invalid operation id "list-orders" declared by BadIdOperations.list',
    );
  });

  it('skips request-scoped and transient providers with a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    @Injectable({ scope: Scope.REQUEST })
    class PerRequestOperations {
      @Query({ description: 'Per request' })
      PerRequest(): number {
        return 1;
      }
    }
    @Injectable({ scope: Scope.TRANSIENT })
    class TransientOperations {
      @Query({ description: 'Transient' })
      Transient(): number {
        return 1;
      }
    }
    @Module({ providers: [PerRequestOperations, TransientOperations] })
    class ScopedModule {}

    moduleRef = await boot(ScopedModule, OrdersModule);
    const names = moduleRef
      .get(OperationRegistry)
      .list()
      .map((d) => d.name);
    expect(names).not.toContain('query_PerRequest');
    expect(names).not.toContain('query_Transient');
    expect(names).toContain('query_ListOrders');
    const messages = warn.mock.calls.map(([message]) => String(message));
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('query_PerRequest (PerRequestOperations.PerRequest) is skipped'),
        expect.stringContaining('query_Transient (TransientOperations.Transient) is skipped'),
      ]),
    );
  });
});
