/**
 * Faulty scripts as agents write them against the example domain, each tagged with its kind and the line
 * (1-based, in the script) the checker must point at, and `fix`: words the refusal must contain — the member,
 * argument, value or id that exists, or (where nothing single is meant) the fields that do. Every one would run its
 * reads, and most a command, before failing or answering wrong.
 */
const FAULTY = [
  // argument name wrong
  {
    kind: 'argument-name',
    line: 1,
    fix: "'warehouseCode'",
    code: "const low = await myko.report('LowStock', { warehouse: 'BER' });\nreturn low.map((r) => r.sku);",
  },
  {
    kind: 'argument-name',
    line: 2,
    fix: "'customerId'",
    code: "const [c] = await myko.query('GetCustomers', { emails: ['rosa@example.com'] });\nconst p = await myko.query('ListOrders', { customer: c.id, status: 'pending' });\nreturn p.total;",
  },
  {
    kind: 'argument-name',
    line: 3,
    fix: "'warehouseCode'",
    code: "const low = await myko.report('LowStock', { warehouseCode: 'BER' });\nfor (const row of low) {\n  await myko.command('RestockProduct', { productId: row.productId, warehouse: 'BER', quantity: row.suggestedReorderQuantity });\n}\nreturn low.length;",
  },
  {
    kind: 'argument-name',
    line: 1,
    fix: "'orderId'",
    code: "const o = await myko.command('CancelOrder', { id: 401, reason: 'customer called' });\nreturn o.status;",
  },
  {
    kind: 'argument-name',
    line: 1,
    fix: "'unitPriceCents'",
    code: "const p = await myko.command('UpdateProductPrice', { productId: 3, priceCents: 1999 });\nreturn p.unitPriceCents;",
  },
  {
    kind: 'argument-name',
    line: 2,
    fix: "'fromWarehouseCode'",
    code: "const a = await myko.view('ProductAvailability', { sku: 'KIT-001' });\nconst t = await myko.command('TransferStock', { productId: a.product.id, from: 'BER', to: 'MAD', quantity: 2 });\nreturn t.quantity;",
  },
  {
    kind: 'argument-name',
    line: 1,
    fix: 'Its arguments: from, to',
    code: "const s = await myko.report('SalesByDay', { start: '2025-01-01', end: '2025-01-31' });\nreturn s.totalRevenueCents;",
  },
  {
    kind: 'argument-name',
    line: 1,
    fix: "'customerId'",
    code: "const v = await myko.view('Customer360', { id: 7 });\nreturn v.stats;",
  },
  // argument type wrong
  {
    kind: 'argument-type',
    line: 1,
    fix: "type 'number'",
    code: "const low = await myko.report('LowStock', { warehouseCode: 'BER', limit: '5' });\nreturn low;",
  },
  {
    kind: 'argument-type',
    line: 1,
    fix: "type 'number[]'",
    code: "const o = await myko.query('GetOrders', { ids: 401 });\nreturn o[0].status;",
  },
  {
    kind: 'argument-type',
    line: 2,
    fix: "type 'number'",
    code: "const p = await myko.query('ListOrders', { status: 'paid' });\nawait myko.command('ShipOrder', { orderId: String(p.items[0].id) });\nreturn 'ok';",
  },
  {
    kind: 'argument-type',
    line: 1,
    fix: "'pending'",
    code: "const p = await myko.query('ListOrders', { status: 'open' });\nreturn p.items.length;",
  },
  {
    kind: 'argument-type',
    line: 1,
    fix: "type 'number'",
    code: "await myko.command('UpdateProductPrice', { productId: 3, unitPriceCents: '19.99' });\nreturn 'done';",
  },
  {
    kind: 'argument-type',
    line: 3,
    fix: "'PlaceOrderLine[]'",
    code: "const c = await myko.query('GetCustomerById', { id: 12 });\nconst lines = [{ productId: 5, quantity: 1 }];\nconst o = await myko.command('PlaceOrder', { customerId: c.id, warehouseCode: 'BER', lines: lines[0] });\nreturn o.id;",
  },
  {
    kind: 'argument-type',
    line: 1,
    fix: "'smb'",
    code: "const c = await myko.command('SetCustomerSegment', { id: 4, value: 'business' });\nreturn c.segment;",
  },
  {
    kind: 'argument-type',
    line: 1,
    fix: "type 'boolean'",
    code: "const r = await myko.query('ListProducts', { active: 'true', category: 'Outdoor' });\nreturn r.total;",
  },
  // missing required argument
  {
    kind: 'missing-argument',
    line: 1,
    fix: "Property 'warehouseCode' is missing",
    code: "await myko.command('RestockProduct', { productId: 4, quantity: 10 });\nreturn 'restocked';",
  },
  {
    kind: 'missing-argument',
    line: 2,
    fix: "Property 'warehouseCode' is missing",
    code: "const [c] = await myko.query('GetCustomers', { emails: ['ana@example.com'] });\nconst o = await myko.command('PlaceOrder', { customerId: c.id, lines: [{ productId: 2, quantity: 1 }] });\nreturn o.id;",
  },
  {
    kind: 'missing-argument',
    line: 1,
    fix: "Property 'to' is missing",
    code: "const s = await myko.report('SalesByDay', { from: '2025-03-01' });\nreturn s.days.length;",
  },
  {
    kind: 'missing-argument',
    line: 1,
    fix: 'Its arguments: orderId',
    code: "const o = await myko.view('OrderSummary');\nreturn o.status;",
  },
  {
    kind: 'missing-argument',
    line: 1,
    fix: "Property 'note' is missing",
    code: "const adj = await myko.command('AdjustStock', { productId: 9, warehouseCode: 'BER', quantityDelta: -3 });\nreturn adj.onHand;",
  },
  {
    kind: 'missing-argument',
    line: 2,
    fix: "Property 'unitPriceCents' is missing",
    code: "const p = await myko.query('ListProducts', { category: 'Outdoor' });\nawait Promise.all(p.items.map((x) => myko.command('UpdateProductPrice', { productId: x.id })));\nreturn p.items.length;",
  },
  // misspelled output field
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'sku'?",
    code: "const low = await myko.report('LowStock', { warehouseCode: 'BER' });\nreturn low.map((row) => row.SKU);",
  },
  {
    kind: 'output-field',
    line: 3,
    fix: "Did you mean 'suggestedReorderQuantity'?",
    code: "const low = await myko.report('LowStock', { warehouseCode: 'BER' });\nfor (const row of low) {\n  await myko.command('RestockProduct', { productId: row.productId, warehouseCode: 'BER', quantity: row.suggestedQuantity });\n}\nreturn low.length;",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'totalCents'?",
    code: "const p = await myko.query('ListOrders', { customerId: 1, status: 'pending' });\nreturn p.items.reduce((s, o) => s + o.total, 0);",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: 'Its fields: items',
    code: "const page = await myko.query('ListCustomers', { city: 'Berlin' });\nreturn page.rows.map((c) => c.email);",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'totalAvailable'?",
    code: "const a = await myko.view('ProductAvailability', { sku: 'ELE-002' });\nif (a.available > 5) return 'plenty';\nreturn 'few';",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'id'?",
    code: "const [p] = await myko.query('GetProducts', { skus: ['KIT-001'] });\nawait myko.command('UpdateProductPrice', { productId: p.productId, unitPriceCents: 1299 });\nreturn 'ok';",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: 'Its fields: key',
    code: "const v = await myko.report('InventoryValuation', { groupBy: 'category' });\nreturn v.rows.map((r) => ({ [r.category]: r.valueCents }));",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'name'?",
    code: "const t = await myko.report('TopProducts', { limit: 3 });\nreturn t.map((p) => p.productName);",
  },
  // missing await
  {
    kind: 'missing-await',
    line: 2,
    fix: 'put await before',
    code: "const low = myko.report('LowStock', { warehouseCode: 'BER' });\nreturn low.map((r) => r.sku);",
  },
  {
    kind: 'missing-await',
    line: 2,
    fix: 'put await before',
    code: "const page = myko.query('ListOrders', { status: 'paid' });\nfor (const o of page.items) await myko.command('ShipOrder', { orderId: o.id });\nreturn 'shipped';",
  },
  {
    kind: 'missing-await',
    line: 2,
    fix: 'put await before',
    code: "const c = myko.query('GetCustomerById', { id: 3 });\nconst o = await myko.command('PlaceOrder', { customerId: c.id, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 1 }] });\nreturn o.id;",
  },
  {
    kind: 'missing-await',
    line: 2,
    fix: 'put await before',
    code: "const a = myko.view('ProductAvailability', { sku: 'KIT-001' });\nreturn a.totalAvailable;",
  },
  {
    kind: 'missing-await',
    line: 2,
    fix: 'put await before',
    code: "const rows = myko.report('TopProducts', { limit: 5 });\nreturn rows.length;",
  },
  // unknown operation
  {
    kind: 'unknown-operation',
    line: 1,
    fix: "myko.report('LowStock'",
    code: "const low = await myko.query('LowStock', { warehouseCode: 'BER' });\nreturn low.length;",
  },
  {
    kind: 'unknown-operation',
    line: 2,
    fix: "myko.command('UpdateProductPrice')",
    code: "const [p] = await myko.query('GetProducts', { skus: ['KIT-001'] });\nawait myko.command('SetProductPrice', { productId: p.id, unitPriceCents: 1299 });\nreturn 'ok';",
  },
  {
    kind: 'unknown-operation',
    line: 1,
    fix: "myko.query('ListOrders')",
    code: "const o = await myko.query('ListOrdrs', { status: 'paid' });\nreturn o.total;",
  },
  {
    kind: 'unknown-operation',
    line: 1,
    fix: "myko.view('Customer360')",
    code: "const c = await myko.view('CustomerSummary', { customerId: 4 });\nreturn c;",
  },
  // hidden operation (under the corpus filter): reported exactly like a missing one
  {
    kind: 'hidden-operation',
    line: 2,
    fix: 'Unknown operation: command_DeleteCustomers.',
    code: "const page = await myko.query('ListCustomers', { city: 'Lyon' });\nawait myko.command('DeleteCustomers', { ids: page.items.map((c) => c.id) });\nreturn page.total;",
  },
  {
    kind: 'hidden-operation',
    line: 1,
    fix: 'Unknown operation: report_TopCustomers.',
    code: "const t = await myko.report('TopCustomers', { limit: 3 });\nreturn t.map((c) => c.name);",
  },
  {
    kind: 'hidden-operation',
    line: 1,
    fix: 'Unknown operation: command_DeleteCustomer.',
    code: "const d = await myko.command('DeleteCustomer', { id: 9 });\nreturn d.deleted;",
  },
  // wrong nesting
  {
    kind: 'wrong-nesting',
    line: 2,
    fix: 'Its fields: id, sku, name',
    code: "const a = await myko.view('ProductAvailability', { sku: 'KIT-001' });\nreturn a.warehouses.map((w) => w.available).concat(a.product.available);",
  },
  {
    kind: 'wrong-nesting',
    line: 2,
    fix: 'use .customer.name',
    code: "const v = await myko.view('Customer360', { customerId: 7 });\nreturn v.name;",
  },
  {
    kind: 'wrong-nesting',
    line: 2,
    fix: 'use .items.map',
    code: "const page = await myko.query('ListProducts', { category: 'Outdoor' });\nreturn page.map((p) => p.sku);",
  },
  {
    kind: 'wrong-nesting',
    line: 1,
    fix: "'productId'",
    code: "const o = await myko.command('PlaceOrder', { customerId: 3, warehouseCode: 'BER', lines: [{ product: { id: 2 }, quantity: 1 }] });\nreturn o.id;",
  },
  {
    kind: 'wrong-nesting',
    line: 2,
    fix: 'Its fields: id, name, email',
    code: "const s = await myko.view('OrderSummary', { orderId: 12 });\nreturn s.customer.orders.length;",
  },
  // near the inference the checker leaves alone: certain all the same
  {
    kind: 'argument-type',
    line: 2,
    fix: "type 'string'",
    code: "const plan = [[1, 2], [3, 4]];\nfor (const [limit, code] of plan) await myko.report('LowStock', { warehouseCode: code, limit });\nreturn plan.length;",
  },
  {
    kind: 'argument-type',
    line: 2,
    fix: "type 'number[]'",
    code: "const ids = ['401', '402'];\nconst orders = await myko.query('GetOrders', { ids });\nreturn orders.map((o) => o.status);",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'suggestedReorderQuantity'?",
    code: "const low = await myko.report('LowStock', { warehouseCode: 'BER' });\nreturn low.map(({ sku, suggestedQuantity }) => [sku, suggestedQuantity]);",
  },
  {
    kind: 'output-field',
    line: 3,
    fix: "Did you mean 'lowStockProducts'?",
    code: "const w = await myko.query('ListWarehouses');\nconst byCode = new Map(w.map((x) => [x.code, x]));\nreturn byCode.get('BER')?.lowStock;",
  },
  {
    kind: 'output-field',
    line: 2,
    fix: "Did you mean 'suggestedReorderQuantity'?",
    code: "interface Row { sku: string; quantity: number }\nconst rows: Row[] = await myko.report('LowStock', { warehouseCode: 'BER' });\nreturn rows.map((r) => r.quantity);",
  },
  {
    kind: 'missing-await',
    line: 1,
    fix: 'put await before',
    code: "for (const row of myko.report('LowStock', { warehouseCode: 'BER' })) {\n  await myko.command('RestockProduct', { productId: row.productId, warehouseCode: 'BER', quantity: 5 });\n}\nreturn 'done';",
  },
  {
    kind: 'missing-await',
    line: 1,
    fix: 'put await before',
    code: "const [p] = myko.query('GetProducts', { skus: ['KIT-001'] });\nawait myko.command('UpdateProductPrice', { productId: p.id, unitPriceCents: 1299 });\nreturn 'ok';",
  },
  {
    kind: 'missing-argument',
    line: 2,
    fix: 'Its arguments: productId',
    code: "const [p] = await myko.query('GetProducts', { skus: ['KIT-001'] });\nawait myko.command('DeactivateProduct');\nreturn p.id;",
  },
  {
    kind: 'unknown-operation',
    line: 2,
    fix: "myko.command('RestockProduct')",
    code: "const low = await myko.report('LowStock');\nawait Promise.all(low.map((r) => myko.command('Restock', { productId: r.productId, quantity: 5 })));\nreturn low.length;",
  },
];

/** The filter the corpus is checked under: what the hidden-operation scripts call is hidden. */
const CORPUS_FILTERS = { visibility: { deny: ['command_DeleteCustomer*', 'report_TopCustomers'] } };

module.exports = { FAULTY, CORPUS_FILTERS };
