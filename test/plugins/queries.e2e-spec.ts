import type {
  CategorySummary,
  Customer,
  CustomerPage,
  Order,
  OrderLinePage,
  OrderPage,
  Product,
  ProductPage,
  StockLevelPage,
  StockMovementPage,
  Warehouse,
} from '@myko/plugins';
import { PluginsTestApp } from './plugins-test-app';

describe('example plugins: queries, filters and paging', () => {
  let app: PluginsTestApp;

  beforeAll(async () => {
    app = await PluginsTestApp.start();
  });

  afterAll(() => app.close());

  describe('products', () => {
    it('pages through the whole catalogue without gaps or overlaps', async () => {
      const seen: string[] = [];
      let offset: number | null = 0;
      let total = 0;
      while (offset !== null) {
        const page: ProductPage = await app.call<ProductPage>('query_ListProducts', { limit: 7, offset });
        expect(page.items.length).toBeLessThanOrEqual(7);
        seen.push(...page.items.map((p: { sku: string }) => p.sku));
        total = page.total;
        offset = page.nextOffset;
      }
      expect(total).toBe(app.counts().products);
      expect(new Set(seen).size).toBe(total);
      expect(seen).toEqual([...seen].sort());
    });

    it('defaults to 50 items and reports the paging it used', async () => {
      const page = await app.call<ProductPage>('query_ListProducts', {});
      expect(page).toMatchObject({ limit: 50, offset: 0, total: 48, nextOffset: null });
      expect(page.items).toHaveLength(48);
    });

    it('filters by category, activity, price range and text', async () => {
      const furniture = await app.call<ProductPage>('query_ListProducts', { category: 'furniture', limit: 200 });
      expect(furniture.total).toBe(8);
      expect(furniture.items.every((p) => p.category === 'Furniture')).toBe(true);

      const inactive = await app.call<ProductPage>('query_ListProducts', { active: false });
      expect(inactive.items.map((p) => p.sku).sort()).toEqual(['ELE-006', 'FUR-007', 'OFF-008']);

      const midRange = await app.call<ProductPage>('query_ListProducts', {
        minPriceCents: 5000,
        maxPriceCents: 10000,
        limit: 200,
      });
      expect(midRange.total).toBeGreaterThan(0);
      expect(midRange.items.every((p) => p.unitPriceCents >= 5000 && p.unitPriceCents <= 10000)).toBe(true);

      const search = await app.call<ProductPage>('query_ListProducts', { search: 'KEYBOARD' });
      expect(search.items.map((p) => p.name)).toEqual(['Mechanical Keyboard']);
      const literal = await app.call<ProductPage>('query_ListProducts', { search: '100%_' });
      expect(literal.total).toBe(0);
    });

    it('fetches by ids and SKUs together, skipping unknown keys', async () => {
      const products = await app.call<Product[]>('query_GetProducts', { ids: [1, 2, 99999], skus: ['tOO-003'] });
      expect(products.map((p) => p.id)).toEqual([1, 2, 43]);
      expect(products[2]).toMatchObject({
        sku: 'TOO-003',
        name: 'Tape Measure 5m',
        unitPriceCents: 1299,
        active: true,
      });
      expect(await app.call<Product[]>('query_GetProducts', {})).toEqual([]);
    });

    it('summarises categories', async () => {
      const categories = await app.call<CategorySummary[]>('query_ListCategories');
      expect(categories).toHaveLength(6);
      const electronics = categories.find((c) => c.category === 'Electronics');
      expect(electronics).toMatchObject({ productCount: 8, activeProductCount: 7, maxPriceCents: 32999 });
    });
  });

  describe('stock', () => {
    it('lists warehouses with totals that match the stock levels', async () => {
      const warehouses = await app.call<Warehouse[]>('query_ListWarehouses');
      expect(warehouses.map((w) => w.code)).toEqual(['AMS', 'BER', 'MAD', 'WAW']);
      const levels = await app.call<StockLevelPage>('query_ListStockLevels', { warehouseCode: 'ber', limit: 200 });
      expect(levels.total).toBe(48);
      const ber = warehouses.find((w) => w.code === 'BER')!;
      expect(ber.unitsOnHand).toBe(levels.items.reduce((s, l) => s + l.onHand, 0));
      expect(ber.unitsReserved).toBe(levels.items.reduce((s, l) => s + l.reserved, 0));
      expect(ber.lowStockProducts).toBe(levels.items.filter((l) => l.belowReorderPoint).length);
    });

    it('computes available and the reorder flag per level', async () => {
      const low = await app.call<StockLevelPage>('query_ListStockLevels', { belowReorderPoint: true, limit: 200 });
      expect(low.total).toBeGreaterThan(0);
      for (const level of low.items) {
        expect(level.available).toBe(level.onHand - level.reserved);
        expect(level.available).toBeLessThanOrEqual(level.reorderPoint);
      }
      const ok = await app.call<StockLevelPage>('query_ListStockLevels', { belowReorderPoint: false, limit: 1 });
      expect(low.total + ok.total).toBe(48 * 4);
    });

    it('lists movements newest first with filters', async () => {
      const shipments = await app.call<StockMovementPage>('query_ListStockMovements', {
        reason: 'shipment',
        from: '2025-06-01',
        to: '2025-06-30',
      });
      expect(shipments.total).toBeGreaterThan(0);
      const times = shipments.items.map((m) => m.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      for (const m of shipments.items) {
        expect(m.quantityDelta).toBeLessThan(0);
        expect(m.orderId).toEqual(expect.any(Number));
        expect(m.createdAt >= '2025-06-01' && m.createdAt < '2025-07-01').toBe(true);
      }
      const ofOrder = await app.call<StockMovementPage>('query_ListStockMovements', {
        orderId: shipments.items[0].orderId,
      });
      const lines = await app.call<OrderLinePage>('query_ListOrderLines', { orderId: shipments.items[0].orderId });
      expect(ofOrder.total).toBe(lines.total);
    });
  });

  describe('customers and orders', () => {
    it('filters customers by segment and text', async () => {
      const enterprise = await app.call<CustomerPage>('query_ListCustomers', { segment: 'enterprise', limit: 200 });
      expect(enterprise.total).toBeGreaterThan(0);
      expect(enterprise.items.every((c) => c.segment === 'enterprise')).toBe(true);
      const all = await app.call<CustomerPage>('query_ListCustomers', { limit: 1 });
      expect(all.total).toBeGreaterThanOrEqual(60);
      const [first] = all.items;
      const found = await app.call<Customer[]>('query_GetCustomers', { emails: [first.email.toUpperCase()] });
      expect(found).toEqual([first]);
    });

    it('filters orders by status, customer, day range, product and total, in the requested order', async () => {
      const shipped = await app.call<OrderPage>('query_ListOrders', { status: 'shipped', limit: 200 });
      expect(shipped.items.every((o) => o.status === 'shipped' && o.shippedAt)).toBe(true);

      const june = await app.call<OrderPage>('query_ListOrders', {
        from: '2025-06-01',
        to: '2025-06-30',
        sort: 'oldest',
        limit: 200,
      });
      const placed = june.items.map((o) => o.placedAt);
      expect(placed).toEqual([...placed].sort());
      expect(placed[0] >= '2025-06-01T00:00:00.000Z' && placed.at(-1)! < '2025-07-01T00:00:00.000Z').toBe(true);

      const largest = await app.call<OrderPage>('query_ListOrders', {
        sort: 'largest',
        minTotalCents: 100000,
        limit: 200,
      });
      const totals = largest.items.map((o) => o.totalCents);
      expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
      expect(totals.every((t: number) => t >= 100000)).toBe(true);

      const withChair = await app.call<OrderPage>('query_ListOrders', { productId: 17, limit: 200 });
      const chairLines = await app.call<OrderLinePage>('query_ListOrderLines', { productId: 17, limit: 200 });
      expect(withChair.total).toBe(chairLines.total);
    });

    it('keeps order totals consistent with their lines', async () => {
      const orders = await app.call<Order[]>('query_GetOrders', { ids: [1, 2, 3, 4, 5, 100000] });
      expect(orders.map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
      for (const order of orders) {
        const lines = await app.call<OrderLinePage>('query_ListOrderLines', { orderId: order.id });
        expect(lines.total).toBe(order.lineCount);
        expect(lines.items.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(order.subtotalCents);
        expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents);
        expect(order.shippingCents).toBe(order.subtotalCents >= 5000 ? 0 : 495);
      }
    });
  });
});
