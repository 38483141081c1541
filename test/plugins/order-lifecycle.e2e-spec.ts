import type { OrderDetail, OrderSummaryView, StockMovementPage } from '@myko/plugins';
import { expectOnlyStockChanged, PluginsTestApp, type StockLevelRow } from './plugins-test-app';

describe('example plugins: paying, shipping and cancelling orders', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  async function placeIn(warehouseCode: string, quantities: number[]) {
    const ids = app.stocked(warehouseCode, Math.max(...quantities), quantities.length);
    return app.call<OrderDetail>('command_PlaceOrder', {
      customerId: 7,
      warehouseCode,
      lines: ids.map((productId, i) => ({ productId, quantity: quantities[i] })),
    });
  }

  it('cancelling an open order restores stock exactly', async () => {
    const before = app.stockSnapshot();
    const order = await placeIn('AMS', [4, 1, 2]);
    expect(app.stockSnapshot()).not.toEqual(before);
    await app.call<OrderDetail>('command_MarkOrderPaid', { orderId: order.id });
    const cancelled = await app.call<OrderDetail>('command_CancelOrder', {
      orderId: order.id,
      reason: 'Customer request',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Customer request' });
    expect(app.stockSnapshot()).toEqual(before);
    const again = await app.call<OrderDetail>('command_CancelOrder', { orderId: order.id });
    expect(again).toEqual(cancelled);
    expect(app.stockSnapshot()).toEqual(before);
    expect(await app.failure('command_MarkOrderPaid', { orderId: order.id })).toMatchObject({
      code: 'invalid_status',
    });
    expect(await app.failure('command_ShipOrder', { orderId: order.id })).toMatchObject({ code: 'invalid_status' });
  });

  it('shipping consumes the reservation and records one shipment movement per line', async () => {
    const order = await placeIn('BER', [2, 1]);
    const placed = app.stockSnapshot();
    expect(await app.failure('command_ShipOrder', { orderId: order.id })).toMatchObject({
      code: 'invalid_status',
      message: expect.stringMatching(/not paid/),
    });
    const paid = await app.call<OrderDetail>('command_MarkOrderPaid', { orderId: order.id });
    expect(paid.status).toBe('paid');
    expect(await app.call<OrderDetail>('command_MarkOrderPaid', { orderId: order.id })).toEqual(paid);

    const shipped = await app.call<OrderDetail>('command_ShipOrder', { orderId: order.id });
    expect(shipped).toMatchObject({ status: 'shipped', paidAt: paid.paidAt, shippedAt: expect.any(String) });
    const changes: Record<string, Partial<StockLevelRow>> = {};
    for (const line of order.lines) {
      const key = `${line.productId}:BER`;
      changes[key] = {
        onHand: placed.get(key)!.onHand - line.quantity,
        reserved: placed.get(key)!.reserved - line.quantity,
      };
    }
    expectOnlyStockChanged(app, placed, changes);
    const movements = await app.call<StockMovementPage>('query_ListStockMovements', { orderId: order.id });
    expect(movements.items.map((m) => [m.productId, m.quantityDelta, m.reason]).sort()).toEqual(
      order.lines.map((l) => [l.productId, -l.quantity, 'shipment']).sort(),
    );

    const counts = app.counts();
    expect(await app.call<OrderDetail>('command_ShipOrder', { orderId: order.id })).toEqual(shipped);
    expect(app.counts()).toEqual(counts);
    const refused = await app.failure('command_CancelOrder', { orderId: order.id });
    expect(refused).toMatchObject({ code: 'invalid_status', message: expect.stringMatching(/already shipped/) });
    expect((await app.call<OrderSummaryView>('view_OrderSummary', { orderId: order.id })).status).toBe('shipped');
  });

  it('reports unknown orders as not found', async () => {
    for (const name of ['command_MarkOrderPaid', 'command_ShipOrder', 'command_CancelOrder']) {
      expect(await app.failure(name, { orderId: 424242 })).toMatchObject({ message: 'Order not found: 424242' });
    }
  });

  it('keeps on hand equal to the sum of movements and reserved equal to open order lines', () => {
    expect(app.stockDrift()).toEqual({ onHand: 0, reserved: 0 });
  });
});
