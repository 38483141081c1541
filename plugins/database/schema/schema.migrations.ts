/** One forward-only schema change. Versions are applied in order, each in its own transaction. */
export interface SchemaMigration {
  version: number;
  name: string;
  sql: string;
}

const INITIAL_SCHEMA = `
CREATE TABLE app_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE products (
  id               INTEGER PRIMARY KEY,
  sku              TEXT NOT NULL UNIQUE,
  name             TEXT NOT NULL,
  category         TEXT NOT NULL,
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  active           INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at       TEXT NOT NULL
);
CREATE INDEX products_category ON products (category);

CREATE TABLE warehouses (
  id   INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  city TEXT NOT NULL
);

CREATE TABLE stock_levels (
  product_id    INTEGER NOT NULL REFERENCES products (id),
  warehouse_id  INTEGER NOT NULL REFERENCES warehouses (id),
  on_hand       INTEGER NOT NULL CHECK (on_hand >= 0),
  reserved      INTEGER NOT NULL DEFAULT 0 CHECK (reserved >= 0 AND reserved <= on_hand),
  reorder_point INTEGER NOT NULL DEFAULT 0 CHECK (reorder_point >= 0),
  PRIMARY KEY (product_id, warehouse_id)
);

CREATE TABLE customers (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  segment    TEXT NOT NULL CHECK (segment IN ('consumer', 'smb', 'enterprise')),
  city       TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE orders (
  id             INTEGER PRIMARY KEY,
  customer_id    INTEGER NOT NULL REFERENCES customers (id),
  warehouse_id   INTEGER NOT NULL REFERENCES warehouses (id),
  status         TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled')),
  placed_at      TEXT NOT NULL,
  paid_at        TEXT,
  shipped_at     TEXT,
  cancelled_at   TEXT,
  cancel_reason  TEXT,
  subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  shipping_cents INTEGER NOT NULL CHECK (shipping_cents >= 0),
  total_cents    INTEGER NOT NULL CHECK (total_cents = subtotal_cents + shipping_cents)
);
CREATE INDEX orders_customer ON orders (customer_id, placed_at);
CREATE INDEX orders_placed_at ON orders (placed_at);
CREATE INDEX orders_status ON orders (status);

CREATE TABLE order_lines (
  id               INTEGER PRIMARY KEY,
  order_id         INTEGER NOT NULL REFERENCES orders (id),
  product_id       INTEGER NOT NULL REFERENCES products (id),
  quantity         INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  line_total_cents INTEGER NOT NULL CHECK (line_total_cents = quantity * unit_price_cents),
  UNIQUE (order_id, product_id)
);
CREATE INDEX order_lines_product ON order_lines (product_id);

CREATE TABLE stock_movements (
  id             INTEGER PRIMARY KEY,
  product_id     INTEGER NOT NULL REFERENCES products (id),
  warehouse_id   INTEGER NOT NULL REFERENCES warehouses (id),
  quantity_delta INTEGER NOT NULL CHECK (quantity_delta <> 0),
  reason         TEXT NOT NULL CHECK (reason IN
                   ('receipt', 'restock', 'adjustment', 'shipment', 'transfer_in', 'transfer_out')),
  order_id       INTEGER REFERENCES orders (id),
  note           TEXT,
  created_at     TEXT NOT NULL
);
CREATE INDEX stock_movements_cell ON stock_movements (product_id, warehouse_id, created_at);
CREATE INDEX stock_movements_created_at ON stock_movements (created_at);
CREATE INDEX stock_movements_order ON stock_movements (order_id);
`;

/** Every schema version, oldest first. Append new migrations; never edit an applied one. */
export const SCHEMA_MIGRATIONS: readonly SchemaMigration[] = [
  { version: 1, name: 'order-to-cash schema', sql: INITIAL_SCHEMA },
];
