import { Agent, get } from 'node:http';
import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DrainCoordinator } from '@myko/gateways';
import type { Type } from '@nestjs/common';
import { createAppConfig } from '../../src/config/app.config';
import { callText, KEYS, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

// One resident place, no queue: while a run is resident (even only awaiting a backend), no other can start.
const fixture = writeAccessConfig({
  sandbox: { maxConcurrent: 1, maxResident: 1, maxQueue: 0, maxRunsPerSession: 0 },
});
const SLOW_PLUGIN = resolve(__dirname, '../fixtures/plugins/slow-backend.plugin.js');
/** Holds the only slot without spinning (a spinning run gives its slot back): a slow backend call. */
const HOG = `return (await myko.query('Wait', { ms: 1500 })).waitedMs;`;
let server: TestServer;
let client: Client;

/** One keep-alive connection, so probes still reach a draining server (it stops accepting new ones). */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function probe(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    get(new URL(path, server.httpUrl), { agent }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    }).on('error', fail);
  });
}

/** Starts the hog and resolves once it holds the sandbox's slot. */
async function startHog(): Promise<{ done: Promise<{ isError: boolean; text: string }> }> {
  const done = callText(client, 'execute', { code: HOG });
  for (let i = 0; i < 100; i++) {
    const health = await probe('/health');
    // Wrapped: an async function returning the promise itself would wait for it.
    if ((health.body.sandbox as { running: number }).running > 0) return { done };
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('the hog never started');
}

beforeAll(async () => {
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath: fixture.path },
    {},
  );
  // The plugin loader's ESM hooks cannot run under Jest; the CommonJS plugin is required directly.
  const { SlowBackendPluginModule } = require(SLOW_PLUGIN) as { SlowBackendPluginModule: Type };
  server = await startTestServer({
    ...config,
    pluginModules: [{ file: SLOW_PLUGIN, module: SlowBackendPluginModule }],
  });
  const headers = { Authorization: `Bearer ${KEYS.ops}` };
  client = await connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
});

afterAll(() =>
  releaseAll(
    () => client?.close(),
    () => server?.close(),
  ),
);

describe('liveness and readiness', () => {
  it('are both true for an idle server, readiness from a real sandbox run', async () => {
    expect(await probe('/health/live')).toEqual({ status: 200, body: { live: true } });
    const ready = await probe('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, draining: false, sandbox: { ready: true } });
  });

  it('readiness turns false while the sandbox cannot start a run, liveness stays true', async () => {
    await new Promise((done) => setTimeout(done, 5_100)); // past the probe's reuse interval
    const hog = await startHog();
    const busy = await probe('/health/ready');
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({ ready: false, sandbox: { ready: false, reason: 'queue-full' } });
    expect((await probe('/health/live')).status).toBe(200);
    expect((await hog.done).isError).toBe(false);
  });

  it('while draining, the listener is closed, so both probes fail at connect (the orchestrator stops routing)', async () => {
    const hog = await startHog(); // an in-flight request keeps the drain going
    const draining = server.app.get(DrainCoordinator).drain('SIGTERM');
    try {
      agent.destroy();
      await expect(fetch(new URL('/health/ready', server.httpUrl))).rejects.toThrow();
      await expect(fetch(new URL('/health/live', server.httpUrl))).rejects.toThrow();
      expect((await hog.done).isError).toBe(false);
    } finally {
      await draining;
    }
  });
});
