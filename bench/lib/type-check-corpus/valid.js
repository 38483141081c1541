/**
 * Valid scripts: the agent-task scripts, the documented examples (every ```js block of README.md and docs/
 * that calls `myko`), the scripts the test suite runs against the example domain (harvested.js), and scripts as
 * agents write them against the example domain, with the loose JavaScript agents rely on (inference, optional
 * chaining, untyped accumulators, `any` from `myko.search`; idioms.js). An entry with `plan` runs in plan mode.
 */
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { AGENT_TASKS } = require('../agent-tasks/task-set');
const { HARVESTED } = require('./harvested');
const { IDIOMS } = require('./idioms');
const { SCRIPTS: LOAD_SCRIPTS } = require('../../../scripts/load/lib/honest-mix');

const ROOT = join(__dirname, '..', '..', '..');
const FENCE = /```js\n([\s\S]*?)```/g;

/** The documented scripts: every ```js block of the README and docs/ that awaits `myko`. */
function documentedScripts() {
  const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  const files = ['README.md', ...pages.map((name) => join('docs', name))];
  return files.flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(FENCE)]
      .map((match) => match[1])
      .filter((code) => code.includes('await myko.'))
      .map((code, i) => ({ name: `${file} #${i + 1}`, code })),
  );
}

