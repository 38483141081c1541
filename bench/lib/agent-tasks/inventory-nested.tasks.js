/**
 * Stock and catalogue tasks whose plan reads nested result types (a view's per-warehouse levels, a transfer's
 * two levels, a page's items, an order summary's lines beside its movements). Some scripts hedge as agents do:
 * an `in` guard, a fallback operand or an `||` naming a field the type lacks.
 */
const { SALES, STOCK, holds, same, stockOf } = require('./checks');

const NOTE = 'PO-7790';
const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const Q2 = { from: '2025-04-01', to: '2025-06-30' };
const PAPER = 'OFF-001';
const NOWAK = 2;
const cut = (cents) => Math.round(cents * 0.9);

/** The restocks that bring June's ten best sellers (by units) back to 3× their reorder point where low. */
function topSellerRestocks(db) {
  const top = db
    .prepare(
      `SELECT p.id FROM ${SALES} AND o.placed_at >= '2025-06-01' AND o.placed_at < '2025-07-01'
       GROUP BY p.id ORDER BY SUM(l.quantity) DESC, SUM(l.line_total_cents) DESC, p.id LIMIT 10`,
    )
    .all()
    .map((row) => row.id);
  return db
    .prepare(
      `SELECT p.sku, w.code AS warehouse, s.reorder_point * 3 - (s.on_hand - s.reserved) AS quantity,
         s.reorder_point * 3 AS available FROM ${STOCK}
       WHERE p.id IN (SELECT value FROM json_each(?)) AND s.on_hand - s.reserved <= s.reorder_point
         AND s.reorder_point > 0 ORDER BY p.sku, w.code`,
    )
    .all(JSON.stringify(top));
}

const byKey = (rows) => [...rows].sort((a, b) => `${a.sku} ${a.warehouse}`.localeCompare(`${b.sku} ${b.warehouse}`));

