import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OrderDetail, type ProductPage, type SalesByDayReport, SEED_REFERENCE_DATE } from '@myko/plugins';
import { useReleases } from '../helpers/releases';
import { PluginsTestApp } from './plugins-test-app';

describe('example plugins: the SQLite database', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-plugins-'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('seed data', () => {
    let app: PluginsTestApp;

    beforeAll(async () => {
      app = await PluginsTestApp.start(':memory:');
    });

    afterAll(() => app.close());

    it('is big enough to make queries meaningful', () => {
      const counts = app.counts();
      expect(counts.products).toBeGreaterThanOrEqual(40);
      expect(counts.warehouses).toBeGreaterThanOrEqual(3);
      expect(counts.warehouses).toBeLessThanOrEqual(4);
      expect(counts.customers).toBeGreaterThanOrEqual(60);
      expect(counts.orders).toBeGreaterThanOrEqual(400);
      expect(counts.order_lines).toBeGreaterThan(counts.orders);
      expect(counts.stock_levels).toBe(counts.products * counts.warehouses);
      const statuses = app.rows<{ status: string }>('SELECT DISTINCT status FROM orders ORDER BY status');
      expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'paid', 'pending', 'shipped']);
    });

    it('spreads orders over the 90 days before the fixed reference date', () => {
      const reference = Date.parse(SEED_REFERENCE_DATE);
      const { first, last, days } = app.one<{ first: string; last: string; days: number }>(
        'SELECT MIN(placed_at) AS first, MAX(placed_at) AS last, COUNT(DISTINCT substr(placed_at, 1, 10)) AS days FROM orders',
      );
      expect(Date.parse(last)).toBeLessThan(reference);
      expect(Date.parse(first)).toBeGreaterThanOrEqual(reference - 90 * 86_400_000);
      expect(days).toBe(90);
      const late = app.one(
        `SELECT COUNT(*) AS n FROM orders
         WHERE MAX(COALESCE(paid_at, ''), COALESCE(shipped_at, ''), COALESCE(cancelled_at, '')) >= ?
            OR paid_at < placed_at OR shipped_at < paid_at OR cancelled_at < placed_at`,
        SEED_REFERENCE_DATE,
      );
      expect(late.n).toBe(0);
    });

    it('keeps stock consistent with the order history', () => {
      const shippedUnits = app.one(
        `SELECT (SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 'shipped')
           + (SELECT SUM(quantity_delta) FROM stock_movements WHERE reason = 'shipment') AS diff`,
      );
      expect(app.stockDrift()).toEqual({ onHand: 0, reserved: 0 });
      expect(shippedUnits.diff).toBe(0);
      expect(
        app.one('SELECT COUNT(*) AS n FROM stock_levels WHERE on_hand - reserved <= reorder_point').n,
      ).toBeGreaterThan(0);
    });

    it('is deterministic: two fresh databases hold identical data', async () => {
      const other = await PluginsTestApp.start(':memory:');
      try {
        expect(other.digest()).toBe(app.digest());
      } finally {
        await other.close();
      }
    });
  });

  describe('on a file', () => {
    // An app a test closes itself mid-way is still closed (its SQLite handle with it) when it fails first.
    const opened = useReleases();
    const close = (app: PluginsTestApp) => app.close();

    it('uses WAL, survives a restart with its changes, and is neither re-seeded nor re-migrated', async () => {
      const path = join(dir, 'nested', 'myko.db');
      const first = opened(await PluginsTestApp.start(path), close);
      expect(first.database.seeded).toBe(true);
      expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(first.db.pragma('foreign_keys', { simple: true })).toBe(1);
      const seededDigest = first.digest();
      const fresh = opened(await PluginsTestApp.start(':memory:'), close);
      expect(fresh.digest()).toBe(seededDigest);
      await fresh.close();

      const [productId] = first
        .rows<{ id: number }>(
          `SELECT p.id FROM stock_levels s JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id
           WHERE w.code = 'BER' AND p.active = 1 AND s.on_hand - s.reserved >= 3 ORDER BY p.id LIMIT 1`,
        )
        .map((r) => r.id);
      const order = await first.call<OrderDetail>('command_PlaceOrder', {
        customerId: 12,
        warehouseCode: 'BER',
        lines: [{ productId, quantity: 3 }],
      });
      const stockAfterOrder = first.stock(productId, 'BER');
      const counts = first.counts();
      await first.close();

      const second = await PluginsTestApp.start(path);
      try {
        expect(second.database.seeded).toBe(false);
        expect(second.counts()).toEqual(counts);
        expect(second.stock(productId, 'BER')).toEqual(stockAfterOrder);
        const summary = await second.call('view_OrderSummary', { orderId: order.id });
        expect(summary).toMatchObject({ status: 'pending', customerId: 12, totalCents: order.totalCents });
        expect(second.rows('SELECT version FROM schema_migrations')).toEqual([{ version: 1 }]);
        expect(second.digest()).not.toBe(seededDigest);
      } finally {
        await second.close();
      }
    });

    it('can start empty, without the example data', async () => {
      const app = await PluginsTestApp.start(join(dir, 'empty.db'), false);
      try {
        expect(app.database.seeded).toBe(false);
        expect(app.counts()).toEqual(Object.fromEntries(Object.keys(app.counts()).map((t) => [t, 0])));
        expect(await app.call<ProductPage>('query_ListProducts', {})).toMatchObject({ total: 0, items: [] });
        const sales = await app.call<SalesByDayReport>('report_SalesByDay', { from: '2025-01-01', to: '2025-01-07' });
        expect(sales).toMatchObject({ totalOrders: 0, averageOrderRevenueCents: 0 });
        expect(sales.days).toHaveLength(7);
      } finally {
        await app.close();
      }
    });

    it('closes the database when the app closes', async () => {
      const app = await PluginsTestApp.start(join(dir, 'closing.db'));
      const { db } = app;
      await app.close();
      expect(db.open).toBe(false);
    });
  });
});
