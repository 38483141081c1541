import { PluginsTestApp } from './plugins-test-app';

describe('example plugins: the operation catalogue', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  it('registers at least 25 operations covering all four kinds', () => {
    const operations = app.registry.list();
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const kinds = new Set(operations.map((o) => o.kind));
    expect([...kinds].sort()).toEqual(['command', 'query', 'report', 'view']);
    for (const kind of kinds) expect(operations.filter((o) => o.kind === kind).length).toBeGreaterThanOrEqual(3);
  });

  it('names the operations the domain promises', () => {
    const names = app.registry.list().map((o) => o.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'query_ListProducts',
        'query_ListOrders',
        'query_ListCustomers',
        'query_ListStockLevels',
        'view_OrderSummary',
        'view_Customer360',
        'view_ProductAvailability',
        'report_SalesByDay',
        'report_LowStock',
        'report_TopCustomers',
        'report_RevenueByCategory',
        'report_InventoryValuation',
        'command_PlaceOrder',
        'command_CancelOrder',
        'command_ShipOrder',
        'command_MarkOrderPaid',
        'command_AdjustStock',
        'command_TransferStock',
        'command_RestockProduct',
        'command_CreateCustomer',
        'command_UpdateProductPrice',
        'command_DeactivateProduct',
      ]),
    );
  });

  it('marks only commands as writing, and flags idempotent and destructive commands', () => {
    for (const op of app.registry.list()) {
      expect(op.readOnly).toBe(op.kind !== 'command');
      expect(op.description.length).toBeGreaterThan(30);
    }
    const byName = new Map(app.registry.list().map((o) => [o.name, o]));
    expect(byName.get('command_MarkOrderPaid')).toMatchObject({ idempotent: true, destructive: false });
    expect(byName.get('command_CancelOrder')).toMatchObject({ idempotent: true, destructive: true });
    expect(byName.get('command_UpdateProductPrice')).toMatchObject({ idempotent: true, destructive: true });
    expect(byName.get('command_PlaceOrder')).toMatchObject({ idempotent: false, destructive: false });
    expect(byName.get('command_RestockProduct')).toMatchObject({ idempotent: false });
  });

  it('describes arguments with types, optionality and units', () => {
    const placeOrder = app.registry.get('command_PlaceOrder')!;
    expect(placeOrder.args.map((a) => a.name).sort()).toEqual(['customerId', 'lines', 'warehouseCode']);
    expect(placeOrder.args.every((a) => !a.optional)).toBe(true);
    expect(placeOrder.outputType).toBe('OrderDetail');
    const listOrders = app.registry.get('query_ListOrders')!;
    const status = listOrders.args.find((a) => a.name === 'status')!;
    expect(status.optional).toBe(true);
    expect(status.tsType).toContain("'shipped'");
    expect(listOrders.args.find((a) => a.name === 'minTotalCents')!.description).toMatch(/cents/);
    expect(listOrders.args.map((a) => a.name)).toEqual(expect.arrayContaining(['limit', 'offset']));
    expect(app.registry.get('query_GetProducts')!.outputType).toBe('Product[]');
  });
});
