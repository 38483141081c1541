import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAppConfig } from '../../src/config/app.config';
import {
  AVAILABLE_AT_BER,
  callExecute as execute,
  executeJson,
  expectCancelStopsCommands,
} from '../helpers/execute-tool';
import { clientTransport, connectClient, type TransportName } from '../helpers/mcp-client';
import { useTestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/**
 * What the host throws into a script is under test, a deliberately unknown or hidden operation and a field that
 * is not there included: the type check would refuse those before the script runs (by design), so it is off,
 * for the in-process server and for `myko-nest stdio` alike.
 */
const CONFIG_PATH = join(mkdtempSync(join(tmpdir(), 'myko-execute-')), 'myko.config.json');
writeFileSync(CONFIG_PATH, JSON.stringify({ auth: { required: false }, profiles: {}, typeCheck: 'off' }));
const server = useTestServer(
  createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath: CONFIG_PATH }, {}),
);

describe.each<TransportName>(['stdio', 'http', 'ws'])('execute over %s', (transport) => {
  let client: Client;

  beforeAll(async () => {
    client = await connectClient(clientTransport(transport, server(), ['--config', CONFIG_PATH]));
  });

  afterAll(async () => {
    await client?.close();
  });

  it('chains a query, a report and a command in one script and returns a computed answer', async () => {
    const before = await executeJson<number>(client, AVAILABLE_AT_BER);
    const answer = await executeJson<{ customer: string; orderId: number; paid: number; reserved: number }>(
      client,
      `
      const [best] = await myko.report('TopCustomers', { limit: 1 });
      const [customer] = await myko.query('GetCustomers', { ids: [best.customerId] });
      const order = await myko.command('PlaceOrder', {
        customerId: customer.id, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 3 }],
      });
      console.log('placed', order.id);
      return { customer: customer.name, orderId: order.id, paid: order.totalCents, reserved: order.unitCount };`,
    );
    expect(answer.customer).toEqual(expect.any(String));
    expect(answer.reserved).toBe(3);
    expect(answer.paid).toBeGreaterThan(0);
    expect(await executeJson<number>(client, AVAILABLE_AT_BER)).toBe(before - 3);
  });

  it('returns console output in a second block and null when nothing is returned', async () => {
    const { isError, blocks } = await execute(client, "console.log('hello', { n: 1 });");
    expect(isError).toBe(false);
    expect(blocks[0].text).toBe('null');
    expect(blocks[1].text).toContain('hello {"n":1}');
  });

  it('reports a failed script with its line and the commands that had already completed', async () => {
    const { isError, text } = await execute(
      client,
      [
        "await myko.command('AdjustStock', { productId: 2, warehouseCode: 'BER', quantityDelta: 1, note: 'e2e' });",
        "const rows = await myko.query('ListWarehouses');",
        'rows.nope.length;',
      ].join('\n'),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/TypeError/);
    expect(text).toMatch(/line 3/);
    expect(text).toContain('command_AdjustStock');
  });

  it('throws business and validation errors into the script, where try/catch sees them', async () => {
    const caught = await executeJson<string[]>(
      client,
      `
      const messages = [];
      for (const args of [{ customerId: 1, warehouseCode: 'BER', lines: [{ productId: 1, quantity: 9999 }] }, { customerId: 'x' }]) {
        try { await myko.command('PlaceOrder', args); } catch (e) { messages.push(e.message); }
      }
      try { await myko.query('NoSuchThing'); } catch (e) { messages.push(e.message); }
      return messages;`,
    );
    expect(caught[0]).toMatch(/stock/i);
    expect(caught[1]).toMatch(/Invalid arguments for command_PlaceOrder/);
    expect(caught[2]).toBe('Unknown operation: query_NoSuchThing');
  });
});

describe('execute with a narrowed client', () => {
  let client: Client;

  beforeAll(async () => {
    const transport = new StreamableHTTPClientTransport(server().httpUrl, {
      requestInit: { headers: { 'X-Myko-Tool-Visibility-Deny': 'command_*' } },
    });
    client = await connectClient(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('refuses a hidden operation inside the script exactly like a missing one, however it is named', async () => {
    const messages = await executeJson<string[]>(
      client,
      `
      const out = [];
      const attempts = [
        () => myko.command('PlaceOrder', {}),
        () => myko['com' + 'mand']('Place' + 'Order', {}),
        () => Reflect.apply(myko.command, undefined, ['CancelOrder', { orderId: 1 }]),
        () => Function.prototype.call.call(myko.command, null, 'ShipOrder', { orderId: 1 }),
      ];
      for (const attempt of attempts) {
        try { await attempt(); out.push('ran'); } catch (e) { out.push(e.message); }
      }
      return out;`,
    );
    expect(messages).toEqual([
      'Unknown operation: command_PlaceOrder',
      'Unknown operation: command_PlaceOrder',
      'Unknown operation: command_CancelOrder',
      'Unknown operation: command_ShipOrder',
    ]);
  });

  it('still runs the visible operations', async () => {
    expect(await executeJson<number>(client, AVAILABLE_AT_BER)).toEqual(expect.any(Number));
  });
});

describe('cancelling a running execute', () => {
  let client: Client;

  beforeAll(async () => {
    client = await connectClient(clientTransport('http', server()));
  });

  afterAll(async () => {
    await client?.close();
  });

  it('stops the script at once and starts no operation after the cancellation', async () => {
    await expectCancelStopsCommands(client);
  });
});
