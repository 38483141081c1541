import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { executeJson, expectCancelStopsCommands } from '../helpers/execute-tool';
import { clientTransport, progressOnWire, recordWire, useSession } from '../helpers/mcp-client';
import { type TestServer, useTestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const LOW_STOCK_URI = 'myko://inventory/low-stock';

type Transport = 'stdio' | 'ws';

/** An SDK client that records the log messages and resource updates it receives. */
async function connect(transport: Transport, server: TestServer) {
  const client = new Client({ name: 'myko-e2e-utilities', version: '1.0.0' });
  const logs: LoggingMessageNotification['params'][] = [];
  const updates: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push(n.params);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.connect(clientTransport(transport, server, []));
  return { client, logs, updates };
}

/** Polls until `check` holds, failing after `ms`. */
async function eventually(check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A row of the LowStock report. */
interface StockRow {
  productId: number;
  warehouseCode: string;
}

const server = useTestServer();

describe.each<Transport>(['stdio', 'ws'])('MCP utilities over %s (default profile)', (transport) => {
  const session = useSession(() => connect(transport, server()));

  it('advertises only search and execute, and only the capabilities it serves', async () => {
    const { tools } = await session().client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'execute']);
    expect(session().client.getServerCapabilities()).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      logging: {},
      completions: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    await expect(session().client.listPrompts()).rejects.toThrow(/Method not found/);
  });

  it('lists the reporting plugin resource next to the schema resources', async () => {
    const { resources } = await session().client.listResources();
    expect(resources[0]).toMatchObject({ uri: LOW_STOCK_URI, name: 'low-stock', mimeType: 'application/json' });
    const read = await session().client.readResource({ uri: LOW_STOCK_URI });
    const rows = JSON.parse((read.contents[0] as { text: string }).text);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('sends the logs of operations run by execute at or above the level the client set', async () => {
    await session().client.setLoggingLevel('info');
    session().logs.length = 0;
    await executeJson(
      session().client,
      "return myko.command('AdjustStock', { productId: 2, warehouseCode: 'BER', quantityDelta: 1, note: 'log test' })",
    );
    expect(session().logs).toContainEqual({
      level: 'info',
      logger: 'command_AdjustStock',
      data: expect.stringMatching(/^Adjusted .* in BER by 1$/),
    });

    await session().client.setLoggingLevel('error');
    session().logs.length = 0;
    await executeJson(
      session().client,
      "return myko.command('AdjustStock', { productId: 2, warehouseCode: 'BER', quantityDelta: 1, note: 'quiet' })",
    );
    expect(session().logs).toEqual([]);
    await session().client.setLoggingLevel('info');
  });

  it('reports progress of an execute against its progress token, before its result', async () => {
    // Read off the wire: SDK 1.x drops a progress notification that reaches it in the same read as the result
    // (typescript-sdk#2580). The server holds the result back 20 ms for it, but on a loaded machine the client
    // can still read both at once, and `onprogress` then never fires although the server sent it in order.
    const wire = recordWire(session().client);
    try {
      await executeJson(
        session().client,
        "return (await myko.report('SalesByDay', { from: '2026-01-01', to: '2026-01-31' })).days.length",
        { onprogress: () => undefined },
      );
    } finally {
      wire.stop();
    }
    const { progress, beforeResult } = progressOnWire(wire.messages);
    expect(progress.length).toBeGreaterThan(0);
    expect(beforeResult).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('cancels a long execute: the client stops waiting and no command runs after the cancellation', async () => {
    await expectCancelStopsCommands(session().client);
  });

  it('notifies a low-stock subscription after a command changes the stock behind it, until unsubscribed', async () => {
    const [row] = await executeJson<StockRow[]>(session().client, "return myko.report('LowStock', { limit: 1 })");
    await session().client.subscribeResource({ uri: LOW_STOCK_URI });
    session().updates.length = 0;
    const restock = `return myko.command('RestockProduct', {
      productId: ${row.productId}, warehouseCode: '${row.warehouseCode}', quantity: 5000, note: 'subscription test' })`;
    await executeJson(session().client, restock);
    await eventually(() => session().updates.length > 0);
    expect(session().updates).toEqual([LOW_STOCK_URI]);
    const after = await session().client.readResource({ uri: LOW_STOCK_URI });
    const rows: { productId: number; warehouseCode: string }[] = JSON.parse(
      (after.contents[0] as { text: string }).text,
    );
    expect(rows).not.toContainEqual(
      expect.objectContaining({ productId: row.productId, warehouseCode: row.warehouseCode }),
    );

    await session().client.unsubscribeResource({ uri: LOW_STOCK_URI });
    const [next] = await executeJson<StockRow[]>(session().client, "return myko.report('LowStock', { limit: 1 })");
    await executeJson(
      session().client,
      `return myko.command('RestockProduct', { productId: ${next.productId}, warehouseCode: '${next.warehouseCode}', quantity: 5000 })`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(session().updates).toEqual([LOW_STOCK_URI]);
  });

  it('completes the variables of the schema template from the visible operations', async () => {
    const ref = { type: 'ref/resource' as const, uri: 'myko://schema/{kind}/{id}' };
    const ids = await session().client.complete({ ref, argument: { name: 'id', value: 'LowS' } });
    expect(ids.completion.values).toEqual(['LowStock']);
    const kinds = await session().client.complete({ ref, argument: { name: 'kind', value: 'r' } });
    expect(kinds.completion.values).toEqual(['report']);
  });
});
