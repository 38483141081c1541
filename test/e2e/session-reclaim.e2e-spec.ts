import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpSessionRegistry } from '@myko/gateways';
import { KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { keyedInitialize, sleep } from '../helpers/raw-mcp';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const CAP = 4;

/** An official SDK 1.x client under the ops key, connected. */
function keyedClient(server: TestServer, transport = keyedTransport(server)): Promise<Client> {
  return connectClient(transport);
}

function keyedTransport(server: TestServer): StreamableHTTPClientTransport {
  const headers = { Authorization: `Bearer ${KEYS.ops}` };
  return new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } });
}

describe('sessions that end: a closed SDK client does not hold a slot of its key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccessServer(writeAccessConfig({ limits: { maxSessionsPerKey: CAP } }).path);
  });
  afterAll(() => server.close());

  it(`20 SDK clients under one key (cap ${CAP}) connect, call a tool and close() one after another: all succeed`, async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      try {
        const client = await keyedClient(server);
        const result = await client.callTool({ name: 'search', arguments: { query: 'order' } });
        outcomes.push(result.isError ? 'tool error' : 'ok');
        // SDK 1.x close() aborts its streams but sends no DELETE: the session stays open on the server.
        await client.close();
      } catch (error) {
        outcomes.push((error as Error).message);
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'ok'));
  });

  it(`20 SDK clients under one key, ${CAP} at a time (cap ${CAP}), each closing without DELETE: none is told "Session not found"`, async () => {
    const run = async () => {
      const client = await keyedClient(server);
      await client.callTool({ name: 'search', arguments: { query: 'stock' } });
      await client.close();
      return 'ok';
    };
    const outcomes: string[] = [];
    for (let wave = 0; wave < 20 / CAP; wave++) {
      const settled = await Promise.allSettled(Array.from({ length: CAP }, run));
      outcomes.push(...settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason))));
    }
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
    expect(outcomes).toHaveLength(20);
  });

  it('with the cap full of live clients, a new initialize gets 429 + Retry-After and a hint, not 404/-32001', async () => {
    const live = await Promise.all(Array.from({ length: CAP }, () => keyedClient(server)));
    // Each holds its GET stream open (a live client); the calls also let the streams settle.
    await Promise.all(live.map((client) => client.listTools()));
    await sleep(100);
    const refused = await keyedInitialize(server.httpUrl, KEYS.ops);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body.error?.code).toBe(-32029);
    expect(refused.body.error?.data).toMatchObject({ limit: 'maxSessionsPerKey' });
    expect(refused.body.error?.message).toMatch(/DELETE/);
    expect(refused.body.error?.message).toMatch(/terminateSession/);
    // Still working: refusing the newcomer ended none of them.
    for (const client of live) expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all(live.map((client) => client.close()));
  });

  it('terminateSession() (DELETE) frees the slot at once: the next initialize needs no reclaiming', async () => {
    const transports = Array.from({ length: CAP }, () => keyedTransport(server));
    const live = await Promise.all(transports.map((transport) => keyedClient(server, transport)));
    await Promise.all(live.map((client) => client.listTools()));
    const registry = server.app.get(McpSessionRegistry);
    expect(registry.size).toBe(CAP);
    await transports[0].terminateSession();
    expect(registry.size).toBe(CAP - 1);
    await live[0].close();
    expect((await keyedInitialize(server.httpUrl, KEYS.ops)).status).toBe(200);
    await Promise.all(live.slice(1).map((client) => client.close()));
  });
});
