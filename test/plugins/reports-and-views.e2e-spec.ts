import type {
  CategoryRevenueRow,
  Customer360View,
  InventoryValuationReport,
  LowStockRow,
  Order,
  OrderPage,
  OrderSummaryView,
  ProductAvailabilityView,
  SalesByDayReport,
  StockLevelPage,
  TopCustomerRow,
  TopProductRow,
} from '@myko/plugins';
import { OperationAbortedError } from '@myko/registry';
import { PluginsTestApp, testContext } from './plugins-test-app';

const SEED_FROM = '2025-04-02';
const SEED_TO = '2025-06-30';

describe('example plugins: reports and views', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  describe('reports', () => {
    it('reports sales per day, zero-filled, with totals matching the orders', async () => {
      const report = await app.call<SalesByDayReport>('report_SalesByDay', { from: '2025-03-30', to: SEED_TO });
      expect(report.days).toHaveLength(93);
      expect(report.days.slice(0, 3).every((d) => d.orderCount === 0 && d.revenueCents === 0)).toBe(true);
      expect(report.days.map((d) => d.day).slice(0, 4)).toEqual([
        '2025-03-30',
        '2025-03-31',
        '2025-04-01',
        '2025-04-02',
      ]);
      const live = app.one(
        `SELECT COUNT(*) AS orders, SUM(subtotal_cents) AS revenue FROM orders WHERE status <> 'cancelled'`,
      );
      expect(report.totalOrders).toBe(live.orders);
      expect(report.totalRevenueCents).toBe(live.revenue);
      expect(report.totalOrders).toBe(report.days.reduce((s, d) => s + d.orderCount, 0));
      expect(report.averageOrderRevenueCents).toBe(Math.round(report.totalRevenueCents / report.totalOrders));
    });

    it('narrows sales to a warehouse or a category', async () => {
      const all = await app.call<SalesByDayReport>('report_SalesByDay', { from: SEED_FROM, to: SEED_TO });
      const byWarehouse = await Promise.all(
        ['AMS', 'BER', 'MAD', 'WAW'].map((warehouseCode) =>
          app.call<SalesByDayReport>('report_SalesByDay', { from: SEED_FROM, to: SEED_TO, warehouseCode }),
        ),
      );
      expect(byWarehouse.reduce((s, r) => s + r.totalRevenueCents, 0)).toBe(all.totalRevenueCents);
      const categories = await app.call<CategoryRevenueRow[]>('report_RevenueByCategory', {});
      const kitchen = await app.call<SalesByDayReport>('report_SalesByDay', {
        from: SEED_FROM,
        to: SEED_TO,
        category: 'Kitchen',
      });
      expect(kitchen.totalRevenueCents).toBe(categories.find((c) => c.category === 'Kitchen')!.revenueCents);
    });

    it('rejects an inverted or oversized range and an unknown warehouse', async () => {
      const inverted = await app.failure('report_SalesByDay', { from: '2025-06-30', to: '2025-06-01' });
      expect(inverted.name).toBe('InvalidArgumentsError');
      const oversized = await app.failure('report_SalesByDay', { from: '2024-01-01', to: '2025-06-01' });
      expect(oversized.message).toMatch(/366 days/);
      const unknown = await app.failure('report_SalesByDay', { from: SEED_FROM, to: SEED_TO, warehouseCode: 'XXX' });
      expect(unknown).toMatchObject({ name: 'NotFoundError', code: 'not_found' });
    });

    it('stops a long report between steps when the request is cancelled meanwhile', async () => {
      const controller = new AbortController();
      const progress: number[] = [];
      const ctx = testContext({
        signal: controller.signal,
        progress: (done) => {
          progress.push(done);
          // Aborts from outside the operation, as a cancellation does: it can only land if the report yields.
          setImmediate(() => controller.abort());
        },
      });
      const error = await app.failure('report_SalesByDay', { from: '2025-01-01', to: SEED_TO }, ctx);
      expect(error).toBeInstanceOf(OperationAbortedError);
      expect(progress).toEqual([31]);
    });

    it('splits revenue by category into shares that add up', async () => {
      const rows = await app.call<CategoryRevenueRow[]>('report_RevenueByCategory', {
        from: '2025-05-01',
        to: '2025-05-31',
      });
      expect(rows).toHaveLength(6);
      const revenue = rows.map((r) => r.revenueCents);
      expect(revenue).toEqual([...revenue].sort((a: number, b: number) => b - a));
      expect(rows.reduce((s, r) => s + r.sharePercent, 0)).toBeCloseTo(100, 0);
      const may = await app.call<SalesByDayReport>('report_SalesByDay', { from: '2025-05-01', to: '2025-05-31' });
      expect(revenue.reduce((a: number, b: number) => a + b, 0)).toBe(may.totalRevenueCents);
    });

    it('ranks top customers and products', async () => {
      const customers = await app.call<TopCustomerRow[]>('report_TopCustomers', { limit: 5 });
      expect(customers.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5]);
      const revenue = customers.map((c) => c.revenueCents);
      expect(revenue).toEqual([...revenue].sort((a: number, b: number) => b - a));
      const byOrders = await app.call<TopCustomerRow[]>('report_TopCustomers', {
        by: 'orders',
        segment: 'consumer',
        limit: 3,
      });
      expect(byOrders.every((c) => c.segment === 'consumer')).toBe(true);
      expect(byOrders[0].orderCount).toBeGreaterThanOrEqual(byOrders[2].orderCount);
      const products = await app.call<TopProductRow[]>('report_TopProducts', {
        by: 'units',
        category: 'Tools',
        limit: 3,
      });
      expect(products).toHaveLength(3);
      expect(products.every((p) => p.category === 'Tools')).toBe(true);
      expect(products[0].unitCount).toBeGreaterThanOrEqual(products[1].unitCount);
    });

    it('lists low stock consistently with the stock levels', async () => {
      const low = await app.call<LowStockRow[]>('report_LowStock', { limit: 200 });
      const flagged = await app.call<StockLevelPage>('query_ListStockLevels', { belowReorderPoint: true, limit: 200 });
      expect(low).toHaveLength(flagged.total);
      for (const row of low) {
        expect(row.available).toBeLessThanOrEqual(row.reorderPoint);
        expect(row.available + row.suggestedReorderQuantity).toBe(Math.max(row.reorderPoint * 3, row.available));
      }
      const ams = await app.call<LowStockRow[]>('report_LowStock', { warehouseCode: 'AMS' });
      expect(ams.every((r) => r.warehouseCode === 'AMS')).toBe(true);
    });

    it('values the inventory per warehouse and per category with equal totals', async () => {
      const byWarehouse = await app.call<InventoryValuationReport>('report_InventoryValuation', {});
      const byCategory = await app.call<InventoryValuationReport>('report_InventoryValuation', { groupBy: 'category' });
      expect(byWarehouse.rows.map((r) => r.key).sort()).toEqual(['AMS', 'BER', 'MAD', 'WAW']);
      expect(byCategory.rows).toHaveLength(6);
      expect(byCategory.totalValueCents).toBe(byWarehouse.totalValueCents);
      const expected = app.one(
        'SELECT SUM(s.on_hand * p.unit_price_cents) AS v FROM stock_levels s JOIN products p ON p.id = s.product_id',
      );
      expect(byWarehouse.totalValueCents).toBe(expected.v);
      const ber = await app.call<InventoryValuationReport>('report_InventoryValuation', { warehouseCode: 'ber' });
      expect(ber).toMatchObject({ warehouseCode: 'BER', rows: [byWarehouse.rows.find((r) => r.key === 'BER')] });
    });
  });

  describe('views', () => {
    it('summarises an order with customer, warehouse, lines and totals', async () => {
      const summary = await app.call<OrderSummaryView>('view_OrderSummary', { orderId: 10 });
      const [header] = await app.call<Order[]>('query_GetOrders', { ids: [10] });
      expect(summary).toMatchObject(header);
      expect(summary.customer.id).toBe(header.customerId);
      expect(summary.warehouse.code).toBe(header.warehouseCode);
      expect(summary.lines.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(summary.subtotalCents);
      expect(summary.lines[0]).toEqual(
        expect.objectContaining({ category: expect.any(String), sku: expect.any(String) }),
      );
      expect(await app.failure('view_OrderSummary', { orderId: 999999 })).toMatchObject({ code: 'not_found' });
    });

    it('shows a customer 360 that agrees with their orders', async () => {
      const [top] = await app.call<TopCustomerRow[]>('report_TopCustomers', { limit: 1 });
      const view = await app.call<Customer360View>('view_Customer360', { customerId: top.customerId, recentOrders: 3 });
      const orders = await app.call<OrderPage>('query_ListOrders', { customerId: top.customerId, limit: 200 });
      expect(view.stats.orderCount).toBe(orders.total);
      const live = orders.items.filter((o) => o.status !== 'cancelled');
      expect(view.stats.lifetimeValueCents).toBe(live.reduce((s, o) => s + o.totalCents, 0));
      expect(view.recentOrders.map((o) => o.id)).toEqual(orders.items.slice(0, 3).map((o) => o.id));
      expect(view.topCategories.length).toBeGreaterThan(0);
      expect(view.stats.lastOrderAt).toBe(orders.items[0].placedAt);
    });

    it('shows product availability by id or SKU across all warehouses', async () => {
      const byId = await app.call<ProductAvailabilityView>('view_ProductAvailability', { productId: 1 });
      const bySku = await app.call<ProductAvailabilityView>('view_ProductAvailability', { sku: 'ELE-001' });
      expect(bySku).toEqual(byId);
      expect(byId.warehouses).toHaveLength(4);
      expect(byId.totalAvailable).toBe(byId.totalOnHand - byId.totalReserved);
      expect(byId.orderable).toBe(byId.totalAvailable > 0);
      const discontinued = await app.call<ProductAvailabilityView>('view_ProductAvailability', { sku: 'ELE-006' });
      expect(discontinued.orderable).toBe(false);
      const neither = await app.failure('view_ProductAvailability', {});
      expect(neither.name).toBe('InvalidArgumentsError');
    });
  });
});
