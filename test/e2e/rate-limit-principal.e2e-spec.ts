import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/**
 * `limits.rateLimit` (2 a second, a burst of 6) with two keys of one profile, and keyless clients under a
 * `defaultProfile` arriving through a trusted proxy (this test's loopback peer) from two addresses.
 */
const KEYS = { a: generateApiKey(), b: generateApiKey() };
const CONFIG = {
  auth: { required: false },
  profiles: { partners: { keys: [hashApiKey(KEYS.a), hashApiKey(KEYS.b)] }, public: {} },
  defaultProfile: 'public',
  limits: { rateLimit: { requestsPerSecond: 2, burst: 6 } },
  trustedProxies: ['127.0.0.1'],
};

describe('limits.rateLimit: one bucket per principal, never one per profile', () => {
  let dir: string;
  let server: TestServer;
  const clients: Client[] = [];

  /** An official SDK 1.x client over Streamable HTTP sending `headers`; counts its 429 answers. */
  async function open(headers: Record<string, string>): Promise<{ client: Client; refusals: () => number }> {
    let refusals = 0;
    const counting: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (res.status === 429) refusals++;
      return res;
    };
    const transport = new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers }, fetch: counting });
    const client = await connectClient(transport);
    clients.push(client);
    return { client, refusals: () => refusals };
  }

  const flood = (client: Client) => Promise.allSettled(Array.from({ length: 20 }, () => client.listTools()));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-rate-'));
    const configPath = join(dir, 'myko.config.json');
    writeFileSync(configPath, JSON.stringify(CONFIG));
    const cli = { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off' as const, configPath };
    server = await startTestServer(createAppConfig('serve', cli, {}));
  });
  afterAll(() =>
    releaseAll(
      () => Promise.all(clients.map((client) => client.close())),
      () => server?.close(),
      () => rmSync(dir, { recursive: true, force: true }),
    ),
  );

  it('key A flooding is refused; key B of the same profile, well under its rate, is not', async () => {
    const flooder = await open({ Authorization: `Bearer ${KEYS.a}` });
    await flood(flooder.client);
    expect(flooder.refusals()).toBeGreaterThan(0);
    const neighbour = await open({ Authorization: `Bearer ${KEYS.b}` });
    await neighbour.client.listTools();
    await neighbour.client.listTools();
    expect(neighbour.refusals()).toBe(0);
  });

  it('keyless clients of the defaultProfile have a bucket per address, not one for all', async () => {
    const flooder = await open({ 'X-Forwarded-For': '10.0.0.1' });
    await flood(flooder.client);
    expect(flooder.refusals()).toBeGreaterThan(0);
    const neighbour = await open({ 'X-Forwarded-For': '10.0.0.2' });
    await neighbour.client.listTools();
    await neighbour.client.listTools();
    expect(neighbour.refusals()).toBe(0);
  });
});
