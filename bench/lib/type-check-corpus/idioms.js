// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the scripts are agent code whose template literals are strings here
const { HEDGES } = require('./hedges');

/**
 * Valid scripts in the idioms agents write and TypeScript infers loosely: tuples that widen to unions, Map and
 * Set, reduce into `{}`, Object.entries, optional chaining, JSON round trips, try/catch around a call that may
 * fail, ids computed at run time, Promise.all over a map, sorting, string building, Date; a few in TypeScript.
 * Each runs against the example plugins' seeded data (checked with typeCheck 'off' when they were written).
 */
const JS = [
  "for (const [id, code] of [[1, 'AMS'], [2, 'BER']]) {\n  await myko.report('LowStock', { warehouseCode: code, limit: id });\n}\nreturn 'ok';",
  "const pairs = [['BER', 2], ['MAD', 3]];\nconst out = {};\nfor (const [code, n] of pairs) out[code] = (await myko.report('LowStock', { warehouseCode: code, limit: n })).length;\nreturn out;",
  "const plan = [{ code: 'BER', limit: 2 }, { code: 'AMS' }];\nconst rows = [];\nfor (const p of plan) rows.push(...(await myko.report('LowStock', { warehouseCode: p.code, limit: p.limit })));\nreturn rows.length;",
  "const [warehouses, categories] = await Promise.all([myko.query('ListWarehouses'), myko.query('ListCategories')]);\nreturn { warehouses: warehouses.length, categories: categories.map((c) => c.category) };",
  "const codes = (await myko.query('ListWarehouses')).map((w) => w.code);\nconst low = await Promise.all(codes.map((code) => myko.report('LowStock', { warehouseCode: code, limit: 1 })));\nreturn Object.fromEntries(codes.map((code, i) => [code, low[i].length]));",
  "const byWarehouse = new Map();\nfor (const row of await myko.report('LowStock')) {\n  byWarehouse.set(row.warehouseCode, (byWarehouse.get(row.warehouseCode) ?? 0) + row.suggestedReorderQuantity);\n}\nreturn [...byWarehouse.entries()].sort((a, b) => b[1] - a[1]);",
  "const seen = new Set();\nconst page = await myko.query('ListOrders', { limit: 50 });\nfor (const o of page.items) seen.add(o.customerId);\nreturn seen.size;",
  "const page = await myko.query('ListOrders', { status: 'paid', limit: 100 });\nconst totals = page.items.reduce((acc, o) => {\n  acc[o.warehouseCode] = (acc[o.warehouseCode] || 0) + o.totalCents;\n  return acc;\n}, {});\nreturn Object.entries(totals).map(([code, cents]) => `${code}: ${(cents / 100).toFixed(2)}`);",
  "const rows = await myko.report('RevenueByCategory');\nconst total = rows.reduce((sum, r) => sum + r.revenueCents, 0);\nreturn rows.map((r) => ({ category: r.category, share: Math.round((100 * r.revenueCents) / total) }));",
  "const v = await myko.view('Customer360', { customerId: 1 });\nreturn v.recentOrders?.[0]?.totalCents ?? 0;",
  "const a = await myko.view('ProductAvailability', { sku: 'ELE-001' });\nconst ber = a.warehouses.find((w) => w.warehouseCode === 'BER');\nreturn ber?.available ?? null;",
  "const raw = JSON.stringify(await myko.report('TopProducts', { limit: 3 }));\nconst copy = JSON.parse(raw);\nreturn copy.map((p) => p.sku).join(',');",
  "let note;\ntry {\n  await myko.command('CancelOrder', { orderId: 1 });\n  note = 'cancelled';\n} catch (e) {\n  note = e.message;\n}\nreturn note;",
  "const name = 'ListWarehouses';\nconst rows = await myko.query(name);\nreturn rows.length;",
  "const kind = 'report';\nconst id = 'TopProducts';\nreturn (await myko[kind](id, { limit: 2 })).length;",
  "const ops = ['CountAllCustomers', 'CountAllProducts'];\nconst counts = {};\nfor (const op of ops) counts[op] = await myko.query(op);\nreturn counts;",
  "const top = await myko.report('TopCustomers', { limit: 5 });\nreturn top.slice().sort((a, b) => a.name.localeCompare(b.name)).map((c) => c.name);",
  "const rows = await myko.report('LowStock', { limit: 5 });\nlet text = '';\nfor (const r of rows) text += `${r.sku} (${r.warehouseCode}): ${r.available}/${r.reorderPoint}\\n`;\nreturn text.trim();",
  "const today = new Date();\nconst from = new Date(today.getTime() - 30 * 86400000).toISOString().slice(0, 10);\nconst to = today.toISOString().slice(0, 10);\nconst s = await myko.report('SalesByDay', { from, to });\nreturn s.totalOrders;",
  "const s = await myko.report('SalesByDay', { from: '2025-01-01', to: '2025-12-31' });\nconst best = s.days.reduce((a, d) => (d.revenueCents > (a?.revenueCents ?? -1) ? d : a), null);\nreturn best && new Date(best.day).getUTCDay();",
  "const list = [];\nlist.push(await myko.query('CountAllProducts'));\nlist.push(await myko.query('CountAllCustomers'));\nreturn list;",
  "const result = {};\nresult.warehouses = await myko.query('ListWarehouses');\nresult.count = result.warehouses.length;\nreturn result.count;",
  "const low = await myko.report('LowStock');\nfor (const r of low) r.gap = r.reorderPoint - r.available;\nreturn low.sort((a, b) => b.gap - a.gap).slice(0, 3).map((r) => [r.sku, r.gap]);",
  "const low = await myko.report('LowStock');\nreturn low.map((r) => ({ ...r, urgent: r.available <= 0 })).filter((r) => r.urgent).length;",
  "const { items, total } = await myko.query('ListProducts', { category: 'Tools', limit: 5 });\nreturn { names: items.map(({ name }) => name), total };",
  "const [first, second] = (await myko.query('ListCustomers', { limit: 2 })).items;\nreturn [first?.email, second?.email];",
  "const statuses = ['pending', 'paid', 'shipped', 'cancelled'];\nconst counts = await Promise.all(statuses.map(async (status) => [status, (await myko.query('ListOrders', { status, limit: 1 })).total]));\nreturn Object.fromEntries(counts);",
  "const by = ['revenue', 'units'];\nconst tops = {};\nfor (const b of by) tops[b] = (await myko.report('TopProducts', { by: b, limit: 1 }))[0]?.sku;\nreturn tops;",
  "const segments = ['consumer', 'smb', 'enterprise'];\nreturn Promise.all(segments.map((segment) => myko.query('CountCustomers', { segment })));",
  "const ids = [1, 2, 3].map(String).map(Number);\nreturn (await myko.query('GetProducts', { ids })).map((p) => p.name);",
  "const skus = 'ELE-001,ELE-002'.split(',');\nreturn (await myko.query('GetProducts', { skus })).length;",
  "const limit = Number('3');\nreturn (await myko.report('LowStock', { limit })).length;",
  "const args = { warehouseCode: 'BER' };\nif (Math.random() > 2) args.limit = 1;\nreturn (await myko.report('LowStock', args)).length;",
  "const args = {};\nargs.category = 'Tools';\nargs.limit = 2;\nreturn (await myko.query('ListProducts', args)).items.length;",
  "const filters = { status: 'pending', limit: 5 };\nconst page = await myko.query('ListOrders', { ...filters, warehouseCode: 'BER' });\nreturn page.items.map((o) => o.id);",
  "const results = await Promise.allSettled([myko.command('CancelOrder', { orderId: 1 }), myko.query('CountAllProducts')]);\nreturn results.map((r) => r.status);",
  "const pages = [];\nlet offset = 0;\ndo {\n  const page = await myko.query('ListProducts', { limit: 20, offset });\n  pages.push(page.items.length);\n  offset = page.nextOffset;\n} while (offset != null && pages.length < 5);\nreturn pages;",
  "const c = await myko.query('GetCustomerById', { id: 2 });\nconst upper = c.name.toUpperCase();\nconst initials = c.name.split(' ').map((part) => part[0]).join('');\nreturn { upper, initials, domain: c.email.split('@')[1] };",
  "const lines = await myko.query('ListOrderLines', { orderId: 1 });\nconst units = lines.items.map((l) => l.quantity);\nreturn Math.max(...units, 0);",
  "const v = await myko.report('InventoryValuation', { groupBy: 'category' });\nconst sorted = [...v.rows].sort((a, b) => b.valueCents - a.valueCents);\nreturn sorted.map((r) => r.key + '=' + (r.valueCents / v.totalValueCents).toFixed(3));",
  "const m = await myko.query('ListStockMovements', { limit: 20 });\nconst groups = Object.groupBy(m.items, (x) => x.reason);\nreturn Object.keys(groups);",
  "const m = await myko.query('ListStockMovements', { limit: 20 });\nconst counts = {};\nfor (const { reason } of m.items) counts[reason] = (counts[reason] ?? 0) + 1;\nreturn counts;",
  "const w = await myko.query('ListWarehouses');\nconst index = {};\nw.forEach((x, i) => { index[x.code] = i; });\nreturn index;",
  "const o = await myko.view('OrderSummary', { orderId: 1 });\nconst { customer: { name }, warehouse: { city }, lines } = o;\nreturn `${name} / ${city} / ${lines.length}`;",
  "const o = await myko.view('OrderSummary', { orderId: 1 });\nconst when = o.paidAt ? new Date(o.paidAt).toISOString() : 'unpaid';\nreturn when;",
  "const cats = await myko.query('ListCategories');\nconst names = cats.map((c) => c.category);\nconst picked = names.includes('Tools') ? 'Tools' : names[0];\nreturn (await myko.query('CountProducts', { category: picked })) > 0;",
  "const found = await myko.search('low stock');\nconst id = found.operations[0].id;\nconst kind = found.operations[0].kind;\nreturn typeof (await myko[kind](id, {}));",
  "const d = await myko.describe('LowStock');\nreturn Object.keys(d).length > 0;",
  "const page = await myko.query('ListCustomers', { limit: 5 });\nconst emails = page.items.map((c) => c.email).filter(Boolean);\nreturn emails.every((e) => e.includes('@'));",
  "async function count(status) {\n  const page = await myko.query('ListOrders', { status, limit: 1 });\n  return page.total;\n}\nreturn { pending: await count('pending'), paid: await count('paid') };",
  "const fetchLow = (code) => myko.report('LowStock', { warehouseCode: code });\nconst [ber, ams] = await Promise.all([fetchLow('BER'), fetchLow('AMS')]);\nreturn ber.length + ams.length;",
  "const rows = await myko.report('LowStock');\nconst key = 'sku';\nreturn rows.map((r) => r[key]);",
  "const rows = await myko.report('LowStock');\nconst pick = (r, ...keys) => keys.map((k) => r[k]);\nreturn rows.map((r) => pick(r, 'sku', 'available'));",
  "let best = null;\nfor (const code of ['BER', 'AMS', 'MAD']) {\n  const rows = await myko.report('LowStock', { warehouseCode: code });\n  if (!best || rows.length > best.n) best = { code, n: rows.length };\n}\nreturn best;",
  "const x = [];\nx.push({ sku: 'a' });\nconst t = await myko.report('TopProducts', { limit: 1 });\nx.push(...t);\nreturn x.length;",
  "const o = {};\no.low = await myko.report('LowStock', { limit: 1 });\no.when = Date.now();\nreturn Object.keys(o);",
  "const a = await myko.view('ProductAvailability', { productId: 1 });\nconst table = a.warehouses.map((w) => [w.warehouseCode, w.onHand, w.reserved].join('\\t')).join('\\n');\nreturn table;",
  "const rows = await myko.report('TopCustomers', { by: 'orders', limit: 3 });\nconst medal = ['gold', 'silver', 'bronze'];\nreturn rows.map((r, i) => `${medal[i] ?? i}: ${r.name}`);",
  "const n = await myko.query('CountAllProducts');\nconst m = await myko.query('CountProducts', { active: true });\nreturn `${m} of ${n} active (${((100 * m) / n).toFixed(1)} %)`;",
  "const page = await myko.query('ListOrders', { sort: 'largest', limit: 3 });\nreturn page.items.map((o) => ({ id: o.id, euros: o.totalCents / 100, placed: o.placedAt.slice(0, 10) }));",
  "const c = await myko.command('CreateCustomer', { name: 'Idiom Test', email: `idiom${Date.now()}@example.com`, segment: 'smb', city: 'Berlin' });\nreturn (await myko.command('SetCustomerCity', { id: c.id, value: 'Hamburg' })).city;",
  "const [p] = await myko.query('GetProducts', { skus: ['ELE-001'] });\nconst next = Math.round(p.unitPriceCents * 1.1);\nconst u = await myko.command('UpdateProductPrice', { productId: p.id, unitPriceCents: next });\nreturn u.unitPriceCents === next;",
  "const lines = [[1, 1], [2, 2]].map(([productId, quantity]) => ({ productId, quantity }));\nconst o = await myko.command('PlaceOrder', { customerId: 1, warehouseCode: 'BER', lines });\nreturn o.lines.length;",
  "const order = { customerId: 2, warehouseCode: 'BER', lines: [] };\norder.lines.push({ productId: 1, quantity: 1 });\nconst o = await myko.command('PlaceOrder', order);\nreturn (await myko.command('CancelOrder', { orderId: o.id, reason: 'idiom' })).status;",
  "const low = await myko.report('LowStock', { warehouseCode: 'BER', limit: 2 });\nconst done = [];\nfor (const { productId, suggestedReorderQuantity: quantity } of low) {\n  done.push((await myko.command('RestockProduct', { productId, warehouseCode: 'BER', quantity: Math.max(quantity, 1) })).onHand);\n}\nreturn done;",
];

