/**
 * Helpers of the tasks' checks, which read the server's SQLite file directly (read-only) and compare
 * with the answer a conversation produced. A check returns the problems it found; none means correct.
 */
const { isDeepStrictEqual } = require('node:util');

/** A value's JSON data in this realm: rows of a native module loaded by another realm (jest) have another prototype. */
const data = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** `[]` when `actual` deep-equals `expected` as data, else one line saying what differs. */
function same(what, actual, expected) {
  if (isDeepStrictEqual(data(actual), data(expected))) return [];
  return [`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** `[]` when `condition` holds, else `problem`. */
const holds = (condition, problem) => (condition ? [] : [problem]);

const ascending = (numbers) => [...numbers].sort((a, b) => a - b);
const bySku = (rows) => [...rows].sort((a, b) => a.sku.localeCompare(b.sku));

/** The lines the sales reports sum: order lines of non-cancelled orders, with product, warehouse, customer. */
const SALES = `orders o JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
  JOIN warehouses w ON w.id = o.warehouse_id JOIN customers c ON c.id = o.customer_id
  WHERE o.status <> 'cancelled'`;

/** Stock levels with their product and warehouse. */
const STOCK = `stock_levels s JOIN products p ON p.id = s.product_id JOIN warehouses w ON w.id = s.warehouse_id`;

/** `{ <warehouse code>: { onHand, reserved, available } }` of one product, by SKU. */
function stockOf(db, sku) {
  const rows = db
    .prepare(
      `SELECT w.code, s.on_hand AS onHand, s.reserved, s.on_hand - s.reserved AS available
       FROM ${STOCK} WHERE p.sku = ? ORDER BY w.code`,
    )
    .all(sku);
  return Object.fromEntries(rows.map(({ code, ...level }) => [code, level]));
}

/** The lines of an order as `[{ sku, units, lineTotalCents }]`, in line order. */
function linesOf(db, orderId) {
  return db
    .prepare(
      `SELECT p.sku, l.quantity AS units, l.line_total_cents AS lineTotalCents
       FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
    )
    .all(orderId);
}

module.exports = { SALES, STOCK, ascending, bySku, holds, linesOf, same, stockOf };
