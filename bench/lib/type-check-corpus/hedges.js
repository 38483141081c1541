/**
 * Hedging idioms: scripts that probe for a field they are not sure of and fall back (`r.warehouseCode ?? r.key ??
 * r.group`, `'group' in r`, `Object.hasOwn`, a destructuring default, `typeof`, a hedged optional chain). Agents
 * write these when a result's shape is unknown to them; each runs whichever field exists, so none may be refused
 * (issue 41 item 3). Each hedge form over each source: a result's rows, the field that exists, two that do not.
 */
const SOURCES = [
  ["(await myko.report('InventoryValuation', { groupBy: 'warehouse' })).rows", 'key', 'warehouseCode', 'group'],
  ["await myko.report('LowStock', { limit: 5 })", 'sku', 'code', 'productSku'],
  ["(await myko.query('ListOrders', { limit: 5 })).items", 'id', 'orderId', 'number'],
  ["await myko.report('TopProducts', { limit: 3 })", 'sku', 'productSku', 'title'],
  ["await myko.query('ListWarehouses')", 'code', 'warehouseCode', 'label'],
  ["await myko.report('RevenueByCategory')", 'category', 'categoryName', 'label'],
  ["(await myko.query('ListCustomers', { limit: 5 })).items", 'email', 'mail', 'emailAddress'],
];

/** One hedge form: the lines after `const rows = …;`, given the field that exists and two probes. */
const FORMS = [
  (real, p, q) => `return rows.map((r) => r.${p} ?? r.${real} ?? r.${q});`,
  (real, p) => `return rows.map((r) => r.${real} || r.${p});`,
  (real, p) => `return rows.map((r) => ('${p}' in r ? r.${p} : r.${real}));`,
  (real, p) => `return rows.map((r) => (Object.hasOwn(r, '${p}') ? r.${p} : r.${real}));`,
  (real, p) => `return rows.map(({ ${p} = null, ${real} }) => ${p} ?? ${real});`,
  (real, p) => `return rows.map((r) => (typeof r.${p} === 'string' ? r.${p} : String(r.${real})));`,
  (real, p) => `return rows.map((r) => r.${p}?.toString() ?? String(r.${real}));`,
  (real, p, q) => `const first = rows[0];\nreturn first?.${p} ?? first?.${q} ?? first?.${real} ?? null;`,
];

const HEDGES = SOURCES.flatMap(([source, real, p, q], s) =>
  FORMS.map((form, f) => ({
    name: `idiom hedge ${s * FORMS.length + f + 1}`,
    code: `const rows = ${source};\n${form(real, p, q)}`,
  })),
);

module.exports = { HEDGES };
