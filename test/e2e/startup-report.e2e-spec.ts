import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { startRedisServer } from '../helpers/redis-server';
import { releaseAll } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(90_000);

const FIXTURES = resolve(__dirname, '../fixtures/plugins');
/** The repository: the console's source files, which the built server must serve as they are. */
const ROOT = resolve(__dirname, '../..');

/** The `[MykoNest] …` lines of a start-up log, without Nest's prefix. */
function mykoLines(output: string): string[] {
  return [...output.matchAll(/\[MykoNest\] (.*)$/gm)].map(([, line]) => line);
}

describe('the start-up log names what the server runs with', () => {
  let dir: string;
  let server: ServeProcess | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-startup-'));
  });
  afterEach(() => {
    killServeProcess(server);
    server = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the --plugin files with their operations, and the Redis in use (host, port, db; no credentials)', async () => {
    const redis = await startRedisServer();
    try {
      const plugin = join(dir, 'slow-backend.plugin.js');
      copyFileSync(join(FIXTURES, 'slow-backend.plugin.js'), plugin);
      server = await startServeProcess(['--plugin', plugin, '--redis', `${redis.url}/3`]);
      const lines = mykoLines(server.output());
      expect(lines).toContain(`Plugins: ${plugin} (2 operations)`);
      expect(lines).toContain(`State: Redis 127.0.0.1:${redis.port}/3, key prefix "myko:"`);
    } finally {
      await releaseAll(
        () => killServeProcess(server),
        () => redis.stop(),
      );
    }
  });

  it('state in memory, and no plugin line without plugin files', async () => {
    server = await startServeProcess();
    const lines = mykoLines(server.output());
    expect(lines).toContain('State: in this process (memory; not shared with other instances)');
    expect(lines.filter((line) => line.startsWith('Plugins:'))).toEqual([]);
  });

  it('an OAuth-only config asks for a bearer token from its issuer, in the log and in the 401', async () => {
    const path = join(dir, 'oauth-only.json');
    const oauth = {
      resource: 'https://mcp.example.com/mcp',
      issuers: [{ issuer: 'https://idp.example.com', jwksUri: 'https://idp.example.com/jwks' }],
      profiles: [{ profile: 'ops', match: { scope: 'myko:ops' } }],
    };
    writeFileSync(path, JSON.stringify({ profiles: { ops: {} }, oauth }));
    server = await startServeProcess(['--config', path]);
    expect(mykoLines(server.output())).toContain(
      `Access: ${path}; profiles ops; required: a bearer token from https://idp.example.com`,
    );
    const response = await fetch(`${server.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Unauthorized: A bearer token from https://idp.example.com is required (Authorization: Bearer <token>)',
    );
  });

  it('an admin API: its path in the log, and served by `myko-nest serve` to its key', async () => {
    const path = join(dir, 'admin.json');
    const [adminKey, opsKey] = [generateApiKey(), generateApiKey()];
    const admin = { keys: [hashApiKey(adminKey)], path: '/ops-admin' };
    writeFileSync(path, JSON.stringify({ profiles: { ops: { keys: [hashApiKey(opsKey)] } }, admin }));
    server = await startServeProcess(['--config', path]);
    expect(mykoLines(server.output())).toContain(
      'Admin API: /ops-admin (1 admin key; every request audited); console: /ops-admin/console/',
    );
    const explain = (key: string) =>
      fetch(`${server?.origin}/ops-admin/access/explain?profile=ops`, { headers: { authorization: `Bearer ${key}` } });
    expect((await explain(opsKey)).status).toBe(403);
    const answer = await explain(adminKey);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { subject: { profile: string } }).subject.profile).toBe('ops');
    // The console's files come from the built output (dist/), without a credential.
    for (const file of ['', 'console.js', 'console.css']) {
      const served = await fetch(`${server?.origin}/ops-admin/console/${file}`);
      expect([file, served.status]).toEqual([file, 200]);
      expect(await served.text()).toBe(
        readFileSync(join(ROOT, 'libs/admin/src/console', file || 'index.html'), 'utf8'),
      );
    }
  });
});