const WRITTEN = [
  "const w = await myko.query('ListWarehouses');\nreturn w.map((x) => ({ code: x.code, low: x.lowStockProducts }));",
  "const page = await myko.query('ListOrders', { status: 'pending', limit: 10 });\nreturn page.items.map((o) => o.id);",
  "let offset = 0;\nconst all = [];\nfor (;;) {\n  const page = await myko.query('ListCustomers', { city: 'Berlin', limit: 50, offset });\n  all.push(...page.items);\n  if (page.nextOffset == null) break;\n  offset = page.nextOffset;\n}\nreturn all.length;",
  "const totals = {};\nconst page = await myko.query('ListOrders', { status: 'paid', limit: 200 });\nfor (const o of page.items) totals[o.warehouseCode] = (totals[o.warehouseCode] || 0) + o.totalCents;\nreturn totals;",
  "const r = await myko.search('low stock');\nreturn r.operations.map((o) => o.id);",
  "const d = await myko.describe('LowStock');\nreturn d.args;",
  "const v = await myko.view('Customer360', { customerId: 7 });\nreturn { name: v.customer.name, orders: v.stats, recent: v.recentOrders.length };",
  "const s = await myko.view('OrderSummary', { orderId: 12 });\nreturn { status: s.status, lines: s.lines.length, warehouse: s.warehouse.code };",
  "const a = await myko.view('ProductAvailability', { sku: 'KIT-001' });\nconst best = a.warehouses.slice().sort((x, y) => y.available - x.available)[0];\nreturn best?.warehouseCode ?? null;",
  "const rows = await myko.report('RevenueByCategory', { from: '2025-01-01', to: '2025-12-31' });\nreturn rows.filter((r) => r.sharePercent > 10).map((r) => r.category);",
  "const s = await myko.report('SalesByDay', { from: '2025-03-01', to: '2025-03-31', warehouseCode: 'BER' });\nreturn s.days.map((d) => d).length + s.totalOrders;",
  "const t = await myko.report('TopProducts', { by: 'units', limit: 5 });\nreturn t.map((p) => p.rank + '. ' + p.sku + ' ' + p.unitCount).join('; ');",
  "const v = await myko.report('InventoryValuation', { groupBy: 'warehouse' });\nreturn { total: v.totalValueCents, rows: v.rows.length };",
  "const c = await myko.command('CreateCustomer', { name: 'Ada', email: 'ada@example.com', segment: 'smb', city: 'Berlin' });\nreturn c.id;",
  "const p = await myko.command('CreateProduct', { sku: 'TOO-009', name: 'Hammer', category: 'Tools', unitPriceCents: 1299 });\nreturn p;",
  "const [p] = await myko.query('GetProducts', { skus: ['ELE-002'] });\nconst u = await myko.command('UpdateProductPrice', { productId: p.id, unitPriceCents: Math.round(p.unitPriceCents * 1.05) });\nreturn u.unitPriceCents;",
  "const t = await myko.command('TransferStock', { productId: 3, fromWarehouseCode: 'BER', toWarehouseCode: 'MAD', quantity: 2 });\nreturn [t.from.available, t.to.available];",
  "const adj = await myko.command('AdjustStock', { productId: 9, warehouseCode: 'BER', quantityDelta: -3, note: 'cycle count' });\nreturn adj.belowReorderPoint;",
  "try {\n  await myko.command('CancelOrder', { orderId: 99999 });\n} catch (e) {\n  return e.message;\n}\nreturn 'cancelled';",
  "const ids = [1, 2, 3];\nconst got = await myko.query('GetCustomersByIds', { ids });\nreturn got.map((c) => c.email);",
  "const n = await myko.query('CountProducts', { category: 'Electronics', active: true });\nconst m = await myko.query('CountAllProducts');\nreturn { n, m, share: n / m };",
  "const cats = await myko.query('ListCategories');\nreturn cats.sort((a, b) => b.productCount - a.productCount)[0].category;",
  "const id = 'ListWarehouses';\nconst w = await myko.query(id);\nreturn w.length;",
  "const kind = 'report';\nconst rows = await myko[kind]('LowStock', { limit: 3 });\nreturn rows;",
  "const ops = (await myko.search('orders', { kind: 'query', limit: 3 })).operations;\nconst first = await myko.query(ops[0].id, { limit: 1 });\nreturn first;",
  "const p = await myko.query('ListStockLevels', { warehouseCode: 'BER', belowReorderPoint: true });\nconsole.log(p.total);\nreturn p.items.map((s) => s.sku);",
  "const m = await myko.query('ListStockMovements', { reason: 'restock', limit: 5 });\nreturn m.items.length;",
  "const l = await myko.query('ListOrderLines', { orderId: 12 });\nreturn l.items.reduce((sum, x) => sum + x.quantity, 0);",
  "const res = await Promise.all([myko.query('CountAllCustomers'), myko.query('CountAllProducts')]);\nreturn res;",
  "const o = await myko.command('PlaceOrder', { customerId: 3, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 2 }, { productId: 4, quantity: 1 }] });\nawait myko.command('MarkOrderPaid', { orderId: o.id });\nreturn (await myko.command('ShipOrder', { orderId: o.id })).status;",
  "const c = await myko.command('UpdateCustomer', { customerId: 5, city: 'Hamburg' });\nreturn c.city;",
  "await myko.command('DeactivateProduct', { productId: 7 });\nconst back = await myko.command('ActivateProduct', { productId: 7 });\nreturn back.active;",
  "const x = await myko.command('SetCustomerSegment', { id: 4, value: 'enterprise' });\nreturn x.segment;",
  "const d = await myko.command('DeleteCustomer', { id: 12 });\nreturn d.deleted;",
  "const c = await myko.query('GetCustomerById', { id: 1 });\nconst anyC = c;\nreturn anyC.name.toUpperCase();",
  "const data = JSON.parse(JSON.stringify(await myko.query('GetAllProducts', { limit: 5 })));\nreturn data.map((p) => p.whatever);",
  "const low = await myko.report('LowStock');\nconst bySku = new Map(low.map((r) => [r.sku, r]));\nreturn [...bySku.keys()];",
  "const orders = await myko.query('GetOrders', { ids: [401, 402] });\nreturn orders.filter((o) => o.paidAt).map((o) => o.paidAt.slice(0, 10));",
  "const t = await myko.report('TopCustomers', { segment: 'smb', by: 'orders', limit: 3 });\nreturn t.map((c) => c.name);",
  "const v = await myko.view('ProductAvailability', { productId: 3 });\nif (!v.orderable) return null;\nreturn v.totalAvailable;",
];

