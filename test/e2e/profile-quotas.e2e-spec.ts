import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { HeaderWebSocketTransport } from '../helpers/access-fixtures';
import { execute, NEVER_SETTLES } from '../helpers/execute-load';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** A 429 as the client's fetch saw it: its `Retry-After` and the JSON-RPC error body. */
interface Refused {
  retryAfter: string | null;
  error: { code: number; message: string; data: Record<string, unknown> };
}

/**
 * Two keys of `partners` (5 requests a second per principal), one of `agents` (one `execute` at once per
 * conversation): operator policy written in the config file, read by the launcher's config loader.
 */
const KEYS = { a: generateApiKey(), b: generateApiKey(), c: generateApiKey(), agent: generateApiKey() };
const PROFILES = {
  partners: { keys: [KEYS.a, KEYS.b, KEYS.c].map(hashApiKey), quotas: { requestsPerSecond: 5 } },
  agents: { keys: [hashApiKey(KEYS.agent)], quotas: { runsAtOnce: { limit: 1, per: 'conversation' } } },
};

describe('profiles.<name>.quotas: per principal or per conversation, never one bucket for a profile', () => {
  let dir: string;
  let server: TestServer;
  const clients: Client[] = [];

  /** An official SDK 1.x client over Streamable HTTP presenting `key`; its 429 answers go to `refused`. */
  async function open(key: string, refused: Refused[] = []): Promise<Client> {
    const recording: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (res.status !== 429) return res;
      const body = (await res.clone().json()) as { error: Refused['error'] };
      refused.push({ retryAfter: res.headers.get('retry-after'), error: body.error });
      return res;
    };
    const headers = { Authorization: `Bearer ${key}` };
    const transport = new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers }, fetch: recording });
    const client = await connectClient(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-quotas-'));
    const configPath = join(dir, 'myko.config.json');
    writeFileSync(configPath, JSON.stringify({ auth: { required: true }, profiles: PROFILES }));
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

  it('requestsPerSecond: key A flooding gets 429 with Retry-After naming the quota; key B of the same profile is served', async () => {
    const refused: Refused[] = [];
    const flooder = await open(KEYS.a, refused);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => flooder.listTools()));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0].retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused[0].error).toMatchObject({
      code: -32029,
      data: { limit: 'quota.requestsPerSecond', profile: 'partners', per: 'principal', quota: 5 },
    });
    expect(refused[0].error.data.retryAfterMs).toEqual(expect.any(Number));

    const neighbourRefused: Refused[] = [];
    const neighbour = await open(KEYS.b, neighbourRefused);
    const tools = await neighbour.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain('execute');
    await neighbour.listTools();
    expect(neighbourRefused).toEqual([]);
  });

  it('requestsPerSecond over WebSocket: the flood is answered -32029 on the socket, naming the quota', async () => {
    const transport = new HeaderWebSocketTransport(server.wsUrl, { Authorization: `Bearer ${KEYS.c}` });
    const client = await connectClient(transport);
    clients.push(client);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => client.listTools()));
    const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toBeInstanceOf(McpError);
    expect(errors[0]).toMatchObject({
      code: -32029,
      data: { limit: 'quota.requestsPerSecond', profile: 'partners', per: 'principal', quota: 5 },
    });
  });

  it('runsAtOnce per conversation: a second run in one session is refused naming the quota; another session of the key runs', async () => {
    const first = await open(KEYS.agent);
    const second = await open(KEYS.agent);
    const holding = execute(first, NEVER_SETTLES, 4_000).catch(() => undefined);
    // The first run holds its conversation's place until its 4 s are up; wait until it is resident.
    await until(async () => {
      const tried = await execute(first, 'return 1;').catch((error: unknown) => error);
      return tried instanceof McpError ? tried : undefined;
    }).then((error) => {
      expect(error.code).toBe(-32029);
      expect(error.data).toMatchObject({ limit: 'quota.runsAtOnce', profile: 'agents', per: 'conversation', quota: 1 });
      expect(error.data).toMatchObject({ retryAfterMs: expect.any(Number) });
    });
    expect(await execute(second, 'return 2;')).toEqual({ isError: false, text: '2' });
    await holding;
    expect(await execute(first, 'return 3;')).toEqual({ isError: false, text: '3' });
  });
});

/** Polls `probe` until it yields a value (the first run may not be resident yet when the second is sent). */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never happened');
}
