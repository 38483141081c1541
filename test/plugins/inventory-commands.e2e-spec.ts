import type {
  Customer,
  Customer360View,
  OrderDetail,
  OrderSummaryView,
  Product,
  ProductAvailabilityView,
  StockLevel,
  StockMovementPage,
  StockTransfer,
} from '@myko/plugins';
import { PluginsTestApp } from './plugins-test-app';

describe('example plugins: stock, catalogue and customer commands', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  describe('stock commands', () => {
    it('restocks, adjusts and transfers with one movement per change', async () => {
      const [productId] = app.stocked('AMS', 10, 1);
      const start = { ams: app.stock(productId, 'AMS'), waw: app.stock(productId, 'WAW') };

      const restocked = await app.call<StockLevel>('command_RestockProduct', {
        productId,
        warehouseCode: 'AMS',
        quantity: 25,
        note: 'PO-7',
      });
      expect(restocked.onHand).toBe(start.ams.onHand + 25);
      const adjusted = await app.call<StockLevel>('command_AdjustStock', {
        productId,
        warehouseCode: 'AMS',
        quantityDelta: -3,
        note: 'damaged in storage',
      });
      expect(adjusted.onHand).toBe(start.ams.onHand + 22);
      const transfer = await app.call<StockTransfer>('command_TransferStock', {
        productId,
        fromWarehouseCode: 'AMS',
        toWarehouseCode: 'WAW',
        quantity: 5,
      });
      expect(transfer.from).toMatchObject({ warehouseCode: 'AMS', onHand: start.ams.onHand + 17 });
      expect(transfer.to).toMatchObject({ warehouseCode: 'WAW', onHand: start.waw.onHand + 5 });

      const latest = await app.call<StockMovementPage>('query_ListStockMovements', { productId, limit: 4 });
      expect(latest.items.map((m) => [m.warehouseCode, m.reason, m.quantityDelta]).sort()).toEqual(
        [
          ['AMS', 'restock', 25],
          ['AMS', 'adjustment', -3],
          ['AMS', 'transfer_out', -5],
          ['WAW', 'transfer_in', 5],
        ].sort(),
      );
    });

    it('refuses to take more than is available, changing nothing', async () => {
      const [productId] = app.stocked('BER', 1, 1);
      await app.call<OrderDetail>('command_PlaceOrder', {
        customerId: 2,
        warehouseCode: 'BER',
        lines: [{ productId, quantity: 1 }],
      });
      const { onHand, reserved } = app.stock(productId, 'BER');
      const digest = app.digest();
      const adjust = await app.failure('command_AdjustStock', {
        productId,
        warehouseCode: 'BER',
        quantityDelta: -(onHand - reserved + 1),
        note: 'shrinkage',
      });
      expect(adjust).toMatchObject({ code: 'insufficient_stock' });
      const transfer = await app.failure('command_TransferStock', {
        productId,
        fromWarehouseCode: 'BER',
        toWarehouseCode: 'AMS',
        quantity: onHand - reserved + 1,
      });
      expect(transfer).toMatchObject({ code: 'insufficient_stock' });
      const same = await app.failure('command_TransferStock', {
        productId,
        fromWarehouseCode: 'BER',
        toWarehouseCode: 'ber',
        quantity: 1,
      });
      expect(same).toMatchObject({ code: 'same_warehouse' });
      expect(app.digest()).toBe(digest);
    });
  });

  describe('catalogue and customer commands', () => {
    it('reprices new orders only, idempotently', async () => {
      const [productId] = app.stocked('MAD', 2, 1);
      const first = await app.call<OrderDetail>('command_PlaceOrder', {
        customerId: 4,
        warehouseCode: 'MAD',
        lines: [{ productId, quantity: 1 }],
      });
      const updated = await app.call<Product>('command_UpdateProductPrice', { productId, unitPriceCents: 12345 });
      // Idempotent in effect: the second call changes nothing, and answers the price it replaced (its own).
      expect(await app.call<Product>('command_UpdateProductPrice', { productId, unitPriceCents: 12345 })).toEqual({
        ...updated,
        previousUnitPriceCents: 12345,
      });
      const second = await app.call<OrderDetail>('command_PlaceOrder', {
        customerId: 4,
        warehouseCode: 'MAD',
        lines: [{ productId, quantity: 1 }],
      });
      expect(second.lines[0].unitPriceCents).toBe(12345);
      const again = await app.call<OrderSummaryView>('view_OrderSummary', { orderId: first.id });
      expect(again.lines[0].unitPriceCents).toBe(first.lines[0].unitPriceCents);
    });

    it('deactivates and reactivates products for ordering', async () => {
      const [productId] = app.stocked('BER', 1, 1);
      const order = { customerId: 9, warehouseCode: 'BER', lines: [{ productId, quantity: 1 }] };
      expect((await app.call<Product>('command_DeactivateProduct', { productId })).active).toBe(false);
      expect((await app.call<Product>('command_DeactivateProduct', { productId })).active).toBe(false);
      expect(await app.failure('command_PlaceOrder', order)).toMatchObject({ code: 'product_inactive' });
      expect((await app.call<Product>('command_ActivateProduct', { productId })).active).toBe(true);
      expect((await app.call<OrderDetail>('command_PlaceOrder', order)).status).toBe('pending');
    });

    it('creates a product with empty stock that can be ordered once restocked', async () => {
      const product = await app.call<Product>('command_CreateProduct', {
        sku: 'TOO-009',
        name: 'Digital Caliper',
        category: 'Tools',
        unitPriceCents: 2599,
      });
      const availability = await app.call<ProductAvailabilityView>('view_ProductAvailability', { sku: 'TOO-009' });
      expect(availability.warehouses.map((w) => [w.warehouseCode, w.onHand, w.reorderPoint])).toEqual([
        ['AMS', 0, 10],
        ['BER', 0, 10],
        ['MAD', 0, 10],
        ['WAW', 0, 10],
      ]);
      const order = { customerId: 1, warehouseCode: 'BER', lines: [{ productId: product.id, quantity: 2 }] };
      expect(await app.failure('command_PlaceOrder', order)).toMatchObject({ code: 'insufficient_stock' });
      await app.call<StockLevel>('command_RestockProduct', {
        productId: product.id,
        warehouseCode: 'BER',
        quantity: 2,
      });
      expect((await app.call<OrderDetail>('command_PlaceOrder', order)).subtotalCents).toBe(5198);
      expect(app.available(product.id, 'BER')).toBe(0);
      const duplicate = await app.failure('command_CreateProduct', {
        sku: 'TOO-009',
        name: 'Other',
        category: 'Tools',
        unitPriceCents: 1,
      });
      expect(duplicate).toMatchObject({ code: 'duplicate_sku' });
    });

    it('creates and updates customers with unique emails', async () => {
      const customer = await app.call<Customer>('command_CreateCustomer', {
        name: 'Maria Costa',
        email: 'maria.costa@example.org',
        segment: 'smb',
        city: 'Lisbon',
      });
      expect(customer).toMatchObject({ id: expect.any(Number), segment: 'smb' });
      const duplicate = await app.failure('command_CreateCustomer', {
        name: 'Someone Else',
        email: 'MARIA.COSTA@example.org',
        segment: 'consumer',
        city: 'Porto',
      });
      expect(duplicate).toMatchObject({ code: 'duplicate_email' });
      const updated = await app.call<Customer>('command_UpdateCustomer', {
        customerId: customer.id,
        segment: 'enterprise',
      });
      expect(updated).toEqual({ ...customer, segment: 'enterprise' });
      const taken = await app.failure('command_UpdateCustomer', { customerId: 1, email: 'maria.costa@example.org' });
      expect(taken).toMatchObject({ code: 'duplicate_email' });
      const view = await app.call<Customer360View>('view_Customer360', { customerId: customer.id });
      expect(view.stats).toMatchObject({ orderCount: 0, lifetimeValueCents: 0, firstOrderAt: null });
    });
  });

  it('keeps on hand equal to the sum of movements and reserved equal to open order lines', () => {
    expect(app.stockDrift()).toEqual({ onHand: 0, reserved: 0 });
  });
});
