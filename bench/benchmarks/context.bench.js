/**
 * Context cost: what a client loads into the model's context from `tools/list` (every page), in Code
 * Mode (`search` + `execute`) and in direct mode (one tool per operation with its input and output
 * schemas), at N = the example plugins, 1,000 and 10,000 generated operations. Bytes of the tools'
 * JSON; tokens are approximated as bytes / 4 (no tokenizer is installed; the usual rule of thumb for
 * English text and JSON with BPE tokenizers).
 */
const { load, loadFixture } = require('../lib/dist');
const { startAppServer } = require('../lib/app-server');
const { createDispatchContext } = require('../lib/dispatch-context');
const { row } = require('../lib/report');

const { DispatchService } = load('libs/dispatch/src');
const { ClientFilters } = load('libs/filter/src');
const { OperationRegistry } = load('libs/registry/src');
const { syntheticOperations } = loadFixture('synthetic');

const bytes = (text) => Buffer.byteLength(text, 'utf8');
const approxTokens = (n) => Math.round(n / 4).toLocaleString('en-US');

/** Every `tools/list` page for a client in `toolMode`: the tools, their JSON size and the page count. */
async function listAll(requestAs, toolMode) {
  const tools = [];
  let cursor;
  let pages = 0;
  do {
    const result = await requestAs({ toolMode }, 'tools/list', cursor ? { cursor } : {});
    tools.push(...result.tools);
    cursor = result.nextCursor;
    pages++;
  } while (cursor);
  return { count: tools.length, pages, bytes: bytes(JSON.stringify(tools)) };
}

function contextRow(label, operations, code, direct) {
  return row({
    id: `context.${label.replace(/\W+/g, '-')}`,
    benchmark: `context: tools/list, ${label}`,
    measures: `JSON of every tools/list page in Code Mode (${code.count} tools), vs direct mode (${direct.count} tools, ${direct.pages} page${direct.pages === 1 ? '' : 's'}) for ${operations.toLocaleString('en-US')} operations`,
    unit: 'bytes',
    subject: code.bytes,
    baseline: { label: 'direct mode', samples: direct.bytes },
    note: `≈${approxTokens(code.bytes)} vs ≈${approxTokens(direct.bytes)} tokens at 4 bytes/token`,
  });
}

/** The example plugins, in the real app. */
async function examples() {
  const server = await startAppServer();
  try {
    const dispatch = server.app.get(DispatchService);
    let id = 1;
    const requestAs = async (as, method, params) => {
      const client = { transport: 'internal', sessionId: 'context', filters: ClientFilters.ALLOW_ALL, ...as };
      const response = await dispatch.handle({ jsonrpc: '2.0', id: id++, method, params }, client);
      if (response.error) throw new Error(JSON.stringify(response.error));
      return response.result;
    };
    const operations = server.app.get(OperationRegistry).size;
    return contextRow(
      `examples (${operations} ops)`,
      operations,
      await listAll(requestAs, 'code'),
      await listAll(requestAs, 'direct'),
    );
  } finally {
    await server.close();
  }
}

async function synthetic(count) {
  const app = await createDispatchContext({ operations: syntheticOperations(count) });
  try {
    const label = `${count.toLocaleString('en-US')} ops`;
    return contextRow(label, count, await listAll(app.requestAs, 'code'), await listAll(app.requestAs, 'direct'));
  } finally {
    await app.close();
  }
}

module.exports = {
  title: 'context cost of tools/list, Code Mode vs direct',
  async run(ctx) {
    ctx.log('example plugins');
    const rows = [await examples()];
    for (const count of [1_000, 10_000]) {
      ctx.log(`${count.toLocaleString('en-US')} synthetic operations`);
      rows.push(await synthetic(count));
    }
    return rows;
  },
};
