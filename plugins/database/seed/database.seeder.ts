import type Database from 'better-sqlite3';
import { SEED_META_KEY, SEED_PRNG_SEED, SEED_REFERENCE_DATE, SEED_VERSION } from '../database.constants';
import { OrderHistorySeeder, type SeedCustomer, type SeedProduct } from './order-history.seeder';
import {
  CATALOG,
  CITIES,
  COMPANY_SUFFIXES,
  FIRST_NAMES,
  INACTIVE_SKUS,
  LAST_NAMES,
  SEGMENT_WEIGHTS,
  SEGMENTS,
  WAREHOUSES,
} from './seed.catalog';
import { SeededRandom } from './seed.random';

const DAY_MS = 86_400_000;
const CUSTOMER_COUNT = 72;

/**
 * Writes the example data set once, in one `BEGIN IMMEDIATE` transaction, when the database has never been
 * seeded and holds no products. The check runs under the write lock, so two instances starting at once on
 * a fresh file never both seed. Returns whether it seeded.
 */
export function seedIfEmpty(db: Database.Database): boolean {
  return db
    .transaction(() => {
      const marker = db.prepare('SELECT value FROM app_meta WHERE key = ?').get(SEED_META_KEY);
      const products = db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
      if (marker || products.n > 0) return false;
      seedExampleData(db, new SeededRandom(SEED_PRNG_SEED), Date.parse(SEED_REFERENCE_DATE));
      db.prepare('INSERT INTO app_meta (key, value) VALUES (?, ?)').run(SEED_META_KEY, SEED_VERSION);
      return true;
    })
    .immediate();
}

function seedExampleData(db: Database.Database, rng: SeededRandom, referenceMs: number): void {
  const warehouses = seedWarehouses(db);
  const products = seedProducts(db, referenceMs);
  const customers = seedCustomers(db, rng, referenceMs);
  new OrderHistorySeeder(db, rng, referenceMs, warehouses).run(products, customers);
}

function seedWarehouses(db: Database.Database): Map<string, number> {
  const insert = db.prepare('INSERT INTO warehouses (code, name, city) VALUES (?, ?, ?)');
  const ids = new Map<string, number>();
  for (const w of WAREHOUSES) ids.set(w.code, Number(insert.run(w.code, w.name, w.city).lastInsertRowid));
  return ids;
}

function seedProducts(db: Database.Database, referenceMs: number): SeedProduct[] {
  const insert = db.prepare(
    'INSERT INTO products (sku, name, category, unit_price_cents, active, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const products: SeedProduct[] = [];
  CATALOG.forEach((category, c) => {
    category.products.forEach(([name, priceCents], p) => {
      const sku = `${category.skuPrefix}-${String(p + 1).padStart(3, '0')}`;
      const active = !INACTIVE_SKUS.includes(sku);
      const createdAt = new Date(referenceMs - (400 - c * 20 - p) * DAY_MS).toISOString();
      const id = Number(insert.run(sku, name, category.name, priceCents, active ? 1 : 0, createdAt).lastInsertRowid);
      products.push({ id, priceCents, active });
    });
  });
  return products;
}

function seedCustomers(db: Database.Database, rng: SeededRandom, referenceMs: number): SeedCustomer[] {
  const insert = db.prepare('INSERT INTO customers (name, email, segment, city, created_at) VALUES (?, ?, ?, ?, ?)');
  const customers: SeedCustomer[] = [];
  for (let i = 1; i <= CUSTOMER_COUNT; i++) {
    const segment = rng.weighted(SEGMENTS, SEGMENT_WEIGHTS);
    const home = rng.pick(CITIES);
    const last = rng.pick(LAST_NAMES);
    const name = segment === 'consumer' ? `${rng.pick(FIRST_NAMES)} ${last}` : `${last} ${rng.pick(COMPANY_SUFFIXES)}`;
    const email = `${slug(name)}.${i}@example.com`;
    const createdAt = new Date(referenceMs - rng.int(100, 700) * DAY_MS).toISOString();
    const id = Number(insert.run(name, email, segment, home.city, createdAt).lastInsertRowid);
    customers.push({ id, segment, homeWarehouse: home.warehouse });
  }
  return customers;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}
