/** Tasks answered mostly by the reporting plugin's reports and views. */
const { SALES, STOCK, ascending, holds, same, stockOf } = require('./checks');

const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const Q2 = { from: '2025-04-01', to: '2025-06-30' };
const bestDay = (days) => days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a));
/** The stock level with the most available units, the first warehouse by code on a tie. */
const mostAvailable = (levels) =>
  [...levels].sort((p, q) => q.available - p.available || p.warehouseCode.localeCompare(q.warehouseCode))[0];
const heaviest = (rows) => rows.reduce((a, b) => (b.valueCents > a.valueCents ? b : a));

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    name: 'top-products-june',
    ask: 'Which three products sold the most units in June 2025?',
    searches: ['best selling products'],
    script: `const r=await myko.report('TopProducts',{from:'2025-06-01',to:'2025-06-30',by:'units',limit:3});
return r.map(p=>({sku:p.sku,units:p.unitCount}));`,
    direct: [() => [['report_TopProducts', { ...JUNE, by: 'units', limit: 3 }]]],
    answer: ([[rows]]) => rows.map((p) => ({ sku: p.sku, units: p.unitCount })),
    check: (db, answer) =>
      same(
        'top three by units',
        answer,
        db
          .prepare(
            `SELECT p.sku, SUM(l.quantity) AS units FROM ${SALES}
             AND o.placed_at >= '2025-06-01' AND o.placed_at < '2025-07-01'
             GROUP BY p.id ORDER BY units DESC, SUM(l.line_total_cents) DESC, p.id LIMIT 3`,
          )
          .all(),
      ),
  },
  {
    name: 'top-product-shipments',
    ask:
      "For June 2025's best-selling product by units: which warehouse has the most of it available now, and " +
      'how many units of it did that warehouse ship in June?',
    searches: ['best selling products', 'product availability', 'stock movements of a product'],
    script: `const [t]=await myko.report('TopProducts',{from:'2025-06-01',to:'2025-06-30',by:'units',limit:1});
const a=await myko.view('ProductAvailability',{productId:t.productId});
const [w]=[...a.warehouses].sort((p,q)=>q.available-p.available||p.warehouseCode.localeCompare(q.warehouseCode));
const m=await myko.query('ListStockMovements',{productId:t.productId,warehouseCode:w.warehouseCode,reason:'shipment',from:'2025-06-01',to:'2025-06-30',limit:200});
return {sku:t.sku,warehouse:w.warehouseCode,shipped:-m.items.reduce((s,x)=>s+x.quantityDelta,0)};`,
    direct: [
      () => [['report_TopProducts', { ...JUNE, by: 'units', limit: 1 }]],
      ([[[top]]]) => [['view_ProductAvailability', { productId: top.productId }]],
      ([[[top]], [view]]) => {
        const w = mostAvailable(view.warehouses);
        const filters = { productId: top.productId, warehouseCode: w.warehouseCode, reason: 'shipment' };
        return [['query_ListStockMovements', { ...filters, ...JUNE, limit: 200 }]];
      },
    ],
    answer: ([[[top]], [view], [page]]) => ({
      sku: top.sku,
      warehouse: mostAvailable(view.warehouses).warehouseCode,
      shipped: -page.items.reduce((sum, m) => sum + m.quantityDelta, 0),
      pages: page.nextOffset === null ? 1 : 2,
    }),
    check: (db, { pages, ...answer }) => {
      const top = db
        .prepare(
          `SELECT p.id, p.sku FROM ${SALES} AND o.placed_at >= '2025-06-01' AND o.placed_at < '2025-07-01'
           GROUP BY p.id ORDER BY SUM(l.quantity) DESC, SUM(l.line_total_cents) DESC, p.id LIMIT 1`,
        )
        .get();
      const [code] = Object.entries(stockOf(db, top.sku)).sort(
        ([a, x], [b, y]) => y.available - x.available || a.localeCompare(b),
      )[0];
      const { shipped } = db
        .prepare(
          `SELECT -SUM(m.quantity_delta) AS shipped FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id
           WHERE m.product_id = ? AND w.code = ? AND m.reason = 'shipment'
             AND m.created_at >= '2025-06-01' AND m.created_at < '2025-07-01'`,
        )
        .get(top.id, code);
      return [
        ...holds(pages === undefined || pages === 1, 'the movements took more than one page: the plan must page'),
        ...same('answer', answer, { sku: top.sku, warehouse: code, shipped: shipped ?? 0 }),
      ];
    },
  },
  {
    name: 'richest-warehouse-low-stock',
    ask: 'Which warehouse holds the most stock by value, and what are its three most urgent low-stock items?',
    searches: ['inventory value per warehouse', 'low stock'],
    script: `const v=await myko.report('InventoryValuation',{});
const t=v.rows.reduce((a,b)=>b.valueCents>a.valueCents?b:a);
const l=await myko.report('LowStock',{warehouseCode:t.key,limit:3});
return {warehouse:t.key,valueCents:t.valueCents,low:l.map(x=>x.sku)};`,
    direct: [
      () => [['report_InventoryValuation', {}]],
      ([[valuation]]) => [['report_LowStock', { warehouseCode: heaviest(valuation.rows).key, limit: 3 }]],
    ],
    answer: ([[valuation], [low]]) => {
      const top = heaviest(valuation.rows);
      return { warehouse: top.key, valueCents: top.valueCents, low: low.map((x) => x.sku) };
    },
    check: (db, answer) => {
      const top = db
        .prepare(
          `SELECT w.code AS warehouse, SUM(s.on_hand * p.unit_price_cents) AS valueCents FROM ${STOCK}
           GROUP BY w.code ORDER BY valueCents DESC, w.code LIMIT 1`,
        )
        .get();
      const low = db
        .prepare(
          `SELECT p.sku FROM ${STOCK} WHERE w.code = ? AND s.on_hand - s.reserved <= s.reorder_point
           ORDER BY p.active DESC, (s.on_hand - s.reserved) - s.reorder_point, p.sku LIMIT 3`,
        )
        .all(top.warehouse)
        .map((row) => row.sku);
      return same('richest warehouse and its low stock', answer, { ...top, low });
    },
  },
  {
    name: 'best-day-ber',
    ask: 'Which day in June 2025 brought Berlin (BER) the most revenue, and which of its orders that day counted?',
    searches: ['sales per day', 'orders placed on a day'],
    script: `const s=await myko.report('SalesByDay',{from:'2025-06-01',to:'2025-06-30',warehouseCode:'BER'});
const d=s.days.reduce((a,b)=>b.revenueCents>a.revenueCents?b:a);
const o=await myko.query('ListOrders',{warehouseCode:'BER',from:d.day,to:d.day});
return {day:d.day,revenueCents:d.revenueCents,orders:o.items.filter(x=>x.status!=='cancelled').map(x=>x.id).sort((a,b)=>a-b)};`,
    direct: [
      () => [['report_SalesByDay', { ...JUNE, warehouseCode: 'BER' }]],
      ([[sales]]) => {
        const { day } = bestDay(sales.days);
        return [['query_ListOrders', { warehouseCode: 'BER', from: day, to: day }]];
      },
    ],
    answer: ([[sales], [page]]) => {
      const { day, revenueCents } = bestDay(sales.days);
      const counted = page.items.filter((o) => o.status !== 'cancelled');
      return { day, revenueCents, orders: ascending(counted.map((o) => o.id)) };
    },
    check: (db, answer) => {
      const best = db
        .prepare(
          `SELECT substr(o.placed_at, 1, 10) AS day, SUM(l.line_total_cents) AS revenueCents FROM ${SALES}
           AND w.code = 'BER' AND o.placed_at >= '2025-06-01' AND o.placed_at < '2025-07-01'
           GROUP BY day ORDER BY revenueCents DESC, day LIMIT 1`,
        )
        .get();
      const orders = db
        .prepare(
          `SELECT o.id FROM orders o JOIN warehouses w ON w.id = o.warehouse_id
           WHERE w.code = 'BER' AND o.status <> 'cancelled' AND substr(o.placed_at, 1, 10) = ? ORDER BY o.id`,
        )
        .all(best.day)
        .map((row) => row.id);
      return same("BER's best June day", answer, { ...best, orders });
    },
  },
  {
    name: 'customer-overview',
    ask: 'Give me an overview of lopez.b.v.8@example.com: lifetime value, open orders and favourite category.',
    searches: ['customer overview', 'look up a customer by email'],
    script: `const [c]=await myko.query('GetCustomers',{emails:['lopez.b.v.8@example.com']});
const v=await myko.view('Customer360',{customerId:c.id});
return {name:c.name,lifetimeValueCents:v.stats.lifetimeValueCents,openOrders:v.stats.openOrderCount,topCategory:v.topCategories[0]?.category??null};`,
    direct: [
      () => [['query_GetCustomers', { emails: ['lopez.b.v.8@example.com'] }]],
      ([[customers]]) => [['view_Customer360', { customerId: customers[0].id, recentOrders: 1 }]],
    ],
    answer: ([[customers], [view]]) => ({
      name: customers[0].name,
      lifetimeValueCents: view.stats.lifetimeValueCents,
      openOrders: view.stats.openOrderCount,
      topCategory: view.topCategories[0]?.category ?? null,
    }),
    check: (db, answer) => {
      const customer = db.prepare('SELECT id, name FROM customers WHERE email = ?').get('lopez.b.v.8@example.com');
      const stats = db
        .prepare(
          `SELECT COALESCE(SUM(CASE WHEN status <> 'cancelled' THEN total_cents END), 0) AS lifetimeValueCents,
             COALESCE(SUM(status IN ('pending', 'paid')), 0) AS openOrders FROM orders WHERE customer_id = ?`,
        )
        .get(customer.id);
      const top = db
        .prepare(
          `SELECT p.category FROM ${SALES} AND c.id = ?
           GROUP BY p.category ORDER BY SUM(l.line_total_cents) DESC, p.category LIMIT 1`,
        )
        .get(customer.id);
      return same('customer overview', answer, { name: customer.name, ...stats, topCategory: top?.category ?? null });
    },
  },
  {
    name: 'top-enterprise-open-orders',
    ask: 'Who was our biggest enterprise customer by revenue in Q2 2025, and which of their orders are still open?',
    searches: ['top customers by revenue', 'open orders of a customer'],
    script: `const [t]=await myko.report('TopCustomers',{segment:'enterprise',from:'2025-04-01',to:'2025-06-30',limit:1});
const p=await Promise.all(['pending','paid'].map(status=>myko.query('ListOrders',{customerId:t.customerId,status})));
return {customer:t.name,revenueCents:t.revenueCents,open:p.flatMap(x=>x.items.map(o=>o.id)).sort((a,b)=>a-b)};`,
    direct: [
      () => [['report_TopCustomers', { segment: 'enterprise', ...Q2, limit: 1 }]],
      ([[[top]]]) => ['pending', 'paid'].map((status) => ['query_ListOrders', { customerId: top.customerId, status }]),
    ],
    answer: ([[[top]], pages]) => ({
      customer: top.name,
      revenueCents: top.revenueCents,
      open: ascending(pages.flatMap((page) => page.items.map((o) => o.id))),
    }),
    check: (db, answer) => {
      const top = db
        .prepare(
          `SELECT c.id, c.name AS customer, SUM(l.line_total_cents) AS revenueCents FROM ${SALES}
           AND c.segment = 'enterprise' AND o.placed_at >= '2025-04-01' AND o.placed_at < '2025-07-01'
           GROUP BY c.id ORDER BY revenueCents DESC, COUNT(DISTINCT o.id) DESC, c.id LIMIT 1`,
        )
        .get();
      const open = db
        .prepare("SELECT id FROM orders WHERE customer_id = ? AND status IN ('pending', 'paid') ORDER BY id")
        .all(top.id)
        .map((row) => row.id);
      return same('top enterprise customer', answer, { customer: top.customer, revenueCents: top.revenueCents, open });
    },
  },
  {
    name: 'category-share-may',
    ask: 'Which product category brought the most revenue in May 2025, and what share of the month was it?',
    searches: ['revenue split by product category'],
    script: `const [r]=await myko.report('RevenueByCategory',{from:'2025-05-01',to:'2025-05-31'});
return {category:r.category,sharePercent:r.sharePercent};`,
    direct: [() => [['report_RevenueByCategory', { from: '2025-05-01', to: '2025-05-31' }]]],
    answer: ([[[top]]]) => ({ category: top.category, sharePercent: top.sharePercent }),
    check: (db, answer) => {
      const rows = db
        .prepare(
          `SELECT p.category, SUM(l.line_total_cents) AS revenueCents FROM ${SALES}
           AND o.placed_at >= '2025-05-01' AND o.placed_at < '2025-06-01'
           GROUP BY p.category ORDER BY revenueCents DESC, p.category`,
        )
        .all();
      const total = rows.reduce((sum, row) => sum + row.revenueCents, 0);
      const sharePercent = Math.round((rows[0].revenueCents / total) * 1000) / 10;
      return same('top category of May', answer, { category: rows[0].category, sharePercent });
    },
  },
];
