import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { FILTER_HEADERS } from '@myko/filter';
import { type ApprovalServer, startApprovalServer } from '../helpers/approval-fixtures';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/**
 * Reads, then three commands: a price change (its preview answers), a discontinuation that needs
 * approval (not asked in plan mode), a restock (generic stand-in), and what the script makes of them.
 */
const SCRIPT = `
  const [product] = await myko.query('GetProducts', { ids: [3] });
  const price = await myko.command('UpdateProductPrice', { productId: 3, unitPriceCents: product.unitPriceCents + 100 });
  const off = await myko.command('DeactivateProduct', { productId: 3 });
  const restock = await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: 4 });
  let refused = null;
  try { await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: -1 }); } catch (e) { refused = e.name; }
  return { sku: product.sku, was: product.unitPriceCents, price, off: off.planned, restock: restock.command, refused };`;

let app: ApprovalServer;
beforeAll(async () => {
  app = await startApprovalServer();
});
afterAll(() => app?.close());
const opened = useReleases();

describe.each(['http', 'ws'] as const)("execute { mode: 'plan' } over %s (SDK 1.x)", (transport) => {
  async function connect(headers?: Record<string, string>): Promise<{ client: Client; asked: string[] }> {
    const asked: string[] = [];
    const client = opened(
      new Client({ name: 'plan-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } }),
      (c) => c.close(),
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    const { httpUrl, wsUrl } = app.server;
    await client.connect(
      transport === 'http'
        ? new StreamableHTTPClientTransport(httpUrl, { requestInit: { headers } })
        : new WebSocketClientTransport(wsUrl),
    );
    return { client, asked };
  }

  it('runs the reads, lists the commands in order with their arguments and previews, and changes nothing', async () => {
    const { client, asked } = await connect();
    const before = app.snapshot();
    const result: Json = await client.callTool({ name: 'execute', arguments: { code: SCRIPT, mode: 'plan' } });
    expect(result.isError).toBeFalsy();
    const { plan, result: returned } = result.structuredContent;
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    const was = returned.was as number;
    expect(plan).toEqual([
      {
        command: 'UpdateProductPrice',
        args: { productId: 3, unitPriceCents: was + 100 },
        preview: { productId: 3, sku: returned.sku, unitPriceCents: { from: was, to: was + 100 } },
      },
      { command: 'DeactivateProduct', args: { productId: 3 } },
      { command: 'RestockProduct', args: { productId: 3, warehouseCode: 'BER', quantity: 4 } },
    ]);
    expect(returned).toMatchObject({
      price: { unitPriceCents: { from: was, to: was + 100 } },
      off: true,
      restock: 'RestockProduct',
      refused: 'InvalidArgumentsError',
    });
    expect(asked).toEqual([]);
    expect(app.snapshot()).toBe(before);
  });

  it('without mode, the same commands really run (the plan was what would happen)', async () => {
    const { client } = await connect();
    const before = app.snapshot();
    const cents = transport === 'http' ? 4321 : 4322;
    const code = `return (await myko.command('UpdateProductPrice', { productId: 4, unitPriceCents: ${cents} })).unitPriceCents;`;
    const ran: Json = await client.callTool({ name: 'execute', arguments: { code, mode: 'run' } });
    expect(ran.content[0].text).toBe(String(cents));
    expect(app.snapshot()).not.toBe(before);
  });

  // Filter headers ride on each HTTP request (the SDK's WebSocket transport sends none); the check is the same.
  (transport === 'http' ? it : it.skip)(
    'refuses a planned command its filters would refuse, as a real call would',
    async () => {
      const deny = JSON.stringify({ command_RestockProduct: { warehouseCode: ['BER'] } });
      const { client } = await connect({ [FILTER_HEADERS.callableDeny]: deny });
      const before = app.snapshot();
      const code =
        "try { await myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: 1 }); } catch (e) { return e.name; }";
      const result: Json = await client.callTool({ name: 'execute', arguments: { code, mode: 'plan' } });
      expect(result.structuredContent).toEqual({ plan: [], result: 'CallRefusedError' });
      expect(app.snapshot()).toBe(before);
    },
  );

  it('a failed plan-mode run says nothing ran and lists what was planned', async () => {
    const { client } = await connect();
    const before = app.snapshot();
    const code = "await myko.command('DeactivateProduct', { productId: 5 }); null.boom;";
    const result: Json = await client.callTool({ name: 'execute', arguments: { code, mode: 'plan' } });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain(
      'Plan mode: nothing ran. Commands planned before the failure, in order:\n1. command_DeactivateProduct {"productId":5}',
    );
    expect(app.snapshot()).toBe(before);
  });
});
