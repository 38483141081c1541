import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAppConfig } from '../../src/config/app.config';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

interface SandboxHealth {
  isolation: string;
  liveIsolates: number;
  processes: number;
  running: number;
  queued: number;
  crashes: number;
  catastrophicErrors: number;
}

/** The default sandbox: two processes (one crash reaches only the runs beside it), one isolate warm in each. */
const PROCESSES = 2;
const WARM_POOL = 1 * PROCESSES;
/** V8 aborts the whole sandbox process on this one (README, "Process isolation"). */
const PROCESS_KILLER = "return 'x'.repeat(2 ** 29 - 24).split('').length;";

let server: TestServer;
let client: Client;

async function sandboxHealth(): Promise<SandboxHealth> {
  const res = await fetch(new URL('/health', server.httpUrl));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; sandbox: SandboxHealth };
  expect(body.status).toBe('ok');
  return body.sandbox;
}

/** Health once `check` holds (the sandbox process reports after each run, asynchronously). */
async function healthWhen(check: (health: SandboxHealth) => boolean, timeoutMs = 10_000): Promise<SandboxHealth> {
  const deadline = Date.now() + timeoutMs;
  let health = await sandboxHealth();
  while (!check(health) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    health = await sandboxHealth();
  }
  return health;
}

async function execute(code: string, timeoutMs?: number): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name: 'execute', arguments: { code, timeoutMs } });
  const text = (result.content as { text: string }[]).map((block) => block.text).join('\n');
  return { isError: result.isError === true, text };
}

beforeAll(async () => {
  // No resident memory watch: it would stop the process killer below cleanly, before V8 aborts.
  const { dispatch } = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:' });
  server = await startTestServer({ dispatch: { ...dispatch, sandbox: { processRssLimitMb: 1_000_000 } } });
  client = await connectClient(clientTransport('http', server));
});

afterAll(() =>
  releaseAll(
    () => client?.close(),
    () => server?.close(),
  ),
);

describe('GET /health: the sandbox', () => {
  it('shows its sandbox processes with their warm isolates, idle, before any run', async () => {
    expect(await healthWhen((h) => h.liveIsolates === WARM_POOL)).toEqual({
      isolation: 'process',
      liveIsolates: WARM_POOL,
      processes: PROCESSES,
      running: 0,
      queued: 0,
      crashes: 0,
      catastrophicErrors: 0,
    });
  });

  it('returns to exactly the warm pool after runs (no isolate leaks, none missing)', async () => {
    for (let i = 0; i < 5; i++) expect((await execute('return 1 + 1;')).isError).toBe(false);
    expect((await execute('while (true) {}', 300)).isError).toBe(true);
    // The last report (and the killed isolate's replacement) arrives just after the result; then it must be exact.
    const health = await healthWhen((h) => h.liveIsolates === WARM_POOL && h.running === 0);
    expect(health).toMatchObject({ liveIsolates: WARM_POOL, running: 0, queued: 0, crashes: 0 });
  });

  it('counts a sandbox process that V8 aborted, and shows its replacement', async () => {
    const failed = await execute(PROCESS_KILLER);
    expect(failed.isError).toBe(true);
    const health = await healthWhen((h) => h.processes === PROCESSES && h.liveIsolates === WARM_POOL);
    expect(health).toMatchObject({ processes: PROCESSES, liveIsolates: WARM_POOL, crashes: 1 });
    expect((await execute('return 2;')).isError).toBe(false);
  });
});
