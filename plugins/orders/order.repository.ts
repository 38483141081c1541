import { NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { dayRange } from '../common/is-day.decorator';
import { type Page, pagingOf, toPage } from '../common/paging';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import type { Order, OrderDetail, OrderLine } from './dto/order.dto';
import type { ListOrderLinesArgs, ListOrdersArgs } from './dto/order-args.dto';
import type { OrderStatus } from './orders.constants';

const ORDER_COLUMNS = `o.id, o.customer_id AS customerId, c.name AS customerName, w.code AS warehouseCode, o.status,
  o.placed_at AS placedAt, o.paid_at AS paidAt, o.shipped_at AS shippedAt, o.cancelled_at AS cancelledAt,
  o.cancel_reason AS cancelReason,
  (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) AS lineCount,
  (SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id) AS unitCount,
  o.subtotal_cents AS subtotalCents, o.shipping_cents AS shippingCents, o.total_cents AS totalCents`;
const ORDER_FROM = 'orders o JOIN customers c ON c.id = o.customer_id JOIN warehouses w ON w.id = o.warehouse_id';
const LINE_COLUMNS = `l.id, l.order_id AS orderId, l.product_id AS productId, p.sku, p.name AS productName,
  l.quantity, l.unit_price_cents AS unitPriceCents, l.line_total_cents AS lineTotalCents`;
const SORTS = {
  newest: 'o.placed_at DESC, o.id DESC',
  oldest: 'o.placed_at, o.id',
  largest: 'o.total_cents DESC, o.id',
};

/** A new order header. */
export interface NewOrder {
  customerId: number;
  warehouseId: number;
  placedAt: string;
  subtotalCents: number;
  shippingCents: number;
}

/** A new order line. */
export interface NewOrderLine {
  productId: number;
  quantity: number;
  unitPriceCents: number;
}

/** SQL access to orders and order lines. */
@Injectable()
export class OrderRepository {
  constructor(private readonly database: DatabaseService) {}

  list(args: ListOrdersArgs): Page<Order> {
    const paging = pagingOf(args);
    const { start, end } = dayRange(args.from, args.to);
    const filter = new SqlFilter()
      .when(args.customerId, 'o.customer_id = ?')
      .when(args.status, 'o.status = ?')
      .when(args.warehouseCode, 'w.code = ? COLLATE NOCASE')
      .when(args.productId, 'EXISTS (SELECT 1 FROM order_lines x WHERE x.order_id = o.id AND x.product_id = ?)')
      .when(start, 'o.placed_at >= ?')
      .when(end, 'o.placed_at < ?')
      .when(args.minTotalCents, 'o.total_cents >= ?');
    const where = filter.toSql();
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${ORDER_FROM} ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(
        `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} ${where} ORDER BY ${SORTS[args.sort ?? 'newest']} LIMIT ? OFFSET ?`,
      )
      .all(...filter.params, paging.limit, paging.offset) as Order[];
    return toPage(rows, total, paging);
  }

  /** Orders by id, ordered by id; unknown ids are skipped. */
  getMany(ids: readonly number[]): Order[] {
    return this.database.db
      .prepare(
        `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id IN (SELECT value FROM json_each(?)) ORDER BY o.id`,
      )
      .all(JSON.stringify(ids)) as Order[];
  }

  /** @throws NotFoundError */
  requireById(id: number): Order {
    const row = this.database.db.prepare(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = ?`).get(id) as
      | Order
      | undefined;
    if (!row) throw new NotFoundError('Order', id);
    return row;
  }

  /** The order with its lines. @throws NotFoundError */
  requireDetail(id: number): OrderDetail {
    return { ...this.requireById(id), lines: this.linesOf(id) };
  }

  linesOf(orderId: number): OrderLine[] {
    return this.database.db
      .prepare(
        `SELECT ${LINE_COLUMNS} FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
      )
      .all(orderId) as OrderLine[];
  }

  listLines(args: ListOrderLinesArgs): Page<OrderLine> {
    const paging = pagingOf(args);
    const filter = new SqlFilter()
      .when(args.orderId, 'l.order_id = ?')
      .when(args.productId, 'l.product_id = ?')
      .when(args.customerId, 'o.customer_id = ?');
    const where = filter.toSql();
    const from = 'order_lines l JOIN products p ON p.id = l.product_id JOIN orders o ON o.id = l.order_id';
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${from} ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(`SELECT ${LINE_COLUMNS} FROM ${from} ${where} ORDER BY l.order_id DESC, l.id LIMIT ? OFFSET ?`)
      .all(...filter.params, paging.limit, paging.offset) as OrderLine[];
    return toPage(rows, total, paging);
  }

  /** The fulfilling warehouse id of an order. */
  warehouseIdOf(orderId: number): number {
    const row = this.database.db.prepare('SELECT warehouse_id AS id FROM orders WHERE id = ?').get(orderId) as {
      id: number;
    };
    return row.id;
  }

  insert(order: NewOrder, lines: readonly NewOrderLine[]): number {
    const db = this.database.db;
    const result = db
      .prepare(
        `INSERT INTO orders (customer_id, warehouse_id, status, placed_at, subtotal_cents, shipping_cents, total_cents)
         VALUES (?, ?, 'pending', ?, ?, ?, ?)`,
      )
      .run(
        order.customerId,
        order.warehouseId,
        order.placedAt,
        order.subtotalCents,
        order.shippingCents,
        order.subtotalCents + order.shippingCents,
      );
    const orderId = Number(result.lastInsertRowid);
    const insertLine = db.prepare(
      `INSERT INTO order_lines (order_id, product_id, quantity, unit_price_cents, line_total_cents)
       VALUES (?, ?, ?, ?, ?)`,
    );
    for (const l of lines)
      insertLine.run(orderId, l.productId, l.quantity, l.unitPriceCents, l.quantity * l.unitPriceCents);
    return orderId;
  }

  /**
   * Moves an order from `from` to `to`, stamping the matching timestamp column. Returns false when the
   * order was no longer in status `from`.
   */
  transition(orderId: number, from: OrderStatus, to: 'paid' | 'shipped' | 'cancelled', at: string, reason?: string) {
    const column = { paid: 'paid_at', shipped: 'shipped_at', cancelled: 'cancelled_at' }[to];
    const result = this.database.db
      .prepare(
        `UPDATE orders SET status = ?, ${column} = ?, cancel_reason = COALESCE(?, cancel_reason)
         WHERE id = ? AND status = ?`,
      )
      .run(to, at, reason ?? null, orderId, from);
    return result.changes === 1;
  }
}
