import type { OrderDetail, Product } from '@myko/plugins';
import { ConflictError, InvalidArgumentsError } from '@myko/registry';
import { expectOnlyStockChanged, PluginsTestApp } from './plugins-test-app';

describe('example plugins: PlaceOrder', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  it('reserves exactly the ordered quantities and prices the order', async () => {
    const [a, b] = app.stocked('BER', 5, 2);
    const before = app.stockSnapshot();
    const order = await app.call<OrderDetail>('command_PlaceOrder', {
      customerId: 3,
      warehouseCode: 'BER',
      lines: [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 3 },
      ],
    });
    expectOnlyStockChanged(app, before, {
      [`${a}:BER`]: { reserved: before.get(`${a}:BER`)!.reserved + 2 },
      [`${b}:BER`]: { reserved: before.get(`${b}:BER`)!.reserved + 3 },
    });
    const products = await app.call<Product[]>('query_GetProducts', { ids: [a, b] });
    const [pa, pb] = [a, b].map((id) => products.find((p) => p.id === id)!);
    const subtotal = 2 * pa.unitPriceCents + 3 * pb.unitPriceCents;
    expect(order).toMatchObject({
      status: 'pending',
      customerId: 3,
      warehouseCode: 'BER',
      lineCount: 2,
      unitCount: 5,
      subtotalCents: subtotal,
      totalCents: subtotal + order.shippingCents,
      paidAt: null,
    });
    expect(order.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents])).toEqual([
      [a, 2, pa.unitPriceCents],
      [b, 3, pb.unitPriceCents],
    ]);
    expect(Date.now() - Date.parse(order.placedAt)).toBeLessThan(60_000);
  });

  it('changes nothing at all when the second line is short', async () => {
    const [a, b] = app.stocked('MAD', 1, 2);
    const shortBy = app.available(b, 'MAD') + 1;
    const counts = app.counts();
    const digest = app.digest();
    const error = await app.failure('command_PlaceOrder', {
      customerId: 5,
      warehouseCode: 'MAD',
      lines: [
        { productId: a, quantity: 1 },
        { productId: b, quantity: shortBy },
      ],
    });
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('insufficient_stock');
    expect(error.message).toContain(`(product ${b}) requested ${shortBy}, available ${shortBy - 1}`);
    expect(error.message).not.toContain(`(product ${a})`);
    expect(app.counts()).toEqual(counts);
    expect(app.digest()).toBe(digest);
  });

  it('names every short line', async () => {
    const [a, b] = app.stocked('WAW', 1, 2);
    const error = await app.failure('command_PlaceOrder', {
      customerId: 5,
      warehouseCode: 'waw',
      lines: [
        { productId: a, quantity: 10_000 },
        { productId: b, quantity: 10_000 },
      ],
    });
    expect(error.message).toContain(`(product ${a})`);
    expect(error.message).toContain(`(product ${b})`);
  });

  it('refuses discontinued products, unknown customers and unknown warehouses without changes', async () => {
    const digest = app.digest();
    const [inactive] = await app.call<Product[]>('query_GetProducts', { skus: ['ELE-006'] });
    const discontinued = await app.failure('command_PlaceOrder', {
      customerId: 1,
      warehouseCode: 'AMS',
      lines: [{ productId: inactive.id, quantity: 1 }],
    });
    expect(discontinued.code).toBe('product_inactive');
    const [product] = app.stocked('AMS', 1, 1);
    const lines = [{ productId: product, quantity: 1 }];
    expect(await app.failure('command_PlaceOrder', { customerId: 99999, warehouseCode: 'AMS', lines })).toMatchObject({
      code: 'not_found',
      message: 'Customer not found: 99999',
    });
    expect(await app.failure('command_PlaceOrder', { customerId: 1, warehouseCode: 'LON', lines })).toMatchObject({
      code: 'not_found',
    });
    expect(app.digest()).toBe(digest);
  });

  it('rejects invalid arguments before touching the database, naming every bad field', async () => {
    const digest = app.digest();
    const cases: Array<[unknown, RegExp]> = [
      [{ customerId: 1, warehouseCode: 'BER', lines: [] }, /lines/],
      [{ customerId: 1, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 0 }] }, /quantity/],
      [{ customerId: '1', warehouseCode: 'BER', lines: [{ productId: 1, quantity: 1 }] }, /customerId/],
      [{ customerId: 1, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 1 }], discount: 5 }, /discount/],
      [
        {
          customerId: 1,
          warehouseCode: 'BER',
          lines: [
            { productId: 1, quantity: 1 },
            { productId: 1, quantity: 2 },
          ],
        },
        /repeat a productId/,
      ],
      [{ warehouseCode: 7 }, /customerId.*warehouseCode|warehouseCode.*customerId/],
    ];
    for (const [args, field] of cases) {
      const error = await app.failure('command_PlaceOrder', args);
      expect(error).toBeInstanceOf(InvalidArgumentsError);
      expect(error.message).toMatch(field);
    }
    expect(await app.failure('query_ListOrders', { status: 'open' })).toBeInstanceOf(InvalidArgumentsError);
    expect(await app.failure('query_ListOrders', { limit: 500 })).toBeInstanceOf(InvalidArgumentsError);
    expect(await app.failure('query_ListOrders', { from: '2025-02-30' })).toBeInstanceOf(InvalidArgumentsError);
    expect(
      await app.failure('command_AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 0, note: 'x' }),
    ).toBeInstanceOf(InvalidArgumentsError);
    expect(app.digest()).toBe(digest);
  });

  it('keeps on hand equal to the sum of movements and reserved equal to open order lines', () => {
    expect(app.stockDrift()).toEqual({ onHand: 0, reserved: 0 });
  });
});
