import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { track } from '../support/leftovers';
import { cleanEnv, installPacked, packedPackages, runIn } from '../support/packed-install';

/**
 * Issue 26: an existing Nest application built in a fresh folder from the packed tarballs alone. The
 * application of test/fixtures/embedding-app (its own controller and SQLite repository, a provider with
 * `@Query`/`@Command` methods on it, `MykoModule.forRoot` at `/agents/mcp`) is copied out of the
 * repository, compiled there with strict `tsc` against the installed packages, started as its own process
 * on Express and on Fastify, and driven with the official SDK client over HTTP and WebSocket while its
 * own route answers; SIGTERM drains MCP and runs the app's own shutdown hook.
 */
const ROOT = resolve(__dirname, '../..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'embedding-app');
const AGENTS_PATH = '/agents/mcp';
const SUPPORT_KEY = 'myko_support_example_key_0123456789';
const INSTALL_MS = 12 * 60_000;
jest.setTimeout(3 * 60_000);

const APP_DEPENDENCIES = [
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  '@nestjs/platform-fastify',
  '@nestjs/websockets',
  '@nestjs/platform-ws',
  'class-validator',
  'class-transformer',
  'reflect-metadata',
  'rxjs',
  'better-sqlite3',
  'typescript',
  '@types/node',
  '@types/better-sqlite3',
];

/** The app's own entry: a free port, printed, and each shutdown-log line echoed so the test can see it. */
const SERVE_TS = `import 'reflect-metadata';
import { shutdownLog } from './app.module';
import { type Platform, startApp } from './main';

const push = shutdownLog.push.bind(shutdownLog);
shutdownLog.push = (...lines: string[]) => {
  for (const line of lines) process.stdout.write(\`shutdown-log \${line}\\n\`);
  return push(...lines);
};
void startApp({ platform: process.argv[2] as Platform, databasePath: process.argv[3], port: 0 }).then((app) => {
  process.stdout.write(\`listening \${app.getHttpServer().address().port}\\n\`);
});
`;

const TSCONFIG = {
  compilerOptions: {
    module: 'commonjs',
    target: 'ES2022',
    lib: ['ES2023'],
    strict: true,
    strictPropertyInitialization: false,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    outDir: 'dist',
    rootDir: 'src',
  },
  include: ['src'],
};

interface RunningApp {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let work: string;
let app: string;

function startBuiltApp(platform: string): Promise<RunningApp> {
  const dir = mkdtempSync(join(work, `db-${platform}-`));
  const child = spawn(
    process.execPath,
    ['--no-node-snapshot', join(app, 'dist', 'serve.js'), platform, join(dir, 'orders.db')],
    { cwd: app, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((settle) =>
    child.once('exit', (code, signal) => settle({ code, signal })),
  );
  const forget = track(Promise.resolve(child), () => child.kill('SIGKILL'));
  void exited.then(forget);
  return new Promise((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) ready({ child, base: `http://127.0.0.1:${port}`, output: () => output, exited });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) =>
      fail(new Error(`the app exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
}

async function connect(base: string, transport: 'http' | 'ws'): Promise<Client> {
  const client = new Client({ name: 'packed-embedding-e2e', version: '1.0.0' });
  await client.connect(
    transport === 'http'
      ? new StreamableHTTPClientTransport(new URL(`${base}${AGENTS_PATH}`), {
          requestInit: { headers: { Authorization: `Bearer ${SUPPORT_KEY}` } },
        })
      : new WebSocketClientTransport(new URL(`${base.replace('http', 'ws')}${AGENTS_PATH}`)),
  );
  return client;
}

async function execute(client: Client, code: string): Promise<{ text: string; isError?: boolean }> {
  const result = (await client.callTool({ name: 'execute', arguments: { code } })) as {
    content: Array<{ text: string }>;
    isError?: boolean;
  };
  return { text: result.content[0].text, isError: result.isError };
}

beforeAll(
  async () => {
    packedPackages({ build: true });
    work = mkdtempSync(join(tmpdir(), 'myko-packed-app-'));
    app = join(work, 'orders-app');
    mkdirSync(join(app, 'src'), { recursive: true });
    cpSync(FIXTURE, join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'src', 'serve.ts'), SERVE_TS);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'orders-app', version: '1.0.0', private: true, allowScripts: { 'better-sqlite3': true } }),
    );
    await installPacked(app, {
      packages: ['@myko/registry', '@myko/mcp', '@myko/nest'],
      extra: APP_DEPENDENCIES,
      timeoutMs: INSTALL_MS,
    });
    const built = await runIn(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], {
      cwd: app,
    });
    if (built.code !== 0) throw new Error(`tsc failed:\n${built.output}`);
  },
  INSTALL_MS + 2 * 60_000,
);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

it('compiled with no path into this repository: the app imports the installed packages', () => {
  const installed = readdirSync(join(app, 'node_modules', '@myko'));
  expect(installed.sort()).toEqual(['mcp', 'nest', 'registry']);
  // Resolved by the app's own Node, not by this test's module mapping onto the repository's sources.
  const resolved = execFileSync(process.execPath, ['-p', "require.resolve('@myko/nest')"], {
    cwd: app,
    encoding: 'utf8',
  });
  expect(resolved.trim()).toBe(join(app, 'node_modules', '@myko', 'nest', 'dist', 'index.js'));
});

describe.each(['express', 'fastify'])('the packed MykoModule inside an app on %s', (platform) => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startBuiltApp(platform);
  }, 90_000);

  afterAll(async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running.exited;
  });

  it.each(['http', 'ws'] as const)('serves MCP over %s at the app’s path beside its own route', async (transport) => {
    const client = await connect(running.base, transport);
    try {
      const found = (await client.callTool({ name: 'search', arguments: { query: 'orders of a customer' } })) as {
        content: Array<{ text: string }>;
      };
      expect(found.content[0].text).toContain('CustomerOrders');
      // The app's own route answers while an MCP call is in flight.
      const slow = execute(client, `return await myko.query('SlowReport', { ms: 800 });`);
      let slowDone = false;
      void slow.then(() => {
        slowDone = true;
      });
      await new Promise((settle) => setTimeout(settle, 150));
      expect((await fetch(`${running.base}/orders/3`)).status).toBe(200);
      expect(slowDone).toBe(false);
      expect(JSON.parse((await slow).text)).toBe('done');
      // The query and the command run on the app's injected repository; its own route shows the write.
      const orderId = transport === 'http' ? 1 : 2;
      const ran = await execute(
        client,
        `const before = await myko.query('CustomerOrders', { customer: 'Ada' });
         const cancelled = await myko.command('CancelCustomerOrder', { orderId: ${orderId} });
         return { count: before.length, status: cancelled.status };`,
      );
      expect(JSON.parse(ran.text)).toEqual({ count: 2, status: 'cancelled' });
      const route = await fetch(`${running.base}/orders/${orderId}`);
      expect(route.status).toBe(200);
      expect(await route.json()).toMatchObject({ id: orderId, status: 'cancelled' });
      const hidden = await execute(client, `return await myko.command('PurgeOrders', {});`);
      expect(hidden.isError).toBe(true);
      expect(hidden.text).toContain('Unknown operation: command_PurgeOrders');
    } finally {
      await client.close();
    }
  });

  it('leaves the service’s /mcp and /health to the app (404)', async () => {
    const ping = await fetch(`${running.base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(ping.status).toBe(404);
    expect((await fetch(`${running.base}/health`)).status).toBe(404);
  });

  it('drains on SIGTERM: the in-flight call completes, new ones are refused, the app’s own hook runs', async () => {
    const client = await connect(running.base, 'http');
    const slow = execute(client, `return await myko.query('SlowReport', { ms: 1500 });`);
    await new Promise((settle) => setTimeout(settle, 400));
    running.child.kill('SIGTERM');
    await new Promise((settle) => setTimeout(settle, 200));
    const refused = await fetch(`${running.base}${AGENTS_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${SUPPORT_KEY}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'late', version: '1' } },
      }),
    }).catch((error: Error) => error);
    // Refused while draining (503), or the listener is already closed: either way no new session.
    if ('status' in refused) expect(refused.status).toBe(503);
    const answered = await slow.catch((error: Error) => ({ text: `${error}\n${running.output()}` }));
    expect(answered.text).toBe('"done"');
    const exit = await running.exited;
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
    expect(running.output()).toContain('shutdown-log app hook ran on SIGTERM');
    await client.close().catch(() => undefined);
  });
});
