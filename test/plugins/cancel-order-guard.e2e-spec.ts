import type { OrderDetail } from '@myko/plugins';
import { PluginsTestApp } from './plugins-test-app';

describe('example plugins: the warehouse guard of CancelOrder', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  async function placeIn(warehouseCode: string): Promise<OrderDetail> {
    const [productId] = app.stocked(warehouseCode, 3, 1);
    return app.call<OrderDetail>('command_PlaceOrder', {
      customerId: 3,
      warehouseCode,
      lines: [{ productId, quantity: 2 }],
    });
  }

  it('cancels when the guard names the order’s warehouse (in any case)', async () => {
    const order = await placeIn('BER');
    const cancelled = await app.call<OrderDetail>('command_CancelOrder', { orderId: order.id, warehouseCode: 'ber' });
    expect(cancelled).toMatchObject({ status: 'cancelled', warehouseCode: 'BER' });
  });

  it('refuses, changing nothing, when the order is fulfilled by another warehouse', async () => {
    const order = await placeIn('AMS');
    const before = app.stockSnapshot();
    const refused = await app.failure('command_CancelOrder', { orderId: order.id, warehouseCode: 'BER' });
    expect(refused).toMatchObject({
      code: 'warehouse_mismatch',
      message: `Order ${order.id} is fulfilled by AMS, not BER; it was not cancelled`,
    });
    expect(app.stockSnapshot()).toEqual(before);
    expect((await app.call<OrderDetail[]>('query_GetOrders', { ids: [order.id] }))[0].status).toBe('pending');
  });

  it('checks the guard before anything else, so it cannot be used to learn the status of other orders', async () => {
    const order = await placeIn('AMS');
    await app.call('command_MarkOrderPaid', { orderId: order.id });
    await app.call('command_ShipOrder', { orderId: order.id });
    const refused = await app.failure('command_CancelOrder', { orderId: order.id, warehouseCode: 'BER' });
    expect(refused.code).toBe('warehouse_mismatch');
  });

  it('is optional and validated like every argument', async () => {
    const order = await placeIn('AMS');
    await expect(app.call('command_CancelOrder', { orderId: order.id })).resolves.toMatchObject({
      status: 'cancelled',
    });
    expect(await app.failure('command_CancelOrder', { orderId: order.id, warehouseCode: '' })).toMatchObject({
      message: expect.stringContaining('warehouseCode'),
    });
  });
});
