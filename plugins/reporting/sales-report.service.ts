import { InvalidArgumentsError, type OperationContext } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { checkpoint, throwIfAborted } from '../common/abort';
import { dayRange } from '../common/is-day.decorator';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import { StockRepository } from '../inventory';
import type { CategoryRevenueRow, SalesByDayReport, SalesDay, TopCustomerRow, TopProductRow } from './dto/report.dto';
import type { RevenueByCategoryArgs, SalesByDayArgs, TopCustomersArgs, TopProductsArgs } from './dto/report-args.dto';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
/** SalesByDay reads this many days per query, checking for cancellation in between. */
const CHUNK_DAYS = 31;
const SALES_FROM = `orders o JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
  JOIN warehouses w ON w.id = o.warehouse_id JOIN customers c ON c.id = o.customer_id`;

interface SalesScope {
  from?: string;
  to?: string;
  warehouseCode?: string;
  category?: string;
  segment?: string;
}

/** Sales reports over order lines of non-cancelled orders; revenue excludes shipping. */
@Injectable()
export class SalesReportService {
  constructor(
    private readonly database: DatabaseService,
    private readonly stock: StockRepository,
  ) {}

  async salesByDay(args: SalesByDayArgs, ctx: OperationContext): Promise<SalesByDayReport> {
    const days = daysBetween(args.from, args.to);
    if (days.length === 0) throw rangeError('report_SalesByDay', 'to must not be before from');
    if (days.length > MAX_RANGE_DAYS)
      throw rangeError('report_SalesByDay', `the range may span at most ${MAX_RANGE_DAYS} days`);
    const found = new Map<string, SalesDay>();
    for (let i = 0; i < days.length; i += CHUNK_DAYS) {
      if (i > 0) await checkpoint(ctx, 'report_SalesByDay');
      const chunk = days.slice(i, i + CHUNK_DAYS);
      for (const row of this.dailySales({ ...args, from: chunk[0], to: chunk[chunk.length - 1] }))
        found.set(row.day, row);
      ctx.progress(Math.min(i + CHUNK_DAYS, days.length), days.length, `Read sales up to ${chunk[chunk.length - 1]}`);
    }
    const rows = days.map((day) => found.get(day) ?? { day, orderCount: 0, unitCount: 0, revenueCents: 0 });
    const totalOrders = rows.reduce((sum, r) => sum + r.orderCount, 0);
    const totalRevenueCents = rows.reduce((sum, r) => sum + r.revenueCents, 0);
    return {
      from: args.from,
      to: args.to,
      days: rows,
      totalOrders,
      totalUnits: rows.reduce((sum, r) => sum + r.unitCount, 0),
      totalRevenueCents,
      averageOrderRevenueCents: totalOrders > 0 ? Math.round(totalRevenueCents / totalOrders) : 0,
    };
  }

  topCustomers(args: TopCustomersArgs, ctx: OperationContext): TopCustomerRow[] {
    throwIfAborted(ctx, 'report_TopCustomers');
    const filter = this.scope(args);
    const order = args.by === 'orders' ? 'orderCount DESC, revenueCents DESC' : 'revenueCents DESC, orderCount DESC';
    const rows = this.database.db
      .prepare(
        `SELECT c.id AS customerId, c.name, c.segment, c.city, COUNT(DISTINCT o.id) AS orderCount,
           SUM(l.line_total_cents) AS revenueCents, MAX(o.placed_at) AS lastOrderAt
         FROM ${SALES_FROM} ${filter.toSql()} GROUP BY c.id ORDER BY ${order}, c.id LIMIT ?`,
      )
      .all(...filter.params, args.limit ?? 10) as Omit<TopCustomerRow, 'rank' | 'averageOrderRevenueCents'>[];
    return rows.map((row, i) => ({
      rank: i + 1,
      ...row,
      averageOrderRevenueCents: Math.round(row.revenueCents / row.orderCount),
    }));
  }

  topProducts(args: TopProductsArgs, ctx: OperationContext): TopProductRow[] {
    throwIfAborted(ctx, 'report_TopProducts');
    const filter = this.scope(args);
    const order = args.by === 'units' ? 'unitCount DESC, revenueCents DESC' : 'revenueCents DESC, unitCount DESC';
    const rows = this.database.db
      .prepare(
        `SELECT p.id AS productId, p.sku, p.name, p.category, COUNT(DISTINCT o.id) AS orderCount,
           SUM(l.quantity) AS unitCount, SUM(l.line_total_cents) AS revenueCents
         FROM ${SALES_FROM} ${filter.toSql()} GROUP BY p.id ORDER BY ${order}, p.id LIMIT ?`,
      )
      .all(...filter.params, args.limit ?? 10) as Omit<TopProductRow, 'rank'>[];
    return rows.map((row, i) => ({ rank: i + 1, ...row }));
  }

  revenueByCategory(args: RevenueByCategoryArgs, ctx: OperationContext): CategoryRevenueRow[] {
    throwIfAborted(ctx, 'report_RevenueByCategory');
    const filter = this.scope(args);
    const rows = this.database.db
      .prepare(
        `SELECT p.category, COUNT(DISTINCT o.id) AS orderCount, SUM(l.quantity) AS unitCount,
           SUM(l.line_total_cents) AS revenueCents
         FROM ${SALES_FROM} ${filter.toSql()} GROUP BY p.category ORDER BY revenueCents DESC, p.category`,
      )
      .all(...filter.params) as Omit<CategoryRevenueRow, 'sharePercent'>[];
    const total = rows.reduce((sum, r) => sum + r.revenueCents, 0);
    return rows.map((row) => ({
      ...row,
      sharePercent: total > 0 ? Math.round((row.revenueCents / total) * 1000) / 10 : 0,
    }));
  }

  private dailySales(scope: SalesScope): SalesDay[] {
    const filter = this.scope(scope);
    return this.database.db
      .prepare(
        `SELECT substr(o.placed_at, 1, 10) AS day, COUNT(DISTINCT o.id) AS orderCount, SUM(l.quantity) AS unitCount,
           SUM(l.line_total_cents) AS revenueCents
         FROM ${SALES_FROM} ${filter.toSql()} GROUP BY day ORDER BY day`,
      )
      .all(...filter.params) as SalesDay[];
  }

  /** Non-cancelled orders in the day range, warehouse, category and segment given. */
  private scope(scope: SalesScope): SqlFilter {
    if (scope.warehouseCode) this.stock.requireWarehouse(scope.warehouseCode);
    const { start, end } = dayRange(scope.from, scope.to);
    return new SqlFilter()
      .add("o.status <> 'cancelled'")
      .when(start, 'o.placed_at >= ?')
      .when(end, 'o.placed_at < ?')
      .when(scope.warehouseCode, 'w.code = ? COLLATE NOCASE')
      .when(scope.category, 'p.category = ? COLLATE NOCASE')
      .when(scope.segment, 'c.segment = ?');
  }
}

/** Every day from `from` to `to` inclusive, as YYYY-MM-DD; empty when `to` is before `from`. */
function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let t = start; t <= end && days.length <= MAX_RANGE_DAYS; t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function rangeError(operation: string, reason: string): InvalidArgumentsError {
  return new InvalidArgumentsError(operation, [{ path: 'to', reasons: [reason] }]);
}
