import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines } from '../helpers/access-fixtures';
import { RawWsSession } from '../helpers/raw-ws-session';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A kept-alive HTTP/1.1 connection (one `/health` answered on it) that has begun a `GET` of `path`: not idle, so the
 * drain does not close it; `finish()` sends the rest once the listener is closed and resolves with the answer.
 */
async function begunRequest(origin: URL, path: string): Promise<{ finish(): Promise<string> }> {
  const socket: Socket = connect(Number(origin.port), origin.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  const host = `${origin.hostname}:${origin.port}`;
  const answer = () => new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  const first = answer();
  socket.write(`GET /health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  await first;
  socket.write(`GET ${path} HTTP/1.1\r\n`);
  return {
    finish() {
      const next = answer();
      socket.write(`Host: ${host}\r\n\r\n`);
      return next;
    },
  };
}

describe('refusals during the shutdown drain reach the audit log', () => {
  let dir: string;
  let auditPath: string;
  let server: TestServer | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-drain-audit-'));
    auditPath = join(dir, 'audit.log');
    const configPath = join(dir, 'myko.config.json');
    writeFileSync(configPath, JSON.stringify({ auth: { required: false }, audit: { path: 'audit.log' } }));
    server = await startTestServer(
      createAppConfig(
        'serve',
        { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath, shutdownGraceMs: 10_000 },
        {},
      ),
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the WebSocket and HTTP refusals of the drain as guard lines before the log closes', async () => {
    const running = server as TestServer;
    const origin = new URL(running.httpUrl);
    const ws = await RawWsSession.open(`ws://${origin.host}${origin.pathname}`);
    const http = await begunRequest(origin, origin.pathname);
    const busy = ws.execute(1, 'const end = Date.now() + 1500; while (Date.now() < end) {} return "done";');
    await sleep(300);

    const closed = running.close();
    server = undefined;
    await sleep(200);
    expect((await ws.execute(2, 'return 1;')).error.code).toBe(-32000);
    expect(await http.finish()).toMatch(/^HTTP\/1\.1 503/);
    expect((await busy).result.content[0].text).toBe('"done"');
    await closed;

    const drained = auditLines(auditPath).filter((line) => line.kind === 'guard' && line.reason === 'shutting-down');
    expect(drained).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ door: 'ws', operation: 'tools/call', outcome: 'refused', count: 1 }),
        expect.objectContaining({ door: 'http', status: 503, principal: 'address:127.0.0.1', count: 1 }),
      ]),
    );
  });
});
