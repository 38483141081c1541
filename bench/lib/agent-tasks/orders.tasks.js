/** Tasks over the orders plugin: customers' orders and the order lifecycle (commands). */
const { ascending, holds, same, stockOf } = require('./checks');

const ROSA = 'rosa.nowak.1@example.com';
const DRILL = 'TOO-001';
const TAPE = 'TOO-003';

/** The shop's rule: free shipping from EUR 50 of merchandise, else EUR 4.95. */
const shippingFor = (subtotalCents) => (subtotalCents >= 5000 ? 0 : 495);

const statusOf = (db, id) => db.prepare('SELECT status FROM orders WHERE id = ?').get(id)?.status;

/** The warehouse a customer's order should come from: BER when it has both, else the first by code that has. */
function fulfilling(drillByCode, tapeByCode) {
  const ok = (code) => (drillByCode[code]?.available ?? 0) >= 1 && (tapeByCode[code]?.available ?? 0) >= 2;
  return ok('BER') ? 'BER' : Object.keys(drillByCode).sort().find(ok);
}

const byCode = (view) => Object.fromEntries(view.warehouses.map((w) => [w.warehouseCode, w]));

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    name: 'unpaid-orders-of-customer',
    ask: `How much does ${ROSA} still owe us on unpaid orders?`,
    searches: ['look up a customer by email', 'unpaid orders of a customer'],
    script: `const [c]=await myko.query('GetCustomers',{emails:['${ROSA}']});
const p=await myko.query('ListOrders',{customerId:c.id,status:'pending'});
return {orders:p.items.map(o=>o.id),totalCents:p.items.reduce((s,o)=>s+o.totalCents,0)};`,
    direct: [
      () => [['query_GetCustomers', { emails: [ROSA] }]],
      ([[customers]]) => [['query_ListOrders', { customerId: customers[0].id, status: 'pending' }]],
    ],
    answer: ([, [page]]) => ({
      orders: page.items.map((o) => o.id),
      totalCents: page.items.reduce((sum, o) => sum + o.totalCents, 0),
    }),
    check: (db, answer) => {
      const pending = db
        .prepare(
          `SELECT o.id, o.total_cents FROM orders o JOIN customers c ON c.id = o.customer_id
           WHERE c.email = ? AND o.status = 'pending' ORDER BY o.id`,
        )
        .all(ROSA);
      const expected = { orders: pending.map((o) => o.id), totalCents: pending.reduce((s, o) => s + o.total_cents, 0) };
      return same('unpaid orders', { ...answer, orders: ascending(answer.orders) }, expected);
    },
  },
  {
    name: 'cancel-order',
    ask: 'Cancel order 401: the customer called to cancel it.',
    searches: ['cancel an order'],
    script: `const o=await myko.command('CancelOrder',{orderId:401,reason:'customer called to cancel'});
return {id:o.id,status:o.status};`,
    direct: [() => [['command_CancelOrder', { orderId: 401, reason: 'customer called to cancel' }]]],
    answer: ([[order]]) => ({ id: order.id, status: order.status }),
    before: (db) => reservations(db, 401),
    check: (db, answer, reserved) => [
      ...same('answer', answer, { id: 401, status: 'cancelled' }),
      ...same(
        'order 401 in the database',
        db.prepare('SELECT status, cancel_reason FROM orders WHERE id = 401').get(),
        {
          status: 'cancelled',
          cancel_reason: 'customer called to cancel',
        },
      ),
      ...same(
        'reservations of its lines',
        reservations(db, 401).map((line) => line.reserved),
        reserved.map((line) => line.reserved - line.quantity),
      ),
    ],
  },
  {
    name: 'ship-paid-waw',
    ask: 'Ship every paid order waiting in the Warsaw warehouse (WAW).',
    searches: ['orders filtered by status and warehouse', 'ship an order'],
    script: `const p=await myko.query('ListOrders',{status:'paid',warehouseCode:'WAW'});
const r=await Promise.all(p.items.map(o=>myko.command('ShipOrder',{orderId:o.id})));
return r.map(o=>o.id).sort((a,b)=>a-b);`,
    direct: [
      () => [['query_ListOrders', { status: 'paid', warehouseCode: 'WAW' }]],
      ([[page]]) => page.items.map((o) => ['command_ShipOrder', { orderId: o.id }]),
    ],
    answer: ([, shipped = []]) => ascending(shipped.map((o) => o.id)),
    before: (db) =>
      db
        .prepare(
          `SELECT o.id FROM orders o JOIN warehouses w ON w.id = o.warehouse_id
           WHERE w.code = 'WAW' AND o.status = 'paid' ORDER BY o.id`,
        )
        .all()
        .map((row) => row.id),
    check: (db, answer, paid) => [
      ...same('orders shipped', answer, paid),
      ...holds(paid.length > 0, 'no paid WAW order to ship: the task tests nothing'),
      ...same(
        'their status now',
        paid.map((id) => statusOf(db, id)),
        paid.map(() => 'shipped'),
      ),
    ],
  },
  {
    name: 'settle-customer',
    ask: 'Customer 1 has paid everything she owed: record payment of her pending orders, then ship all her paid orders.',
    searches: ['unpaid orders of a customer', 'mark an order paid', 'ship an order'],
    script: `const [p,q]=await Promise.all(['pending','paid'].map(status=>myko.query('ListOrders',{customerId:1,status})));
await Promise.all(p.items.map(o=>myko.command('MarkOrderPaid',{orderId:o.id})));
const s=await Promise.all([...p.items,...q.items].map(o=>myko.command('ShipOrder',{orderId:o.id})));
return s.map(o=>o.id).sort((a,b)=>a-b);`,
    direct: [
      () => ['pending', 'paid'].map((status) => ['query_ListOrders', { customerId: 1, status }]),
      ([[pending, paid]]) => [
        ...pending.items.map((o) => ['command_MarkOrderPaid', { orderId: o.id }]),
        ...paid.items.map((o) => ['command_ShipOrder', { orderId: o.id }]),
      ],
      ([[pending]]) => pending.items.map((o) => ['command_ShipOrder', { orderId: o.id }]),
    ],
    answer: ([, ...acted]) =>
      ascending(
        acted
          .flat()
          .filter((o) => o.status === 'shipped')
          .map((o) => o.id),
      ),
    before: (db) =>
      db
        .prepare("SELECT id FROM orders WHERE customer_id = 1 AND status IN ('pending', 'paid') ORDER BY id")
        .all()
        .map((row) => row.id),
    check: (db, answer, open) => [
      ...holds(open.length > 0, 'customer 1 has no open order: the task tests nothing'),
      ...same('orders shipped', answer, open),
      ...same(
        'their status and payment now',
        open.map((id) => db.prepare('SELECT status, paid_at IS NOT NULL AS paid FROM orders WHERE id = ?').get(id)),
        open.map(() => ({ status: 'shipped', paid: 1 })),
      ),
    ],
  },
  {
    name: 'place-order',
    ask:
      `Customer 3 wants 1 Cordless Drill 18V (${DRILL}) and 2 Tape Measure 5m (${TAPE}) and has paid at checkout. ` +
      'Place the order from BER if both are available there, otherwise from the first warehouse (by code) that ' +
      'has both, and record the payment.',
    searches: ['place an order', 'mark an order paid', 'product availability'],
    script: `const [d,t]=await Promise.all(['${DRILL}','${TAPE}'].map(sku=>myko.view('ProductAvailability',{sku})));
const a=(v,w)=>v.warehouses.find(x=>x.warehouseCode===w)?.available??0;
const ok=w=>a(d,w)>=1&&a(t,w)>=2;
const w=ok('BER')?'BER':d.warehouses.map(x=>x.warehouseCode).sort().find(ok);
const o=await myko.command('PlaceOrder',{customerId:3,warehouseCode:w,lines:[{productId:d.product.id,quantity:1},{productId:t.product.id,quantity:2}]});
const r=await myko.command('MarkOrderPaid',{orderId:o.id});
return {id:r.id,warehouse:r.warehouseCode,totalCents:r.totalCents,status:r.status};`,
    direct: [
      () => [DRILL, TAPE].map((sku) => ['view_ProductAvailability', { sku }]),
      ([[drill, tape]]) => [
        [
          'command_PlaceOrder',
          {
            customerId: 3,
            warehouseCode: fulfilling(byCode(drill), byCode(tape)),
            lines: [
              { productId: drill.product.id, quantity: 1 },
              { productId: tape.product.id, quantity: 2 },
            ],
          },
        ],
      ],
      ([, [order]]) => [['command_MarkOrderPaid', { orderId: order.id }]],
    ],
    answer: ([, , [order]]) => ({
      id: order.id,
      warehouse: order.warehouseCode,
      totalCents: order.totalCents,
      status: order.status,
    }),
    before: (db) => {
      const stock = { drill: stockOf(db, DRILL), tape: stockOf(db, TAPE) };
      const prices = db
        .prepare('SELECT sku, unit_price_cents AS cents FROM products WHERE sku IN (?, ?)')
        .all(DRILL, TAPE);
      const price = Object.fromEntries(prices.map((p) => [p.sku, p.cents]));
      return {
        stock,
        warehouse: fulfilling(stock.drill, stock.tape),
        subtotalCents: price[DRILL] + 2 * price[TAPE],
        lastOrderId: db.prepare('SELECT MAX(id) AS id FROM orders').get().id,
      };
    },
    check: (db, answer, expected) => {
      const order = db
        .prepare(
          `SELECT o.customer_id AS customerId, w.code AS warehouse, o.status, o.subtotal_cents AS subtotalCents,
             o.total_cents AS totalCents FROM orders o JOIN warehouses w ON w.id = o.warehouse_id WHERE o.id = ?`,
        )
        .get(answer.id);
      const lines = db
        .prepare(
          'SELECT p.sku, l.quantity FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY p.sku',
        )
        .all(answer.id);
      return [
        ...same('the order placed', order, {
          customerId: 3,
          warehouse: expected.warehouse,
          status: 'paid',
          subtotalCents: expected.subtotalCents,
          totalCents: expected.subtotalCents + shippingFor(expected.subtotalCents),
        }),
        ...same('answer', answer, {
          id: answer.id,
          warehouse: expected.warehouse,
          totalCents: order?.totalCents,
          status: 'paid',
        }),
        ...same('its lines', lines, [
          { sku: DRILL, quantity: 1 },
          { sku: TAPE, quantity: 2 },
        ]),
        ...same('orders placed', db.prepare('SELECT MAX(id) AS id FROM orders').get().id, expected.lastOrderId + 1),
        ...same(
          'units reserved for it',
          [stockOf(db, DRILL), stockOf(db, TAPE)].map((levels) => levels[expected.warehouse].reserved),
          [expected.stock.drill[expected.warehouse].reserved + 1, expected.stock.tape[expected.warehouse].reserved + 2],
        ),
      ];
    },
  },
];

/** Each line of an order with the reservation of its product in the order's warehouse, in line order. */
function reservations(db, orderId) {
  return db
    .prepare(
      `SELECT l.quantity, s.reserved FROM order_lines l JOIN orders o ON o.id = l.order_id
       JOIN stock_levels s ON s.product_id = l.product_id AND s.warehouse_id = o.warehouse_id
       WHERE o.id = ? ORDER BY l.id`,
    )
    .all(orderId);
}
