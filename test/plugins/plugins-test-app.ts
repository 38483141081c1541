import { createHash } from 'node:crypto';
import { DatabaseService, ExamplePluginsModule } from '@myko/plugins';
import { type OperationContext, OperationInvoker, OperationRegistry, RegistryModule } from '@myko/registry';
import type { LoggerService } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type Database from 'better-sqlite3';

/** Every table of the example domain (not the migration bookkeeping). */
export const DOMAIN_TABLES = [
  'app_meta',
  'products',
  'warehouses',
  'stock_levels',
  'customers',
  'orders',
  'order_lines',
  'stock_movements',
] as const;

/** A result row whose columns the test reads without relying on their types. */
type Row = Record<string, unknown>;

const silentLogger: LoggerService = { log() {}, error() {}, warn() {}, debug() {}, verbose() {} };

/** A booted app with RegistryModule + the example plugins on a real SQLite database. */
export class PluginsTestApp {
  private constructor(private readonly moduleRef: TestingModule) {}

  static async start(databasePath = ':memory:', seed = true): Promise<PluginsTestApp> {
    const moduleRef = await Test.createTestingModule({
      imports: [RegistryModule, ExamplePluginsModule.forRoot({ databasePath, seed })],
    })
      .setLogger(silentLogger)
      .compile();
    await moduleRef.init();
    return new PluginsTestApp(moduleRef);
  }

  get registry(): OperationRegistry {
    return this.moduleRef.get(OperationRegistry);
  }

  get database(): DatabaseService {
    return this.moduleRef.get(DatabaseService);
  }

  get db(): Database.Database {
    return this.database.db;
  }

  /** Invokes an operation through the real invoker (validation included). */
  call<T>(name: string, args?: unknown, ctx: OperationContext = testContext()): Promise<T> {
    return this.moduleRef.get(OperationInvoker).invoke(name, args, ctx) as Promise<T>;
  }

  /** Runs an operation expected to fail and returns what it threw. */
  async failure(name: string, args?: unknown, ctx?: OperationContext): Promise<Error & { code?: string }> {
    try {
      await this.call(name, args, ctx);
    } catch (error) {
      return error as Error & { code?: string };
    }
    throw new Error(`${name} was expected to fail but succeeded`);
  }

  rows<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.db.prepare(sql).all(...params) as T[];
  }

  one<T = Row>(sql: string, ...params: unknown[]): T {
    return this.db.prepare(sql).get(...params) as T;
  }

  /** Row counts of every domain table. */
  counts(): Record<string, number> {
    return Object.fromEntries(
      DOMAIN_TABLES.map((t) => [t, this.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`).n]),
    );
  }

  /** A digest of every row of every domain table: equal digests mean equal data. */
  digest(): string {
    const hash = createHash('sha256');
    for (const table of DOMAIN_TABLES)
      hash.update(table).update(JSON.stringify(this.rows(`SELECT * FROM ${table} ORDER BY rowid`)));
    return hash.digest('hex');
  }

  /** Current stock of one product in one warehouse, straight from the table. */
  stock(productId: number, warehouseCode: string): { onHand: number; reserved: number } {
    return this.one(
      `SELECT s.on_hand AS onHand, s.reserved FROM stock_levels s JOIN warehouses w ON w.id = s.warehouse_id
       WHERE s.product_id = ? AND w.code = ?`,
      productId,
      warehouseCode,
    );
  }

  /** Every stock level, keyed `productId:warehouseCode`. */
  stockSnapshot(): Map<string, StockLevelRow> {
    const rows = this.rows<StockLevelRow>(
      `SELECT s.product_id AS productId, w.code AS warehouseCode, s.on_hand AS onHand, s.reserved
       FROM stock_levels s JOIN warehouses w ON w.id = s.warehouse_id ORDER BY s.product_id, w.code`,
    );
    return new Map(rows.map((r) => [`${r.productId}:${r.warehouseCode}`, r]));
  }

  /** Ids of `count` active products with at least `units` available in the warehouse, most available first. */
  stocked(warehouseCode: string, units: number, count: number): number[] {
    return this.rows<{ id: number }>(
      `SELECT p.id FROM stock_levels s JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id
       WHERE w.code = ? AND p.active = 1 AND s.on_hand - s.reserved >= ? ORDER BY s.on_hand - s.reserved DESC, p.id
       LIMIT ?`,
      warehouseCode,
      units,
      count,
    ).map((r) => r.id);
  }

  available(productId: number, warehouseCode: string): number {
    const { onHand, reserved } = this.stock(productId, warehouseCode);
    return onHand - reserved;
  }

  /**
   * Stock levels breaking the two invariants: on hand must equal the sum of the cell's movements, and
   * reserved must equal the units of open (pending or paid) order lines from that warehouse.
   */
  stockDrift(): { onHand: number; reserved: number } {
    const onHand = this.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM stock_levels s WHERE s.on_hand <> (SELECT COALESCE(SUM(m.quantity_delta), 0)
         FROM stock_movements m WHERE m.product_id = s.product_id AND m.warehouse_id = s.warehouse_id)`,
    ).n;
    const reserved = this.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM stock_levels s WHERE s.reserved <> (SELECT COALESCE(SUM(l.quantity), 0)
         FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE o.status IN ('pending', 'paid') AND l.product_id = s.product_id AND o.warehouse_id = s.warehouse_id)`,
    ).n;
    return { onHand, reserved };
  }

  close(): Promise<void> {
    return this.moduleRef.close();
  }
}

/** One stock level as the stock assertions compare it. */
export interface StockLevelRow {
  productId: number;
  warehouseCode: string;
  onHand: number;
  reserved: number;
}

/** Asserts that, compared with `before`, only the stock levels named in `changes` changed, and as given. */
export function expectOnlyStockChanged(
  app: PluginsTestApp,
  before: Map<string, StockLevelRow>,
  changes: Record<string, Partial<StockLevelRow>>,
): void {
  const after = app.stockSnapshot();
  expect(after.size).toBe(before.size);
  for (const [key, level] of before) expect({ key, ...after.get(key) }).toEqual({ key, ...level, ...changes[key] });
}

/** The context an in-process caller passes: no-op logging and progress, a live abort signal. */
export function testContext(overrides: Partial<OperationContext> = {}): OperationContext {
  const noop = () => undefined;
  return {
    client: { transport: 'internal' },
    signal: new AbortController().signal,
    log: { debug: noop, info: noop, warn: noop, error: noop },
    progress: noop,
    ...overrides,
  };
}
