import { NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { nowIso } from '../common/clock';
import { type Page, pagingOf, toPage } from '../common/paging';
import { containsPattern, SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import type { CategorySummary, Product } from './dto/product.dto';
import type { CreateProductArgs, ListProductsArgs } from './dto/product-args.dto';

const PRODUCT_COLUMNS = `p.id, p.sku, p.name, p.category, p.unit_price_cents AS unitPriceCents,
  p.active, p.created_at AS createdAt`;

type ProductRow = Omit<Product, 'active'> & { active: number };

/** SQL access to the product catalogue. */
@Injectable()
export class ProductRepository {
  constructor(private readonly database: DatabaseService) {}

  list(args: ListProductsArgs): Page<Product> {
    const paging = pagingOf(args);
    const filter = new SqlFilter()
      .when(args.category, 'p.category = ? COLLATE NOCASE')
      .when(args.active, 'p.active = ?', args.active ? 1 : 0)
      .when(args.search, "(p.name LIKE ? ESCAPE '\\' OR p.sku LIKE ? ESCAPE '\\')", ...twice(args.search))
      .when(args.minPriceCents, 'p.unit_price_cents >= ?')
      .when(args.maxPriceCents, 'p.unit_price_cents <= ?');
    const where = filter.toSql();
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM products p ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(`SELECT ${PRODUCT_COLUMNS} FROM products p ${where} ORDER BY p.sku LIMIT ? OFFSET ?`)
      .all(...filter.params, paging.limit, paging.offset) as ProductRow[];
    return toPage(rows.map(toProduct), total, paging);
  }

  /** Products by id and/or SKU, ordered by id; unknown keys are skipped. */
  getMany(ids: readonly number[], skus: readonly string[]): Product[] {
    if (ids.length === 0 && skus.length === 0) return [];
    const rows = this.database.db
      .prepare(
        `SELECT ${PRODUCT_COLUMNS} FROM products p
         WHERE p.id IN (SELECT value FROM json_each(?)) OR p.sku IN (SELECT value FROM json_each(?))
         ORDER BY p.id`,
      )
      .all(JSON.stringify(ids), JSON.stringify(skus.map((s) => s.toUpperCase()))) as ProductRow[];
    return rows.map(toProduct);
  }

  findById(id: number): Product | undefined {
    const row = this.database.db.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ?`).get(id) as
      | ProductRow
      | undefined;
    return row && toProduct(row);
  }

  /** @throws NotFoundError */
  requireById(id: number): Product {
    const product = this.findById(id);
    if (!product) throw new NotFoundError('Product', id);
    return product;
  }

  findBySku(sku: string): Product | undefined {
    const row = this.database.db
      .prepare(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.sku = ? COLLATE NOCASE`)
      .get(sku) as ProductRow | undefined;
    return row && toProduct(row);
  }

  listCategories(): CategorySummary[] {
    return this.database.db
      .prepare(
        `SELECT category, COUNT(*) AS productCount, SUM(active) AS activeProductCount,
           COALESCE(MIN(CASE WHEN active = 1 THEN unit_price_cents END), 0) AS minPriceCents,
           COALESCE(MAX(CASE WHEN active = 1 THEN unit_price_cents END), 0) AS maxPriceCents
         FROM products GROUP BY category ORDER BY category`,
      )
      .all() as CategorySummary[];
  }

  insert(args: CreateProductArgs): number {
    const result = this.database.db
      .prepare(
        'INSERT INTO products (sku, name, category, unit_price_cents, active, created_at) VALUES (?, ?, ?, ?, 1, ?)',
      )
      .run(args.sku, args.name, args.category, args.unitPriceCents, nowIso());
    return Number(result.lastInsertRowid);
  }

  updatePrice(id: number, unitPriceCents: number): void {
    this.database.db.prepare('UPDATE products SET unit_price_cents = ? WHERE id = ?').run(unitPriceCents, id);
  }

  setActive(id: number, active: boolean): void {
    this.database.db.prepare('UPDATE products SET active = ? WHERE id = ?').run(active ? 1 : 0, id);
  }
}

function toProduct(row: ProductRow): Product {
  return { ...row, active: row.active === 1 };
}

function twice(text: string | undefined): string[] {
  const pattern = containsPattern(text ?? '');
  return [pattern, pattern];
}
