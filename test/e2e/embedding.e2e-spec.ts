import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { DispatchService } from '@myko/dispatch';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { AGENTS_PATH, SUPPORT_KEY, shutdownLog } from '../fixtures/embedding-app/app.module';
import { type Platform, startApp } from '../fixtures/embedding-app/main';

jest.setTimeout(60_000);

type ToolText = { content: Array<{ type: string; text: string }>; isError?: boolean };

/** An existing Nest application with MykoModule imported, on a fresh SQLite file, listening on a free port. */
async function start(platform: Platform, async = false) {
  const dir = mkdtempSync(join(tmpdir(), 'myko-embed-'));
  const app = await startApp({ platform, databasePath: join(dir, 'orders.db'), async });
  const { port } = app.getHttpServer().address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return { app, base, dir, url: (path: string, scheme = 'http') => new URL(`${scheme}://127.0.0.1:${port}${path}`) };
}

async function connect(transport: 'http' | 'ws', url: (path: string, scheme?: string) => URL): Promise<Client> {
  const client = new Client({ name: 'embedding-e2e', version: '1.0.0' });
  await client.connect(
    transport === 'http'
      ? new StreamableHTTPClientTransport(url(AGENTS_PATH), {
          requestInit: { headers: { Authorization: `Bearer ${SUPPORT_KEY}` } },
        })
      : new WebSocketClientTransport(url(AGENTS_PATH, 'ws')),
  );
  return client;
}

/** Resolves once dispatch holds a request in flight (polled every 10 ms, for up to 20 s). */
async function untilInFlight(dispatch: DispatchService): Promise<void> {
  for (let i = 0; i < 2_000 && dispatch.inFlightCount === 0; i++) await new Promise((done) => setTimeout(done, 10));
  if (dispatch.inFlightCount === 0) throw new Error('the call never reached dispatch');
}

async function execute(client: Client, code: string): Promise<ToolText> {
  return (await client.callTool({ name: 'execute', arguments: { code } })) as ToolText;
}

describe.each<Platform>(['express', 'fastify'])('MykoModule inside an existing Nest application on %s', (platform) => {
  let server: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    server = await start(platform);
  });

  afterAll(async () => {
    await server.app.close();
    rmSync(server.dir, { recursive: true, force: true });
  });

  describe.each(['http', 'ws'] as const)('over %s, at the path the app chose', (transport) => {
    let client: Client;

    beforeAll(async () => {
      client = await connect(transport, server.url);
    });

    afterAll(() => client.close());

    it('finds the app’s own operation with search', async () => {
      const result = (await client.callTool({
        name: 'search',
        arguments: { query: 'orders of a customer' },
      })) as ToolText;
      expect(result.content[0].text).toContain('CustomerOrders');
    });

    it('runs the query and the command, whose write the app’s own route shows', async () => {
      const orderId = transport === 'http' ? 1 : 2;
      const result = await execute(
        client,
        `const before = await myko.query('CustomerOrders', { customer: 'Ada' });
         const cancelled = await myko.command('CancelCustomerOrder', { orderId: ${orderId} });
         return { count: before.length, status: cancelled.status };`,
      );
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(result.content[0].text)).toEqual({ count: 2, status: 'cancelled' });
      const viaRoute = await fetch(`${server.base}/orders/${orderId}`);
      expect(viaRoute.status).toBe(200);
      expect(await viaRoute.json()).toMatchObject({ id: orderId, status: 'cancelled' });
    });

    it('applies the access profile’s filter: the hidden command is not found', async () => {
      const search = (await client.callTool({
        name: 'search',
        arguments: { query: 'purge delete orders' },
      })) as ToolText;
      expect(search.content[0].text).not.toContain('PurgeOrders');
      const result = await execute(client, `return await myko.command('PurgeOrders', {});`);
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toContain('Unknown operation: command_PurgeOrders');
    });

    it('keeps answering the app’s own route while an MCP call is in flight', async () => {
      const slow = execute(client, `return await myko.query('SlowReport', { ms: 800 });`);
      let slowDone = false;
      void slow.then(() => {
        slowDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const route = await fetch(`${server.base}/orders/3`);
      expect(route.status).toBe(200);
      expect(slowDone).toBe(false);
      expect(JSON.parse((await slow).content[0].text)).toBe('done');
    });
  });

  it('does not serve the service’s default /mcp when the app chose another path', async () => {
    const post = await fetch(`${server.base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(post.status).toBe(404);
    const ws = new WebSocketClientTransport(server.url('/mcp', 'ws'));
    await expect(new Client({ name: 'x', version: '1' }).connect(ws)).rejects.toBeDefined();
  });

  it('leaves every other path to the app: its own 404s, no myko /health by default', async () => {
    expect((await fetch(`${server.base}/orders/999`)).status).toBe(404);
    expect((await fetch(`${server.base}/health`)).status).toBe(404);
  });

  it('takes its options from a config provider with forRootAsync', async () => {
    const other = await start(platform, true);
    try {
      const client = await connect('http', other.url);
      expect(client.getInstructions()).toContain('options from a config provider');
      const result = await execute(
        client,
        `return (await myko.query('CustomerOrders', { customer: 'Grace' })).length;`,
      );
      expect(JSON.parse(result.content[0].text)).toBe(1);
      await client.close();
    } finally {
      await other.app.close();
      rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it('drains MCP on app.close(): the in-flight call completes, new ones are refused, the app’s hook runs', async () => {
    const other = await start(platform);
    const app: INestApplication = other.app;
    try {
      const client = await connect('http', other.url);
      const slow = execute(client, `return await myko.query('SlowReport', { ms: 3000 });`);
      // Closed only once the call is in flight: a fixed pause let a loaded machine close before it arrived.
      await untilInFlight(app.get(DispatchService, { strict: false }));
      shutdownLog.length = 0;
      const closing = app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(client.callTool({ name: 'search', arguments: {} })).rejects.toBeDefined();
      expect(JSON.parse((await slow).content[0].text)).toBe('done');
      await closing;
      expect(shutdownLog).toEqual(['app hook ran']);
      expect(app.getHttpServer().listening).toBe(false);
      await client.close().catch(() => undefined);
    } finally {
      rmSync(other.dir, { recursive: true, force: true });
    }
  });
});

describe('MykoModule at start-up', () => {
  it('logs one line, through the application’s own logger, saying where MCP is mounted and over what', async () => {
    const lines: Array<{ message: string; context: unknown }> = [];
    const record = (message: unknown, ...params: unknown[]) =>
      lines.push({ message: String(message), context: params.at(-1) });
    const logger: LoggerService = { log: record, error: record, warn: record, debug: record, verbose: record };
    const dir = mkdtempSync(join(tmpdir(), 'myko-embed-'));
    const app = await startApp({ platform: 'express', databasePath: join(dir, 'orders.db'), logger });
    try {
      const mounted = lines.filter((line) => line.message.includes('MCP mounted'));
      expect(mounted).toEqual([
        {
          message: `MCP mounted on the application's HTTP server: Streamable HTTP at ${AGENTS_PATH}, WebSocket at ${AGENTS_PATH}`,
          context: 'MykoModule',
        },
      ]);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
