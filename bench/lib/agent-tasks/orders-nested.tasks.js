/**
 * Order tasks whose answer or next call reads nested result types (an order summary's warehouse, customer and
 * lines, a cancelled order's lines). Some scripts hedge as agents do on fields they only guess: a fallback
 * operand, an `Object.hasOwn` guard or an optional chain naming a field the type lacks.
 */
const { holds, linesOf, same, stockOf } = require('./checks');

const GRETA = 4;
const STALE = { status: 'pending', warehouseCode: 'AMS', to: '2025-06-24' };
const REASON = 'unpaid for too long';

/** The shop's rule: free shipping from EUR 50 of merchandise, else EUR 4.95. */
const shippingFor = (subtotalCents) => (subtotalCents >= 5000 ? 0 : 495);

/** Units per SKU over some orders' lines. */
function unitsBySku(lines) {
  const units = {};
  for (const line of lines) units[line.sku] = (units[line.sku] ?? 0) + line.quantity;
  return units;
}

/** Customer 4's latest shipped order: its warehouse and its lines priced now. */
function lastShipped(db) {
  const order = db
    .prepare(
      `SELECT o.id, w.code FROM orders o JOIN warehouses w ON w.id = o.warehouse_id
       WHERE o.customer_id = ? AND o.status = 'shipped' ORDER BY o.placed_at DESC, o.id DESC LIMIT 1`,
    )
    .get(GRETA);
  const lines = db
    .prepare(
      `SELECT p.sku, l.quantity, p.unit_price_cents AS priceCents FROM order_lines l
       JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
    )
    .all(order.id);
  return { ...order, lines, lastOrderId: db.prepare('SELECT MAX(id) AS id FROM orders').get().id };
}

/** Pending AMS orders placed before 25 June, with their lines. */
function staleOrders(db) {
  const ids = db
    .prepare(
      `SELECT o.id FROM orders o JOIN warehouses w ON w.id = o.warehouse_id
       WHERE w.code = 'AMS' AND o.status = 'pending' AND o.placed_at < '2025-06-25' ORDER BY o.id`,
    )
    .all()
    .map((row) => row.id);
  const lines = ids.flatMap((id) => linesOf(db, id).map(({ sku, units }) => ({ sku, quantity: units })));
  const released = unitsBySku(lines);
  const reserved = Object.fromEntries(Object.keys(released).map((sku) => [sku, stockOf(db, sku).AMS.reserved]));
  return { ids, released, reserved };
}

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    // Hedge: `l.quantity ?? l.qty`: OrderSummaryLine has `quantity`, no `qty` (the chain's last operand).
    name: 'reorder-last-shipped',
    ask:
      'Customer 4 wants to reorder exactly what was in her most recent shipped order, from the same warehouse. ' +
      'Place it and tell me the new order and its total.',
    searches: ["a customer's orders by status", 'order details', 'place an order'],
    script: `const p=await myko.query('ListOrders',{customerId:4,status:'shipped',limit:1});
const o=await myko.view('OrderSummary',{orderId:p.items[0].id});
const n=await myko.command('PlaceOrder',{customerId:4,warehouseCode:o.warehouse.code,lines:o.lines.map(l=>({productId:l.productId,quantity:l.quantity??l.qty}))});
return {reordered:o.id,order:n.id,warehouse:n.warehouseCode,lines:n.lines.map(l=>({sku:l.sku,quantity:l.quantity})),totalCents:n.totalCents};`,
    direct: [
      () => [['query_ListOrders', { customerId: GRETA, status: 'shipped', limit: 1 }]],
      ([[page]]) => [['view_OrderSummary', { orderId: page.items[0].id }]],
      ([, [order]]) => [
        [
          'command_PlaceOrder',
          {
            customerId: GRETA,
            warehouseCode: order.warehouse.code,
            lines: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          },
        ],
      ],
    ],
    answer: ([, [old], [order]]) => ({
      reordered: old.id,
      order: order.id,
      warehouse: order.warehouseCode,
      lines: order.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
      totalCents: order.totalCents,
    }),
    before: lastShipped,
    check: (db, answer, old) => {
      const subtotalCents = old.lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
      const placed = db
        .prepare(
          `SELECT o.customer_id AS customerId, w.code AS warehouse, o.status, o.total_cents AS totalCents
           FROM orders o JOIN warehouses w ON w.id = o.warehouse_id WHERE o.id = ?`,
        )
        .get(answer.order);
      const lines = old.lines.map(({ sku, quantity }) => ({ sku, quantity }));
      const totalCents = subtotalCents + shippingFor(subtotalCents);
      return [
        ...same('answer', answer, {
          reordered: old.id,
          order: old.lastOrderId + 1,
          warehouse: old.code,
          lines,
          totalCents,
        }),
        ...same('the order placed', placed, { customerId: GRETA, warehouse: old.code, status: 'pending', totalCents }),
        ...same(
          'its lines',
          linesOf(db, answer.order).map(({ sku, units }) => ({ sku, quantity: units })),
          lines,
        ),
      ];
    },
  },
  {
    // Hedge: `Object.hasOwn(l, 'units') ? l.units : l.quantity`: OrderLine has `quantity`, no `units`.
    name: 'cancel-stale-pending-ams',
    ask:
      'Cancel every unpaid (pending) order in Amsterdam (AMS) placed before 25 June 2025, reason "unpaid for ' +
      'too long", and tell me how many units of each product that released.',
    searches: ['unpaid orders in a warehouse', 'cancel an order'],
    script: `const p=await myko.query('ListOrders',{status:'pending',warehouseCode:'AMS',to:'2025-06-24',limit:200});
const c=await Promise.all(p.items.map(o=>myko.command('CancelOrder',{orderId:o.id,reason:'${REASON}'})));
const released={};
for(const o of c)for(const l of o.lines){const u=Object.hasOwn(l,'units')?l.units:l.quantity;released[l.sku]=(released[l.sku]??0)+u;}
return {cancelled:c.map(o=>o.id).sort((a,b)=>a-b),released};`,
    direct: [
      () => [['query_ListOrders', { ...STALE, limit: 200 }]],
      ([[page]]) => page.items.map((o) => ['command_CancelOrder', { orderId: o.id, reason: REASON }]),
    ],
    answer: ([, cancelled = []]) => ({
      cancelled: cancelled.map((o) => o.id).sort((a, b) => a - b),
      released: unitsBySku(cancelled.flatMap((o) => o.lines)),
    }),
    before: staleOrders,
    check: (db, answer, stale) => [
      ...holds(stale.ids.length > 0, 'no stale pending order in AMS: the task tests nothing'),
      ...same('answer', answer, { cancelled: stale.ids, released: stale.released }),
      ...same(
        'their status and reason now',
        stale.ids.map((id) => db.prepare('SELECT status, cancel_reason AS reason FROM orders WHERE id = ?').get(id)),
        stale.ids.map(() => ({ status: 'cancelled', reason: REASON })),
      ),
      ...same(
        'units reserved in AMS',
        Object.keys(stale.released).map((sku) => stockOf(db, sku).AMS.reserved),
        Object.keys(stale.released).map((sku) => stale.reserved[sku] - stale.released[sku]),
      ),
    ],
  },
  {
    // Hedge: `v.customer?.address?.city ?? v.customer.city`: Customer has `city`, no `address`.
    name: 'invoice-largest-pending-waw',
    ask:
      'Draft the invoice of the largest unpaid order in Warsaw (WAW): customer name and city, each line (product, ' +
      'units, line total), then subtotal, shipping and total.',
    searches: ['unpaid orders in a warehouse', 'order details'],
    script: `const p=await myko.query('ListOrders',{status:'pending',warehouseCode:'WAW',sort:'largest',limit:1});
const v=await myko.view('OrderSummary',{orderId:p.items[0].id});
return {order:v.id,customer:v.customer.name,city:v.customer?.address?.city??v.customer.city,
lines:v.lines.map(l=>({product:l.productName,units:l.quantity,lineTotalCents:l.lineTotalCents})),
subtotalCents:v.subtotalCents,shippingCents:v.shippingCents,totalCents:v.totalCents};`,
    direct: [
      () => [['query_ListOrders', { status: 'pending', warehouseCode: 'WAW', sort: 'largest', limit: 1 }]],
      ([[page]]) => [['view_OrderSummary', { orderId: page.items[0].id }]],
    ],
    answer: ([, [v]]) => ({
      order: v.id,
      customer: v.customer.name,
      city: v.customer.city,
      lines: v.lines.map((l) => ({ product: l.productName, units: l.quantity, lineTotalCents: l.lineTotalCents })),
      subtotalCents: v.subtotalCents,
      shippingCents: v.shippingCents,
      totalCents: v.totalCents,
    }),
    check: (db, answer) => {
      const order = db
        .prepare(
          `SELECT o.id AS "order", c.name AS customer, c.city, o.subtotal_cents AS subtotalCents,
             o.shipping_cents AS shippingCents, o.total_cents AS totalCents FROM orders o
           JOIN customers c ON c.id = o.customer_id JOIN warehouses w ON w.id = o.warehouse_id
           WHERE w.code = 'WAW' AND o.status = 'pending' ORDER BY o.total_cents DESC, o.id LIMIT 1`,
        )
        .get();
      const lines = db
        .prepare(
          `SELECT p.name AS product, l.quantity AS units, l.line_total_cents AS lineTotalCents
           FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
        )
        .all(order.order);
      const { order: id, customer, city, ...totals } = order;
      return [
        ...same('invoice', answer, { order: id, customer, city, lines, ...totals }),
        ...holds(
          totals.subtotalCents === lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
          'its lines do not add up to its subtotal',
        ),
      ];
    },
  },
];