/** TypeScript: checked by its annotations, run with its types stripped. */
const TS = [
  "interface Row { sku: string; available: number }\nconst rows: Row[] = await myko.report('LowStock');\nreturn rows.map((r: Row) => r.sku);",
  "const rows: LowStockRow[] = await myko.report('LowStock', { limit: 3 });\nconst total: number = rows.reduce((s, r) => s + r.available, 0);\nreturn total;",
  "type Pair = [string, number];\nconst plan: Pair[] = [['BER', 2], ['AMS', 1]];\nfor (const [code, limit] of plan) await myko.report('LowStock', { warehouseCode: code, limit });\nreturn plan.length;",
  "const counts: Record<string, number> = {};\nconst page = await myko.query('ListOrders', { limit: 20 });\nfor (const o of page.items) counts[o.status] = (counts[o.status] ?? 0) + 1;\nreturn counts;",
  "const ids = [1, 2] as const;\nconst products = await myko.query('GetProducts', { ids: [...ids] });\nreturn products.map((p) => p.sku as string);",
  "const w = (await myko.query('ListWarehouses')) as Warehouse[];\nconst codes: string[] = w.map((x) => x.code);\nreturn codes;",
  "const o: any = {};\no.first = await myko.query('CountAllProducts');\nreturn o.first;",
  "function byAvailable(a: { available: number }, b: { available: number }): number {\n  return a.available - b.available;\n}\nreturn (await myko.report('LowStock')).sort(byAvailable)[0]?.sku ?? null;",
  "const x = [];\nx.push(1);\nconst n: number = await myko.query('CountAllCustomers');\nreturn x.length + n;",
  "const status = (['pending', 'paid'] as const)[0];\nreturn (await myko.query('ListOrders', { status, limit: 1 })).total;",
];

/** Plan mode: a command answers a stand-in, so what the script reads of it is not the command's result. */
const PLAN = [
  "const o = await myko.command('CancelOrder', { orderId: 1 });\nreturn o.planned ? 'would cancel' : o.status;",
  "const [p] = await myko.query('GetProducts', { ids: [3] });\nconst r = await myko.command('UpdateProductPrice', { productId: p.id, unitPriceCents: p.unitPriceCents + 1 });\nreturn r.command ?? r.unitPriceCents;",
];

const IDIOMS = [
  ...HEDGES,
  ...JS.map((code, i) => ({ name: `idiom ${i + 1}`, code })),
  ...TS.map((code, i) => ({ name: `idiom ts ${i + 1}`, code })),
  ...PLAN.map((code, i) => ({ name: `idiom plan ${i + 1}`, code, plan: true })),
];

module.exports = { IDIOMS };
