/**
 * Reporting tasks whose answer sits in nested result types (a valuation's rows, a report's days, a view's
 * customer, recent orders and lines). Some scripts hedge the way agents do when a search answer names a type
 * without declaring its fields: a fallback or a default that names a field the type lacks.
 */
const { SALES, STOCK, linesOf, same } = require('./checks');

const Q2 = { from: '2025-04-01', to: '2025-06-30' };
const MAY = { from: '2025-05-01', to: '2025-05-31' };
const heaviest = (rows) => rows.reduce((a, b) => (b.valueCents > a.valueCents ? b : a));
const bestDay = (days) => days.reduce((a, b) => (b.revenueCents > a.revenueCents ? b : a));
const availableByCode = (view) => Object.fromEntries(view.warehouses.map((w) => [w.warehouseCode, w.available]));

/** @type {import('./index').AgentTask[]} */
module.exports = [
  {
    // Hedge: `t.key ?? t.category`: ValuationRow has `key`, not `category` (the last operand of the chain).
    name: 'richest-category-top-seller',
    ask:
      'Which product category holds the most stock by value, and where can its best seller of Q2 2025 (by ' +
      'revenue) be had now: available units per warehouse?',
    searches: ['stock value by category', 'best selling products', 'product availability'],
    script: `const v=await myko.report('InventoryValuation',{groupBy:'category'});
const t=v.rows.reduce((a,b)=>b.valueCents>a.valueCents?b:a);
const category=t.key??t.category;
const [b]=await myko.report('TopProducts',{category,from:'2025-04-01',to:'2025-06-30',by:'revenue',limit:1});
const a=await myko.view('ProductAvailability',{productId:b.productId});
return {category,valueCents:t.valueCents,sku:b.sku,available:Object.fromEntries(a.warehouses.map(w=>[w.warehouseCode,w.available]))};`,
    direct: [
      () => [['report_InventoryValuation', { groupBy: 'category' }]],
      ([[valuation]]) => [
        ['report_TopProducts', { category: heaviest(valuation.rows).key, ...Q2, by: 'revenue', limit: 1 }],
      ],
      ([, [[best]]]) => [['view_ProductAvailability', { productId: best.productId }]],
    ],
    answer: ([[valuation], [[best]], [view]]) => {
      const top = heaviest(valuation.rows);
      return { category: top.key, valueCents: top.valueCents, sku: best.sku, available: availableByCode(view) };
    },
    check: (db, answer) => {
      const top = db
        .prepare(
          `SELECT p.category, SUM(s.on_hand * p.unit_price_cents) AS valueCents FROM ${STOCK}
           GROUP BY p.category ORDER BY valueCents DESC, p.category LIMIT 1`,
        )
        .get();
      const { sku } = db
        .prepare(
          `SELECT p.sku FROM ${SALES} AND p.category = ? AND o.placed_at >= '2025-04-01' AND o.placed_at < '2025-07-01'
           GROUP BY p.id ORDER BY SUM(l.line_total_cents) DESC, SUM(l.quantity) DESC, p.id LIMIT 1`,
        )
        .get(top.category);
      const available = Object.fromEntries(
        db
          .prepare(`SELECT w.code, s.on_hand - s.reserved AS available FROM ${STOCK} WHERE p.sku = ?`)
          .all(sku)
          .map((row) => [row.code, row.available]),
      );
      return same('richest category and its best seller', answer, { ...top, sku, available });
    },
  },
  {
    // Hedge: a destructuring default for `currency`, which OrderSummaryView does not have (money is euro cents).
    name: 'top-enterprise-last-order',
    ask:
      'What did our biggest enterprise customer of Q2 2025 (by revenue) buy in their most recent order? The ' +
      "order, its status, total and currency, and each line's SKU, units and line total.",
    searches: ['top customers by revenue', 'customer overview', 'order details'],
    script: `const [t]=await myko.report('TopCustomers',{segment:'enterprise',from:'2025-04-01',to:'2025-06-30',limit:1});
const c=await myko.view('Customer360',{customerId:t.customerId,recentOrders:1});
const {id,status,totalCents,currency='EUR',lines}=await myko.view('OrderSummary',{orderId:c.recentOrders[0].id});
return {customer:t.name,order:id,status,totalCents,currency,lines:lines.map(l=>({sku:l.sku,units:l.quantity,lineTotalCents:l.lineTotalCents}))};`,
    direct: [
      () => [['report_TopCustomers', { segment: 'enterprise', ...Q2, limit: 1 }]],
      ([[[top]]]) => [['view_Customer360', { customerId: top.customerId, recentOrders: 1 }]],
      ([, [view]]) => [['view_OrderSummary', { orderId: view.recentOrders[0].id }]],
    ],
    answer: ([[[top]], , [order]]) => ({
      customer: top.name,
      order: order.id,
      status: order.status,
      totalCents: order.totalCents,
      currency: 'EUR',
      lines: order.lines.map((l) => ({ sku: l.sku, units: l.quantity, lineTotalCents: l.lineTotalCents })),
    }),
    check: (db, answer) => {
      const top = db
        .prepare(
          `SELECT c.id, c.name FROM ${SALES}
           AND c.segment = 'enterprise' AND o.placed_at >= '2025-04-01' AND o.placed_at < '2025-07-01'
           GROUP BY c.id ORDER BY SUM(l.line_total_cents) DESC, COUNT(DISTINCT o.id) DESC, c.id LIMIT 1`,
        )
        .get();
      const last = db
        .prepare(
          `SELECT id AS "order", status, total_cents AS totalCents FROM orders WHERE customer_id = ?
           ORDER BY placed_at DESC, id DESC LIMIT 1`,
        )
        .get(top.id);
      return same('latest order of the top enterprise customer', answer, {
        customer: top.name,
        ...last,
        currency: 'EUR',
        lines: linesOf(db, last.order),
      });
    },
  },
  {
    // Hedge: `typeof d.revenue === 'number'`: SalesDay has `revenueCents`, no `revenue`.
    name: 'best-day-biggest-order',
    ask: "On Amsterdam's (AMS) best day of May 2025 by revenue, which was the biggest order, whose, and what was in it?",
    searches: ['sales per day', 'orders placed on a day', 'order details'],
    script: `const s=await myko.report('SalesByDay',{from:'2025-05-01',to:'2025-05-31',warehouseCode:'AMS'});
const rev=d=>typeof d.revenue==='number'?d.revenue:d.revenueCents;
const d=s.days.reduce((a,b)=>rev(b)>rev(a)?b:a);
const p=await myko.query('ListOrders',{warehouseCode:'AMS',from:d.day,to:d.day,sort:'largest',limit:10});
const o=p.items.find(x=>x.status!=='cancelled');
const v=await myko.view('OrderSummary',{orderId:o.id});
return {day:d.day,order:v.id,customer:v.customer.name,totalCents:v.totalCents,lines:v.lines.map(l=>({sku:l.sku,units:l.quantity,lineTotalCents:l.lineTotalCents}))};`,
    direct: [
      () => [['report_SalesByDay', { ...MAY, warehouseCode: 'AMS' }]],
      ([[sales]]) => {
        const { day } = bestDay(sales.days);
        return [['query_ListOrders', { warehouseCode: 'AMS', from: day, to: day, sort: 'largest', limit: 10 }]];
      },
      ([, [page]]) => [['view_OrderSummary', { orderId: page.items.find((o) => o.status !== 'cancelled').id }]],
    ],
    answer: ([[sales], , [order]]) => ({
      day: bestDay(sales.days).day,
      order: order.id,
      customer: order.customer.name,
      totalCents: order.totalCents,
      lines: order.lines.map((l) => ({ sku: l.sku, units: l.quantity, lineTotalCents: l.lineTotalCents })),
    }),
    check: (db, answer) => {
      const { day } = db
        .prepare(
          `SELECT substr(o.placed_at, 1, 10) AS day FROM ${SALES}
           AND w.code = 'AMS' AND o.placed_at >= '2025-05-01' AND o.placed_at < '2025-06-01'
           GROUP BY day ORDER BY SUM(l.line_total_cents) DESC, day LIMIT 1`,
        )
        .get();
      const biggest = db
        .prepare(
          `SELECT o.id AS "order", c.name AS customer, o.total_cents AS totalCents FROM orders o
           JOIN customers c ON c.id = o.customer_id JOIN warehouses w ON w.id = o.warehouse_id
           WHERE w.code = 'AMS' AND o.status <> 'cancelled' AND substr(o.placed_at, 1, 10) = ?
           ORDER BY o.total_cents DESC, o.id LIMIT 1`,
        )
        .get(day);
      return same("AMS's biggest order on its best May day", answer, {
        day,
        ...biggest,
        lines: linesOf(db, biggest.order),
      });
    },
  },
];
