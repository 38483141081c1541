import type { OperationContext } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { throwIfAborted } from '../common/abort';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import { StockRepository } from '../inventory';
import type { InventoryValuationReport, LowStockRow, ValuationRow } from './dto/report.dto';
import type { InventoryValuationArgs, LowStockArgs } from './dto/report-args.dto';

const STOCK_FROM = 'stock_levels s JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id';

/** Reports over current stock levels. */
@Injectable()
export class StockReportService {
  constructor(
    private readonly database: DatabaseService,
    private readonly stock: StockRepository,
  ) {}

  lowStock(args: LowStockArgs, ctx: OperationContext): LowStockRow[] {
    throwIfAborted(ctx, 'report_LowStock');
    const filter = this.scope(args.warehouseCode)
      .add('(s.on_hand - s.reserved) <= s.reorder_point')
      .when(args.category, 'p.category = ? COLLATE NOCASE');
    const rows = this.database.db
      .prepare(
        `SELECT p.id AS productId, p.sku, p.name AS productName, p.category, w.code AS warehouseCode,
           s.on_hand AS onHand, s.reserved, s.on_hand - s.reserved AS available, s.reorder_point AS reorderPoint,
           MAX(s.reorder_point * 3 - (s.on_hand - s.reserved), 0) AS suggestedReorderQuantity, p.active
         FROM ${STOCK_FROM} ${filter.toSql()}
         ORDER BY p.active DESC, (s.on_hand - s.reserved) - s.reorder_point, p.sku, w.code LIMIT ?`,
      )
      .all(...filter.params, args.limit ?? 50) as Array<Omit<LowStockRow, 'active'> & { active: number }>;
    return rows.map((row) => ({ ...row, active: row.active === 1 }));
  }

  valuation(args: InventoryValuationArgs, ctx: OperationContext): InventoryValuationReport {
    const groupBy = args.groupBy ?? 'warehouse';
    const key = groupBy === 'warehouse' ? 'w.code' : 'p.category';
    throwIfAborted(ctx, 'report_InventoryValuation');
    const filter = this.scope(args.warehouseCode);
    const rows = this.database.db
      .prepare(
        `SELECT ${key} AS key, COUNT(DISTINCT p.id) AS productCount, SUM(s.on_hand) AS unitsOnHand,
           SUM(s.reserved) AS unitsReserved, SUM(s.on_hand * p.unit_price_cents) AS valueCents
         FROM ${STOCK_FROM} ${filter.toSql()} GROUP BY ${key} ORDER BY valueCents DESC, key`,
      )
      .all(...filter.params) as ValuationRow[];
    throwIfAborted(ctx, 'report_InventoryValuation');
    return {
      groupBy,
      warehouseCode: args.warehouseCode ? this.stock.requireWarehouse(args.warehouseCode).code : null,
      rows,
      totalUnitsOnHand: rows.reduce((sum, r) => sum + r.unitsOnHand, 0),
      totalValueCents: rows.reduce((sum, r) => sum + r.valueCents, 0),
    };
  }

  private scope(warehouseCode: string | undefined): SqlFilter {
    if (warehouseCode) this.stock.requireWarehouse(warehouseCode);
    return new SqlFilter().when(warehouseCode, 'w.code = ? COLLATE NOCASE');
  }
}
