/**
 * Scripts the test suite runs successfully against the example plugins, as written there (one of each shape:
 * the same script with other literals is left out). Harvested from the execute calls of a full `npm test` run
 * (every script whose run answered without isError), keeping those that name only example operations, plus
 * the scripts of the chain and floods benches and the execute tool's Example line. `plan`: run in plan mode.
 */
const HARVESTED = [
  {
    name: 'test/e2e/oauth-resource-server.e2e-spec.ts',
    code: "const p = await myko.query('ListOrders', { status: 'pending', warehouseCode: 'BER', limit: 1 });\n               return await myko.command('CancelOrder', { orderId: p.items[0].id, warehouseCode: 'BER' });",
  },
  {
    name: 'test/e2e/approvals.e2e-spec.ts',
    code: "try { await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 }); return 'ran'; } catch (e) { return e.code ?? e.message; }",
  },
  {
    name: 'test/e2e/approvals.e2e-spec.ts',
    code: "try { await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 }); } catch (e) { return [e.code, e.message]; }",
  },
  {
    name: 'test/e2e/approvals.e2e-spec.ts',
    code: "try { await myko.command('DeactivateProduct', { productId: 2 }); } catch (e) { return e.code; }",
  },
  { name: 'test/e2e/approvals.e2e-spec.ts', code: "return (await myko.query('GetProducts', { ids: [2] }))[0].active;" },
  {
    name: 'test/e2e/approvals.e2e-spec.ts',
    code: "await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 }); await myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 }); return 'both';",
  },
  {
    name: 'test/e2e/approvals.e2e-spec.ts',
    code: "await myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 1, note: 'e2e' });",
  },
  {
    name: 'test/e2e/access-transports.e2e-spec.ts',
    code: "const page = await myko.query('ListOrders', { status: 'pending', warehouseCode: 'BER', limit: 1 });\n   return page.items[0].id;",
  },
  {
    name: 'test/e2e/access-transports.e2e-spec.ts',
    code: "const tryIt = async (args) => {\n         try { return (await myko.command('CancelOrder', args)).status; } catch (e) { return e.name + ': ' + e.message; }\n       };\n       return {\n         otherWarehouse: await tryIt({ orderId: 477, warehouseCode: 'AMS' }),\n         noGuard: await tryIt({ orderId: 477 }),\n         guardLies: await tryIt({ orderId: 477, warehouseCode: 'BER' }),\n         allowed: await tryIt({ orderId: 476, warehouseCode: 'BER', reason: 'e2e' }),\n       };",
  },
  { name: 'test/e2e/tool-modes.e2e-spec.ts', code: "return await myko.query('ListOrders', { limit: 1 })" },
  {
    name: 'test/e2e/http-wire.e2e-spec.ts',
    code: "return (await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-03-31' })).days.length;",
  },
  {
    name: 'test/e2e/access-hardening.e2e-spec.ts',
    code: "return (await myko.query('ListOrders', { status: 'pending', warehouseCode: 'BER', limit: 1 })).items[0].id;",
  },
  { name: 'test/e2e/access-hardening.e2e-spec.ts', code: "return (await myko.query('GetOrders', { ids: [476] }))[0];" },
  {
    name: 'test/e2e/access-hardening.e2e-spec.ts',
    code: "return await myko.command('CancelOrder', { orderId: 477, warehouseCode: 'ams' });",
  },
  {
    name: 'test/e2e/access-hardening.e2e-spec.ts',
    code: "return await myko.report('LowStock', { warehouseCode: 'ams' });",
  },
  {
    name: 'test/e2e/live-queries.e2e-spec.ts',
    code: "return myko.command('SetCustomerCity', { id: 1, value: 'Leipzig' })",
  },
  {
    name: 'test/e2e/live-queries.e2e-spec.ts',
    code: "return myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 3, note: 'live' })",
  },
  {
    name: 'libs/dispatch/src/code-mode/execute/execute.tool.spec.ts',
    code: "const out = [];\n        for (const id of ['SecretSalaries', 'NoSuchThing']) {\n          try { await myko['que' + 'ry'](id); } catch (e) { out.push(e.name + ': ' + e.message); }\n        }\n        return out;",
  },
  { name: 'test/e2e/shared-sessions.e2e-spec.ts', code: "return myko.query('GetCustomerById', { id: 1 })" },
  { name: 'test/e2e/metrics.e2e-spec.ts', code: "return (await myko.query('ListOrders', { limit: 1 })).items.length;" },
  {
    name: 'test/e2e/sdk-v2-client.e2e-spec.ts',
    code: "const page = await myko.query('ListCustomers', { limit: 2 }); return page.items.length;",
  },
  {
    name: 'test/e2e/mcp-utilities.e2e-spec.ts',
    code: "return myko.command('AdjustStock', { productId: 2, warehouseCode: 'BER', quantityDelta: 1, note: 'log test' })",
  },
  {
    name: 'test/e2e/mcp-utilities.e2e-spec.ts',
    code: "return (await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-01-31' })).days.length",
  },
  {
    name: 'test/e2e/mcp-utilities.e2e-spec.ts',
    code: "const view = await myko.view('ProductAvailability', { productId: 1 });\n  return view.warehouses.find((w) => w.warehouseCode === 'BER').available;",
  },
  { name: 'test/e2e/mcp-utilities.e2e-spec.ts', code: "return myko.report('LowStock', { limit: 1 })" },
  {
    name: 'test/e2e/mcp-utilities.e2e-spec.ts',
    code: "return myko.command('RestockProduct', { productId: 41, warehouseCode: 'AMS', quantity: 5000 })",
  },
  {
    name: 'test/e2e/disconnect-cancel.e2e-spec.ts',
    code: "return (await myko.query('ListStockLevels', { productId: 3, warehouseCode: 'BER' })).items[0].onHand;",
  },
  {
    name: 'test/e2e/disconnect-cancel.e2e-spec.ts',
    code: "await myko.command('AdjustStock', { productId: 4, warehouseCode: 'BER', quantityDelta: 1, note: 'log' });\nconst end = Date.now() + 3000; while (Date.now() < end) {}\nawait myko.command('AdjustStock', { productId: 3, warehouseCode: 'BER', quantityDelta: 1000, note: 'after the loop' });\nreturn 'restocked';",
  },
  {
    name: 'test/e2e/search-discovery.e2e-spec.ts',
    code: "const page = await myko.search('cancel an order', { limit: 3, kind: 'command' });\n       const detail = await myko.describe('CancelOrder');\n       const [first] = page.operations;\n       return { first: first.id, signature: first.signature, total: page.total, declaration: detail.declaration, types: detail.types };",
  },
  {
    name: 'test/e2e/search-discovery.e2e-spec.ts',
    code: "const page = await myko.search('cancel order', { kind: 'command' });\n       let described;\n       try { await myko.describe('command_CancelOrder'); } catch (error) { described = error.message; }\n       return { page, described };",
  },
  {
    name: 'test/e2e/plan-mode.e2e-spec.ts',
    code: "const [product] = await myko.query('GetProducts', { ids: [3] });\n  const price = await myko.command('UpdateProductPrice', { productId: 3, unitPriceCents: product.unitPriceCents + 100 });\n  const off = await myko.command('DeactivateProduct', { productId: 3 });\n  const restock = await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: 4 });\n  let refused = null;\n  try { await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: -1 }); } catch (e) { refused = e.name; }\n  return { sku: product.sku, was: product.unitPriceCents, price, off: off.planned, restock: restock.command, refused };",
    plan: true,
  },
  {
    name: 'test/e2e/plan-mode.e2e-spec.ts',
    code: "return (await myko.command('UpdateProductPrice', { productId: 4, unitPriceCents: 4321 })).unitPriceCents;",
  },
  {
    name: 'test/e2e/plan-mode.e2e-spec.ts',
    code: "try { await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: 1 }); } catch (e) { return e.name; }",
    plan: true,
  },
  {
    name: 'test/e2e/mcp-clients.e2e-spec.ts',
    code: "const r = await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-06-30' }); return r.days.length;",
  },
  {
    name: 'test/e2e/execute.e2e-spec.ts',
    code: "const [best] = await myko.report('TopCustomers', { limit: 1 });\n      const [customer] = await myko.query('GetCustomers', { ids: [best.customerId] });\n      const order = await myko.command('PlaceOrder', {\n        customerId: customer.id, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 3 }],\n      });\n      console.log('placed', order.id);\n      return { customer: customer.name, orderId: order.id, paid: order.totalCents, reserved: order.unitCount };",
  },
  {
    name: 'test/docs/documented-examples.e2e-spec.ts',
    code: "const p = await myko.query('ListOrders', { status: 'pending' }); return p.total;",
  },
  {
    name: 'test/e2e/request-log-ids.e2e-spec.ts',
    code: "const made = await myko.command('CreateCustomer', { name: 'Marker Argument Value', email: 'ids.traced@example.com', segment: 'smb', city: 'Berlin' });\n  await myko.query('ListOrders', { limit: 1 });\n  return made.id;",
  },
  {
    name: 'test/e2e/agent-tasks.e2e-spec.ts',
    code: "await myko.query('ListStockMovements',{limit:1});\nconst r=await myko.report('TopProducts',{from:'2025-06-01',to:'2025-06-30',by:'units',limit:3});\nreturn r.map(p=>({sku:p.sku,units:p.unitCount}));",
  },
  {
    name: 'test/e2e/stateless-access.e2e-spec.ts',
    code: "const p = await myko.query('ListOrders', { status: 'pending', warehouseCode: 'AMS', limit: 1 }); return p.items[0].id;",
  },
  {
    name: 'test/e2e/stateless-access.e2e-spec.ts',
    code: "return (await myko.command('CancelOrder', { orderId: 476, warehouseCode: 'BER', reason: 'stateless' })).status;",
  },
  { name: 'test/e2e/type-check.e2e-spec.ts', code: "const w = await myko.query('ListWarehouses');\nreturn w.length;" },
  {
    name: 'bench/benchmarks/floods.bench.js',
    code: "return (await Promise.all(Array.from({ length: 50 }, (_, i) => myko.query('GetCustomers', { ids: [1 + (i % 50)] })))).length;",
  },
  {
    name: 'bench/benchmarks/floods.bench.js',
    code: "return (await myko.command('UpdateCustomer', { customerId: 1, city: 'City 7' })).id;",
  },
  {
    name: 'bench/benchmarks/chain.bench.js',
    code: "const o = await myko.query('ListOrders', { limit: 1 });\nconst c = await myko.query('ListCustomers', { limit: 1 });\nconst p = await myko.query('ListProducts', { limit: 1 });\nreturn { orderId: o.items[0].id, customerId: c.items[0].id, productId: p.items[0].id };",
  },
];

module.exports = { HARVESTED };
