import { NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { nowIso } from '../common/clock';
import { dayRange } from '../common/is-day.decorator';
import { type Page, pagingOf, toPage } from '../common/paging';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import type { StockLevel, StockMovement } from './dto/stock.dto';
import type { ListStockLevelsArgs, ListStockMovementsArgs } from './dto/stock-args.dto';
import type { Warehouse } from './dto/warehouse.dto';
import type { MovementReason } from './inventory.constants';

/** A warehouse row, as commands need it. */
export interface WarehouseRef {
  id: number;
  code: string;
}

const LEVEL_COLUMNS = `s.product_id AS productId, p.sku, p.name AS productName, w.code AS warehouseCode,
  s.on_hand AS onHand, s.reserved, s.on_hand - s.reserved AS available, s.reorder_point AS reorderPoint,
  (s.on_hand - s.reserved) <= s.reorder_point AS belowReorderPoint`;
const LEVEL_FROM = `stock_levels s JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id`;

type LevelRow = Omit<StockLevel, 'belowReorderPoint'> & { belowReorderPoint: number };

/** SQL access to warehouses, stock levels and stock movements. */
@Injectable()
export class StockRepository {
  constructor(private readonly database: DatabaseService) {}

  listWarehouses(): Warehouse[] {
    return this.database.db
      .prepare(
        `SELECT w.id, w.code, w.name, w.city, COALESCE(SUM(s.on_hand), 0) AS unitsOnHand,
           COALESCE(SUM(s.reserved), 0) AS unitsReserved,
           COALESCE(SUM((s.on_hand - s.reserved) <= s.reorder_point), 0) AS lowStockProducts
         FROM warehouses w LEFT JOIN stock_levels s ON s.warehouse_id = w.id
         GROUP BY w.id ORDER BY w.code`,
      )
      .all() as Warehouse[];
  }

  /** @throws NotFoundError when no warehouse has that code (case-insensitive). */
  requireWarehouse(code: string): WarehouseRef {
    const row = this.database.db.prepare('SELECT id, code FROM warehouses WHERE code = ? COLLATE NOCASE').get(code);
    if (!row) throw new NotFoundError('Warehouse', code);
    return row as WarehouseRef;
  }

  listLevels(args: ListStockLevelsArgs): Page<StockLevel> {
    const paging = pagingOf(args);
    const filter = new SqlFilter()
      .when(args.productId, 's.product_id = ?')
      .when(args.warehouseCode, 'w.code = ? COLLATE NOCASE')
      .when(args.category, 'p.category = ? COLLATE NOCASE')
      .when(
        args.belowReorderPoint,
        `((s.on_hand - s.reserved) <= s.reorder_point) = ?`,
        args.belowReorderPoint ? 1 : 0,
      );
    const where = filter.toSql();
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${LEVEL_FROM} ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(`SELECT ${LEVEL_COLUMNS} FROM ${LEVEL_FROM} ${where} ORDER BY p.sku, w.code LIMIT ? OFFSET ?`)
      .all(...filter.params, paging.limit, paging.offset) as LevelRow[];
    return toPage(rows.map(toLevel), total, paging);
  }

  /** @throws NotFoundError when the product has no stock level in that warehouse. */
  level(productId: number, warehouseId: number): StockLevel {
    const row = this.database.db
      .prepare(`SELECT ${LEVEL_COLUMNS} FROM ${LEVEL_FROM} WHERE s.product_id = ? AND s.warehouse_id = ?`)
      .get(productId, warehouseId) as LevelRow | undefined;
    if (!row) throw new NotFoundError('Stock level', `product ${productId} in warehouse ${warehouseId}`);
    return toLevel(row);
  }

  listMovements(args: ListStockMovementsArgs): Page<StockMovement> {
    const paging = pagingOf(args);
    const { start, end } = dayRange(args.from, args.to);
    const filter = new SqlFilter()
      .when(args.productId, 'm.product_id = ?')
      .when(args.warehouseCode, 'w.code = ? COLLATE NOCASE')
      .when(args.reason, 'm.reason = ?')
      .when(args.orderId, 'm.order_id = ?')
      .when(start, 'm.created_at >= ?')
      .when(end, 'm.created_at < ?');
    const where = filter.toSql();
    const from = 'stock_movements m JOIN products p ON p.id = m.product_id JOIN warehouses w ON w.id = m.warehouse_id';
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${from} ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(
        `SELECT m.id, m.product_id AS productId, p.sku, w.code AS warehouseCode, m.quantity_delta AS quantityDelta,
           m.reason, m.order_id AS orderId, m.note, m.created_at AS createdAt
         FROM ${from} ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...filter.params, paging.limit, paging.offset) as StockMovement[];
    return toPage(rows, total, paging);
  }

  /** Creates a zero stock level in every warehouse for a new product. */
  createLevels(productId: number, reorderPoint: number): void {
    this.database.db
      .prepare(
        `INSERT INTO stock_levels (product_id, warehouse_id, on_hand, reserved, reorder_point)
         SELECT ?, id, 0, 0, ? FROM warehouses`,
      )
      .run(productId, reorderPoint);
  }

  /** Changes on-hand units unless that would drop below the reserved units. Returns false when refused. */
  changeOnHand(productId: number, warehouseId: number, delta: number): boolean {
    const result = this.database.db
      .prepare(
        `UPDATE stock_levels SET on_hand = on_hand + @delta
         WHERE product_id = @productId AND warehouse_id = @warehouseId AND on_hand + @delta >= reserved`,
      )
      .run({ delta, productId, warehouseId });
    return result.changes === 1;
  }

  /** Reserves units if that many are available; returns false (changing nothing) otherwise. */
  reserve(productId: number, warehouseId: number, quantity: number): boolean {
    const result = this.database.db
      .prepare(
        `UPDATE stock_levels SET reserved = reserved + @quantity
         WHERE product_id = @productId AND warehouse_id = @warehouseId AND on_hand - reserved >= @quantity`,
      )
      .run({ quantity, productId, warehouseId });
    return result.changes === 1;
  }

  /** Returns reserved units to available (an open order was cancelled). */
  release(productId: number, warehouseId: number, quantity: number): void {
    this.database.db
      .prepare('UPDATE stock_levels SET reserved = reserved - ? WHERE product_id = ? AND warehouse_id = ?')
      .run(quantity, productId, warehouseId);
  }

  /** Reserved units leave the warehouse (an order shipped): both on-hand and reserved drop. */
  consumeReserved(productId: number, warehouseId: number, quantity: number): void {
    this.database.db
      .prepare(
        `UPDATE stock_levels SET on_hand = on_hand - @quantity, reserved = reserved - @quantity
         WHERE product_id = @productId AND warehouse_id = @warehouseId`,
      )
      .run({ quantity, productId, warehouseId });
  }

  available(productId: number, warehouseId: number): number {
    const row = this.database.db
      .prepare('SELECT on_hand - reserved AS available FROM stock_levels WHERE product_id = ? AND warehouse_id = ?')
      .get(productId, warehouseId) as { available: number } | undefined;
    return row?.available ?? 0;
  }

  recordMovement(movement: {
    productId: number;
    warehouseId: number;
    quantityDelta: number;
    reason: MovementReason;
    orderId?: number;
    note?: string;
  }): void {
    this.database.db
      .prepare(
        `INSERT INTO stock_movements (product_id, warehouse_id, quantity_delta, reason, order_id, note, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        movement.productId,
        movement.warehouseId,
        movement.quantityDelta,
        movement.reason,
        movement.orderId ?? null,
        movement.note ?? null,
        nowIso(),
      );
  }
}

function toLevel(row: LevelRow): StockLevel {
  return { ...row, belowReorderPoint: row.belowReorderPoint === 1 };
}
