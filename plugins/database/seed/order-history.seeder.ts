import type Database from 'better-sqlite3';
import { shippingFeeFor } from '../../common/pricing';
import { SEED_HISTORY_DAYS } from '../database.constants';
import type { SeededRandom } from './seed.random';

export interface SeedProduct {
  id: number;
  priceCents: number;
  active: boolean;
}

export interface SeedCustomer {
  id: number;
  segment: 'consumer' | 'smb' | 'enterprise';
  homeWarehouse: string;
}

type Status = 'pending' | 'paid' | 'shipped' | 'cancelled';

interface Cell {
  productId: number;
  warehouseId: number;
  onHand: number;
  reserved: number;
  reorderPoint: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_DAYS = SEED_HISTORY_DAYS;
const STATUSES: readonly Status[] = ['pending', 'paid', 'shipped', 'cancelled'];

/**
 * Simulates 90 days of orders before the reference date, keeping stock consistent with them:
 * open orders (pending, paid) hold reservations, shipped orders left the warehouse as `shipment`
 * movements, and `on_hand` always equals the sum of a cell's movements.
 */
export class OrderHistorySeeder {
  private readonly cells = new Map<string, Cell>();
  private readonly maxTimestamp: number;
  private readonly insertOrder: Database.Statement;
  private readonly insertLine: Database.Statement;
  private readonly insertMovement: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly rng: SeededRandom,
    private readonly referenceMs: number,
    private readonly warehouses: Map<string, number>,
  ) {
    this.maxTimestamp = referenceMs - 60_000;
    this.insertOrder = db.prepare(
      `INSERT INTO orders (customer_id, warehouse_id, status, placed_at, paid_at, shipped_at, cancelled_at,
        cancel_reason, subtotal_cents, shipping_cents, total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertLine = db.prepare(
      `INSERT INTO order_lines (order_id, product_id, quantity, unit_price_cents, line_total_cents)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.insertMovement = db.prepare(
      `INSERT INTO stock_movements (product_id, warehouse_id, quantity_delta, reason, order_id, note, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  run(products: readonly SeedProduct[], customers: readonly SeedCustomer[]): void {
    const start = this.referenceMs - HISTORY_DAYS * DAY_MS;
    this.receiveInitialStock(products, start - DAY_MS + 6 * HOUR_MS);
    const orderable = products.filter((p) => p.active);
    for (let day = 0; day < HISTORY_DAYS; day++) {
      const dayStart = start + day * DAY_MS;
      if (day % 7 === 0) this.weeklyRestock(dayStart + 6 * HOUR_MS);
      for (const placedAt of this.orderTimes(dayStart, day)) {
        this.placeOrder(placedAt, orderable, customers);
      }
    }
    this.writeStockLevels();
  }

  private receiveInitialStock(products: readonly SeedProduct[], at: number): void {
    for (const product of products) {
      for (const warehouseId of this.warehouses.values()) {
        const cell = {
          productId: product.id,
          warehouseId,
          onHand: 0,
          reserved: 0,
          reorderPoint: this.rng.int(2, 5) * 5,
        };
        this.cells.set(`${product.id}:${warehouseId}`, cell);
        this.move(cell, this.rng.int(15, 60), 'receipt', at, null, 'Opening stock');
      }
    }
  }

  private weeklyRestock(at: number): void {
    for (const cell of this.cells.values()) {
      if (cell.onHand - cell.reserved <= cell.reorderPoint && this.rng.chance(0.3)) {
        this.move(cell, cell.reorderPoint * 3, 'restock', at, null, 'Weekly replenishment');
      }
    }
  }

  /** Sorted order timestamps of one day: fewer on weekends, more in the last month. */
  private orderTimes(dayStart: number, day: number): number[] {
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const count = this.rng.int(3, 6) + (weekend ? -1 : 1) + (day >= 60 ? 1 : 0);
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(dayStart + this.rng.int(7 * 60, 22 * 60) * 60_000);
    return times.sort((a, b) => a - b);
  }

  private placeOrder(placedAt: number, products: readonly SeedProduct[], customers: readonly SeedCustomer[]): void {
    // A skewed pick gives a realistic head of frequent buyers.
    const customer = customers[Math.floor(this.rng.next() ** 1.8 * customers.length)];
    const code = this.rng.chance(0.85) ? customer.homeWarehouse : this.rng.pick([...this.warehouses.keys()]);
    const warehouseId = this.warehouses.get(code)!;
    const lineCount = this.rng.weighted([1, 2, 3, 4], [0.35, 0.3, 0.2, 0.15]);
    const lines = this.rng.sample(products, lineCount).map((product) => ({
      product,
      quantity: this.quantityFor(customer, product),
    }));
    const status = this.statusFor(placedAt);
    const times = this.lifecycle(status, placedAt);
    const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.product.priceCents, 0);
    const shipping = shippingFeeFor(subtotal);
    const orderId = Number(
      this.insertOrder.run(
        customer.id,
        warehouseId,
        status,
        iso(placedAt),
        times.paidAt,
        times.shippedAt,
        times.cancelledAt,
        status === 'cancelled'
          ? this.rng.pick(['Customer changed their mind', 'Duplicate order', 'Payment failed'])
          : null,
        subtotal,
        shipping,
        subtotal + shipping,
      ).lastInsertRowid,
    );
    for (const { product, quantity } of lines) {
      this.insertLine.run(orderId, product.id, quantity, product.priceCents, quantity * product.priceCents);
      const cell = this.cells.get(`${product.id}:${warehouseId}`)!;
      if (cell.onHand - cell.reserved < quantity) {
        this.move(cell, cell.reorderPoint * 3 + quantity, 'restock', placedAt - HOUR_MS, null, 'Expedited restock');
      }
      this.applyStatus(cell, quantity, status, orderId, times.shippedAt);
    }
  }

  private applyStatus(cell: Cell, quantity: number, status: Status, orderId: number, shippedAt: string | null): void {
    if (status === 'pending' || status === 'paid') cell.reserved += quantity;
    if (status === 'shipped') this.move(cell, -quantity, 'shipment', Date.parse(shippedAt!), orderId, null);
  }

  private quantityFor(customer: SeedCustomer, product: SeedProduct): number {
    const base = this.rng.int(1, 3);
    const multiplier = customer.segment === 'enterprise' ? this.rng.int(2, 5) : customer.segment === 'smb' ? 2 : 1;
    return product.priceCents >= 30_000 ? Math.min(base, 2) : base * multiplier;
  }

  /** Old orders are almost all shipped; the last days hold the open ones. */
  private statusFor(placedAt: number): Status {
    const ageDays = (this.referenceMs - placedAt) / DAY_MS;
    if (ageDays > 14) return this.rng.weighted(STATUSES, [0, 0, 0.93, 0.07]);
    if (ageDays > 4) return this.rng.weighted(STATUSES, [0.08, 0.15, 0.7, 0.07]);
    return this.rng.weighted(STATUSES, [0.45, 0.4, 0.1, 0.05]);
  }

  private lifecycle(status: Status, placedAt: number) {
    const paid = status === 'paid' || status === 'shipped';
    const paidMs = Math.min(placedAt + this.rng.int(10, 360) * 60_000, this.maxTimestamp);
    const shippedMs = Math.min(paidMs + this.rng.int(12, 60) * HOUR_MS, this.maxTimestamp);
    const cancelledMs = Math.min(placedAt + this.rng.int(1, 24) * HOUR_MS, this.maxTimestamp);
    return {
      paidAt: paid ? iso(paidMs) : null,
      shippedAt: status === 'shipped' ? iso(shippedMs) : null,
      cancelledAt: status === 'cancelled' ? iso(cancelledMs) : null,
    };
  }

  private move(cell: Cell, delta: number, reason: string, at: number, orderId: number | null, note: string | null) {
    cell.onHand += delta;
    this.insertMovement.run(cell.productId, cell.warehouseId, delta, reason, orderId, note, iso(at));
  }

  private writeStockLevels(): void {
    const insert = this.db.prepare(
      'INSERT INTO stock_levels (product_id, warehouse_id, on_hand, reserved, reorder_point) VALUES (?, ?, ?, ?, ?)',
    );
    for (const c of this.cells.values()) insert.run(c.productId, c.warehouseId, c.onHand, c.reserved, c.reorderPoint);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
