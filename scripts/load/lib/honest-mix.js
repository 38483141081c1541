/**
 * What an honest client asks: `search` with varied queries, `execute` of short read-mostly scripts that
 * chain 2–3 operations of the example plugins (one in eight moves a unit of stock between warehouses and
 * back, which must leave every warehouse's stock as it was), and `resources/read` of operation schemas.
 */
const { ProtocolError, errorKindOf } = require('./json-rpc-answer');

/** Share of each request kind, in 1/100s. */
const WEIGHTS = { search: 40, execute: 35, read: 25 };

const SEARCHES = [
  { query: 'order' },
  { query: 'stock', kind: 'query' },
  { query: 'customer revenue' },
  { query: 'low', limit: 5 },
  { kind: 'report' },
  { query: 'PlaceOrder', detail: 'full' },
  { query: 'product price', limit: 10 },
];

const WAREHOUSES = ['AMS', 'BER', 'MAD', 'WAW'];
const PRODUCTS = 48;
const CUSTOMERS = 72;

const pick = (list, random) => list[Math.floor(random() * list.length)];
const between = (low, high, random) => low + Math.floor(random() * (high - low + 1));

/** Scripts by name: each takes small random arguments and returns a compact answer. */
const SCRIPTS = {
  availability: (r) => `
    const view = await myko.view('ProductAvailability', { productId: ${between(1, PRODUCTS, r)} });
    const low = await myko.report('LowStock', { warehouseCode: '${pick(WAREHOUSES, r)}', limit: 5 });
    return { available: view.warehouses.reduce((sum, w) => sum + w.available, 0), warehouses: view.warehouses.length, low: low.map((row) => row.sku) };`,
  customer: (r) => `
    const id = ${between(1, CUSTOMERS, r)};
    const c = await myko.view('Customer360', { customerId: id, recentOrders: 3 });
    const page = await myko.query('ListOrders', { customerId: id, limit: 5, sort: 'newest' });
    return { name: c.name ?? c.customer?.name, orders: page.items.length, total: page.total };`,
  topProducts: (r) => `
    const top = await myko.report('TopProducts', { by: '${pick(['revenue', 'units'], r)}', limit: 3 });
    const products = await myko.query('GetProducts', { ids: top.map((row) => row.productId) });
    const stock = await myko.query('ListStockLevels', { productId: top[0].productId });
    return { skus: products.map((p) => p.sku), onHand: stock.items.reduce((sum, s) => sum + s.onHand, 0) };`,
  warehouses: () => `
    const warehouses = await myko.query('ListWarehouses');
    const valuation = await myko.report('InventoryValuation', { groupBy: 'warehouse' });
    return { codes: warehouses.map((w) => w.code), groups: (valuation.rows ?? valuation.groups ?? []).length };`,
  transferAndBack: (r) => {
    const [from, to] = [pick(WAREHOUSES, r), pick(WAREHOUSES, r)];
    const target = to === from ? WAREHOUSES[(WAREHOUSES.indexOf(from) + 1) % WAREHOUSES.length] : to;
    return `
    const productId = ${between(1, PRODUCTS, r)};
    const [level] = (await myko.query('ListStockLevels', { productId, warehouseCode: '${from}' })).items;
    if (level.available < 10) return { moved: 0 };
    await myko.command('TransferStock', { productId, fromWarehouseCode: '${from}', toWarehouseCode: '${target}', quantity: 1 });
    await myko.command('TransferStock', { productId, fromWarehouseCode: '${target}', toWarehouseCode: '${from}', quantity: 1 });
    return { moved: 1 };`;
  },
};
const SCRIPT_ROTATION = [
  'availability',
  'customer',
  'topProducts',
  'warehouses',
  'availability',
  'customer',
  'topProducts',
  'transferAndBack',
];

/**
 * The next request of an honest client.
 * @returns {{ method: 'search' | 'execute' | 'resources/read', label: string, send(session): Promise<void> }}
 */
function nextRequest(random, schemaUris) {
  const roll = random() * 100;
  if (roll < WEIGHTS.search) {
    const args = pick(SEARCHES, random);
    return { method: 'search', send: (session) => callTool(session, 'search', args, checkSearch) };
  }
  if (roll < WEIGHTS.search + WEIGHTS.execute) {
    // An agent writes each script for its task: the task line keeps any two apart, so no answer or verdict
    // kept from an earlier request (or the other phase) makes one cheaper than a model's new script would be.
    const task = Math.floor(random() * 2 ** 32).toString(36);
    const code = `// task ${task}${SCRIPTS[pick(SCRIPT_ROTATION, random)](random)}`;
    return { method: 'execute', send: (session) => callTool(session, 'execute', { code }, checkExecute) };
  }
  const uri = pick(schemaUris, random);
  return { method: 'resources/read', send: (session) => readSchema(session, uri) };
}

/** A tool error is thrown as such (not a ProtocolError): the recorder counts them apart. */
class ToolError extends Error {
  constructor(kind, text) {
    super(`${kind}: ${text.slice(0, 300)}`);
    this.name = 'ToolError';
    this.kind = kind;
  }
}

async function callTool(session, name, args, check) {
  const result = await session.request('tools/call', { name, arguments: args });
  const text = result.content?.[0]?.text;
  if (typeof text !== 'string') throw new ProtocolError(`${name}: no text content`);
  if (result.isError) throw new ToolError(errorKindOf(text), text);
  check(text, result);
}

/** The JSON form of the answer is `structuredContent`; the text block is a notation for the model. */
function checkSearch(text, result) {
  const answer = result.structuredContent;
  if (!Array.isArray(answer?.operations) || typeof answer.total !== 'number' || text === '')
    throw new ProtocolError(`search: ${text.slice(0, 200)}`);
}

function checkExecute(text) {
  if (text === 'null') throw new ProtocolError('execute returned null for a script that returns a value');
  JSON.parse(text);
}

async function readSchema(session, uri) {
  const result = await session.request('resources/read', { uri });
  const content = result.contents?.[0];
  if (content?.uri !== uri || typeof content.text !== 'string')
    throw new ProtocolError(`resources/read ${uri}: no text`);
  if (JSON.parse(content.text).type !== 'object')
    throw new ProtocolError(`resources/read ${uri}: not an object schema`);
}

module.exports = { SCRIPTS, ToolError, WEIGHTS, nextRequest };