/** Variations an agent writes again and again: one read per operation, with the arguments it documents. */
const READS = [
  [
    'report',
    'LowStock',
    ["{ warehouseCode: 'BER' }", "{ warehouseCode: 'MAD', limit: 3 }", "{ category: 'Outdoor' }"],
    'r.map((x) => x.sku)',
  ],
  [
    'query',
    'ListOrders',
    [
      "{ status: 'paid' }",
      '{ customerId: 4 }',
      "{ warehouseCode: 'WAW', status: 'pending' }",
      "{ from: '2025-01-01', to: '2025-01-31' }",
    ],
    'r.items.map((o) => o.totalCents)',
  ],
  [
    'query',
    'ListProducts',
    ["{ category: 'Outdoor' }", '{ active: false }', "{ search: 'lamp', limit: 5 }"],
    'r.items.map((p) => p.name)',
  ],
  [
    'query',
    'ListCustomers',
    ["{ segment: 'smb' }", "{ city: 'Lyon' }", "{ search: 'rosa' }"],
    'r.items.map((c) => c.id)',
  ],
  [
    'view',
    'OrderSummary',
    ['{ orderId: 1 }', '{ orderId: 200 }', '{ orderId: 401 }'],
    'r.lines.map((l) => l.productId)',
  ],
  ['view', 'Customer360', ['{ customerId: 1 }', '{ customerId: 2, recentOrders: 3 }'], 'r.topCategories'],
  ['view', 'ProductAvailability', ["{ sku: 'ELE-001' }", '{ productId: 8 }'], 'r.warehouses.map((w) => w.available)'],
  [
    'report',
    'TopProducts',
    ["{ category: 'Electronics' }", "{ by: 'revenue', limit: 10 }"],
    'r.map((p) => p.revenueCents)',
  ],
  ['report', 'RevenueByCategory', ["{ warehouseCode: 'BER' }", '{}'], 'r.map((c) => c.revenueCents)'],
  [
    'report',
    'SalesByDay',
    ["{ from: '2025-02-01', to: '2025-02-28' }", "{ from: '2025-06-01', to: '2025-06-07', category: 'Tools' }"],
    'r.averageOrderRevenueCents',
  ],
  [
    'query',
    'ListStockLevels',
    ['{ productId: 3 }', "{ category: 'Tools', limit: 20 }"],
    'r.items.map((s) => s.onHand)',
  ],
  [
    'query',
    'GetProducts',
    ["{ skus: ['KIT-001', 'ELE-002'] }", '{ ids: [1, 2, 3] }'],
    'r.map((p) => p.unitPriceCents)',
  ],
  ['query', 'GetCustomers', ["{ emails: ['rosa@example.com'] }", '{ ids: [5] }'], 'r[0]?.name'],
];

function variations() {
  return READS.flatMap(([kind, id, argsList, use]) =>
    argsList.flatMap((args, i) => [
      { name: `${id} ${i + 1}`, code: `const r = await myko.${kind}('${id}', ${args});\nreturn ${use};` },
      { name: `${id} ${i + 1} (then)`, code: `return myko.${kind}('${id}', ${args}).then((r) => ${use});` },
    ]),
  );
}

/** The same script from two sources counts once. */
function distinct(entries) {
  const seen = new Set();
  return entries.filter((entry) => !seen.has(entry.code.trim()) && seen.add(entry.code.trim()));
}

/** The honest scripts of `npm run load` (and the soak), with their random arguments drawn from a fixed seed. */
function loadScripts() {
  let seed = 7;
  const random = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  return Object.entries(LOAD_SCRIPTS).map(([name, script]) => ({
    name: `npm run load: ${name}`,
    code: script(random),
  }));
}

const VALID = distinct([
  ...AGENT_TASKS.map((task) => ({ name: `agent task ${task.name}`, code: task.script })),
  ...documentedScripts(),
  ...WRITTEN.map((code, i) => ({ name: `written ${i + 1}`, code })),
  ...variations(),
  ...HARVESTED,
  ...IDIOMS,
  ...loadScripts(),
]);

module.exports = { VALID };