/** The active Kitchen product with the least Q2 revenue (none counts as zero), the first by SKU on a tie. */
function slowestKitchen(db) {
  return db
    .prepare(
      `SELECT p.sku, p.name, p.unit_price_cents AS unitPriceCents, COALESCE((SELECT SUM(l.line_total_cents)
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = p.id AND o.status <> 'cancelled'
         AND o.placed_at >= '2025-04-01' AND o.placed_at < '2025-07-01'), 0) AS revenueCents
       FROM products p WHERE p.category = 'Kitchen' AND p.active = 1 ORDER BY revenueCents, p.sku LIMIT 1`,
    )
    .get();
}

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    // Hedge: `'reorderLevel' in w ? w.reorderLevel : w.reorderPoint`: StockLevel has `reorderPoint` only.
    name: 'restock-top-sellers-low',
    ask:
      "Wherever one of June 2025's ten best sellers (by units) is at or below its reorder point, restock it " +
      `there back to three times the reorder point (available units); delivery note ${NOTE}.`,
    searches: ['best selling products', 'product availability', 'restock a product'],
    script: `const t=await myko.report('TopProducts',{from:'2025-06-01',to:'2025-06-30',by:'units',limit:10});
const a=await Promise.all(t.map(p=>myko.view('ProductAvailability',{productId:p.productId})));
const low=a.flatMap(v=>v.warehouses.map(w=>({w,point:'reorderLevel' in w?w.reorderLevel:w.reorderPoint})).filter(({w,point})=>point>0&&w.available<=point).map(({w,point})=>({productId:v.product.id,warehouseCode:w.warehouseCode,quantity:point*3-w.available})));
const r=await Promise.all(low.map(x=>myko.command('RestockProduct',{...x,note:'${NOTE}'})));
return r.map(s=>({sku:s.sku,warehouse:s.warehouseCode,available:s.available}));`,
    direct: [
      () => [['report_TopProducts', { ...JUNE, by: 'units', limit: 10 }]],
      ([[top]]) => top.map((p) => ['view_ProductAvailability', { productId: p.productId }]),
      ([, views]) =>
        views.flatMap((v) =>
          v.warehouses
            .filter((w) => w.reorderPoint > 0 && w.available <= w.reorderPoint)
            .map((w) => [
              'command_RestockProduct',
              {
                productId: v.product.id,
                warehouseCode: w.warehouseCode,
                quantity: w.reorderPoint * 3 - w.available,
                note: NOTE,
              },
            ]),
        ),
    ],
    answer: ([, , levels = []]) =>
      levels.map((s) => ({ sku: s.sku, warehouse: s.warehouseCode, available: s.available })),
    before: topSellerRestocks,
    check: (db, answer, restocks) => [
      ...holds(restocks.length > 0, 'no best seller is low anywhere: the task tests nothing'),
      ...same('restocked levels', byKey(answer), byKey(restocks.map(({ quantity, ...level }) => level))),
      ...same(
        'available in the database',
        byKey(restocks).map((r) => stockOf(db, r.sku)[r.warehouse].available),
        byKey(restocks).map((r) => r.available),
      ),
      ...same(
        'restock movements',
        byKey(restocks).map((r) =>
          db
            .prepare(
              `SELECT m.quantity_delta AS delta FROM stock_movements m JOIN products p ON p.id = m.product_id
               JOIN warehouses w ON w.id = m.warehouse_id WHERE p.sku = ? AND w.code = ? AND m.note = ?`,
            )
            .all(r.sku, r.warehouse, NOTE)
            .map((row) => row.delta),
        ),
        byKey(restocks).map((r) => [r.quantity]),
      ),
    ],
  },
  {
    // Hedge: `w.code ?? w.warehouseCode`: StockLevel has `warehouseCode`, no `code` (the chain's first operand).
    name: 'even-out-paper',
    ask:
      `Even out Copy Paper (${PAPER}): move half the difference in available units (rounded down) from the ` +
      'warehouse with the most available to the one with the fewest.',
    searches: ['product availability', 'move stock between warehouses'],
    script: `const a=await myko.view('ProductAvailability',{sku:'${PAPER}'});
const code=w=>w.code??w.warehouseCode;
const w=[...a.warehouses].sort((x,y)=>y.available-x.available||code(x).localeCompare(code(y)));
const q=Math.floor((w[0].available-w.at(-1).available)/2);
const t=await myko.command('TransferStock',{productId:a.product.id,fromWarehouseCode:code(w[0]),toWarehouseCode:code(w.at(-1)),quantity:q});
return {from:t.from.warehouseCode,to:t.to.warehouseCode,quantity:t.quantity,available:[t.from.available,t.to.available]};`,
    direct: [
      () => [['view_ProductAvailability', { sku: PAPER }]],
      ([[view]]) => {
        const w = [...view.warehouses].sort((x, y) => y.available - x.available);
        const [most, fewest] = [w[0], w.at(-1)];
        const move = { fromWarehouseCode: most.warehouseCode, toWarehouseCode: fewest.warehouseCode };
        const quantity = Math.floor((most.available - fewest.available) / 2);
        return [['command_TransferStock', { productId: view.product.id, ...move, quantity }]];
      },
    ],
    answer: ([, [t]]) => ({
      from: t.from.warehouseCode,
      to: t.to.warehouseCode,
      quantity: t.quantity,
      available: [t.from.available, t.to.available],
    }),
    before: (db) => stockOf(db, PAPER),
    check: (db, answer, levels) => {
      const available = Object.values(levels).map((level) => level.available);
      const [most, fewest] = [Math.max(...available), Math.min(...available)];
      const quantity = Math.floor((most - fewest) / 2);
      const now = stockOf(db, PAPER);
      return [
        ...holds(quantity > 0, `${PAPER} is already even: the task tests nothing`),
        ...holds(levels[answer.from]?.available === most, `${answer.from} did not have the most`),
        ...holds(levels[answer.to]?.available === fewest, `${answer.to} did not have the fewest`),
        ...same('answer', answer, { ...answer, quantity, available: [most - quantity, fewest + quantity] }),
        ...same(
          'available in the database',
          [now[answer.from]?.available, now[answer.to]?.available],
          [most - quantity, fewest + quantity],
        ),
      ];
    },
  },
  {
    // Hedge: `x.quantityDelta ?? x.quantity`: StockMovement has `quantityDelta`, no `quantity` (the last operand).
    name: 'shipment-audit-nowak',
    ask:
      "Check customer 2's most recent shipped order against the warehouse's shipment movements: units ordered " +
      'and shipped per SKU, and whether they all match.',
    searches: ["a customer's orders by status", 'order details', 'stock movements of an order'],
    script: `const p=await myko.query('ListOrders',{customerId:2,status:'shipped',limit:1});
const id=p.items[0].id;
const [o,m]=await Promise.all([myko.view('OrderSummary',{orderId:id}),myko.query('ListStockMovements',{orderId:id,reason:'shipment',limit:200})]);
const shipped={};for(const x of m.items)shipped[x.sku]=(shipped[x.sku]??0)-(x.quantityDelta??x.quantity);
const lines=o.lines.map(l=>({sku:l.sku,ordered:l.quantity,shipped:shipped[l.sku]??0}));
return {order:id,lines,matches:lines.every(l=>l.ordered===l.shipped)};`,
    direct: [
      () => [['query_ListOrders', { customerId: NOWAK, status: 'shipped', limit: 1 }]],
      ([[page]]) => [
        ['view_OrderSummary', { orderId: page.items[0].id }],
        ['query_ListStockMovements', { orderId: page.items[0].id, reason: 'shipment', limit: 200 }],
      ],
    ],
    answer: ([, [order, movements]]) => {
      const shipped = {};
      for (const m of movements.items) shipped[m.sku] = (shipped[m.sku] ?? 0) - m.quantityDelta;
      const lines = order.lines.map((l) => ({ sku: l.sku, ordered: l.quantity, shipped: shipped[l.sku] ?? 0 }));
      return { order: order.id, lines, matches: lines.every((l) => l.ordered === l.shipped) };
    },
    check: (db, answer) => {
      const { id } = db
        .prepare(
          `SELECT id FROM orders WHERE customer_id = ? AND status = 'shipped' ORDER BY placed_at DESC, id DESC LIMIT 1`,
        )
        .get(NOWAK);
      const lines = db
        .prepare(
          `SELECT p.sku, l.quantity AS ordered, COALESCE((SELECT -SUM(m.quantity_delta) FROM stock_movements m
             WHERE m.order_id = l.order_id AND m.product_id = l.product_id AND m.reason = 'shipment'), 0) AS shipped
           FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = ? ORDER BY l.id`,
        )
        .all(id);
      return same('shipment audit', answer, {
        order: id,
        lines,
        matches: lines.every((l) => l.ordered === l.shipped),
      });
    },
  },
  {
    // Hedge: `u.name || u.title`: Product has `name`, no `title` (the last operand).
    name: 'reprice-slowest-kitchen',
    ask:
      'Cut the price of the active Kitchen product that brought the least revenue in Q2 2025 (no sales counts ' +
      'as zero) by 10%, rounded to the cent.',
    searches: ['list products of a category', 'best selling products', 'change the price of a product'],
    script: `const [p,t]=await Promise.all([myko.query('ListProducts',{category:'Kitchen',active:true,limit:200}),myko.report('TopProducts',{category:'Kitchen',from:'2025-04-01',to:'2025-06-30',by:'revenue',limit:100})]);
const rev=new Map(t.map(r=>[r.productId,r.revenueCents]));
const [s]=[...p.items].sort((a,b)=>(rev.get(a.id)??0)-(rev.get(b.id)??0)||a.sku.localeCompare(b.sku));
const u=await myko.command('UpdateProductPrice',{productId:s.id,unitPriceCents:Math.round(s.unitPriceCents*0.9)});
return {sku:u.sku,name:u.name||u.title,revenueCents:rev.get(s.id)??0,unitPriceCents:u.unitPriceCents};`,
    direct: [
      () => [
        ['query_ListProducts', { category: 'Kitchen', active: true, limit: 200 }],
        ['report_TopProducts', { category: 'Kitchen', ...Q2, by: 'revenue', limit: 100 }],
      ],
      ([[page, top]]) => {
        const revenue = new Map(top.map((r) => [r.productId, r.revenueCents]));
        const of = (p) => revenue.get(p.id) ?? 0;
        const [slowest] = [...page.items].sort((a, b) => of(a) - of(b) || a.sku.localeCompare(b.sku));
        return [['command_UpdateProductPrice', { productId: slowest.id, unitPriceCents: cut(slowest.unitPriceCents) }]];
      },
    ],
    answer: ([[, top], [u]]) => ({
      sku: u.sku,
      name: u.name,
      revenueCents: top.find((r) => r.productId === u.id)?.revenueCents ?? 0,
      unitPriceCents: u.unitPriceCents,
    }),
    before: slowestKitchen,
    check: (db, answer, slowest) => [
      ...same('answer', answer, { ...slowest, unitPriceCents: cut(slowest.unitPriceCents) }),
      ...same(
        'price in the database',
        db.prepare('SELECT unit_price_cents AS cents FROM products WHERE sku = ?').get(slowest.sku).cents,
        cut(slowest.unitPriceCents),
      ),
    ],
  },
];
