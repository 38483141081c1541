import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { LIMIT_EXCEEDED } from '@myko/gateways';
import { WebSocket } from 'ws';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines } from '../helpers/access-fixtures';
import { eventually, INITIALIZE, PROTOCOL_VERSION, refusedWs, wsCalls } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Two keys: `http` floods the HTTP door, `ws` an open WebSocket (each its own rate bucket). */
const KEYS = { http: generateApiKey(), ws: generateApiKey() };
const WRONG_KEY = `not-a-key-${generateApiKey()}`;
const CONFIG = {
  auth: { required: true },
  profiles: { partners: { keys: [hashApiKey(KEYS.http), hashApiKey(KEYS.ws)] } },
  limits: { rateLimit: { requestsPerSecond: 1, burst: 3 } },
  audit: { path: 'audit.log' },
};
const FLOOD = 40;

/** `key:<16 hex>`: how the gateways name the holder of an API key. */
const principalOf = (key: string) => `key:${hashApiKey(key).slice('sha256:'.length, 'sha256:'.length + 16)}`;
const PING = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON lines
type Line = Record<string, any>;

describe('the audit log: refusals at the edge as guard lines, coalesced', () => {
  let dir: string;
  let auditPath: string;
  let server: TestServer;

  const guardLines = (match: Partial<Line>): Line[] =>
    auditLines(auditPath).filter(
      (line: Line) => line.kind === 'guard' && Object.entries(match).every(([field, value]) => line[field] === value),
    );
  const counted = (lines: Line[]) => lines.reduce((sum, line) => sum + line.count, 0);

  async function post(message: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(server.httpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': PROTOCOL_VERSION,
        ...headers,
      },
      body: JSON.stringify(message),
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-edge-audit-'));
    auditPath = join(dir, 'audit.log');
    const configPath = join(dir, 'myko.config.json');
    writeFileSync(configPath, JSON.stringify(CONFIG));
    server = await startTestServer(
      createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes an HTTP flood past the rate limit as a few 429 lines whose counts add up to the refusals', async () => {
    const auth = { Authorization: `Bearer ${KEYS.http}` };
    const opened = await post(INITIALIZE, auth);
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id') ?? '';
    await opened.text();
    const replies = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) => post(PING(i + 1), { ...auth, 'Mcp-Session-Id': session })),
    );
    await Promise.all(replies.map((reply) => reply.text()));
    const refused = replies.filter((reply) => reply.status === 429).length;
    expect(refused).toBeGreaterThan(5);

    const principal = principalOf(KEYS.http);
    const lines = () => guardLines({ door: 'http', principal });
    expect(await eventually(() => counted(lines()) === refused, 10_000)).toBe(true);
    expect(lines().length).toBeLessThan(refused);
    expect(lines()[0]).toMatchObject({
      event: 'refused',
      outcome: 'refused',
      operation: 'ping',
      status: 429,
      reason: expect.stringMatching(/^(rateLimit|maxInFlightPerSession)$/),
      conversation: `${principal}/${session}`,
      retryAfterMs: expect.any(Number),
    });
  });

  it('writes a -32029 refusal on an open WebSocket as a guard line of its connection', async () => {
    const socket = new WebSocket(server.wsUrl, 'mcp', { headers: { Authorization: `Bearer ${KEYS.ws}` } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      await wsCalls(socket, [{ ...INITIALIZE, id: 1000 }]);
      const answers = await wsCalls(
        socket,
        Array.from({ length: 20 }, (_, i) => PING(i + 1)),
      );
      const refused = answers.filter((answer) => answer.error?.code === LIMIT_EXCEEDED).length;
      expect(refused).toBeGreaterThan(0);
      const lines = () => guardLines({ door: 'ws', principal: principalOf(KEYS.ws) });
      expect(await eventually(() => counted(lines()) === refused, 10_000)).toBe(true);
      expect(lines()[0]).toMatchObject({ operation: 'ping', reason: 'rateLimit', retryAfterMs: expect.any(Number) });
      expect(lines()[0]).not.toHaveProperty('status');
    } finally {
      socket.close();
    }
  });

  it('writes a refused WebSocket handshake (no credential: 401) as a guard line of the address', async () => {
    expect((await refusedWs(server.wsUrl)).status).toBe(401);
    const lines = () => guardLines({ door: 'ws-handshake', status: 401 });
    expect(await eventually(() => lines().length > 0, 5_000)).toBe(true);
    expect(lines()[0]).toMatchObject({
      principal: 'address:127.0.0.1',
      operation: 'connect',
      reason: 'unauthorized',
      count: 1,
    });
  });

  it('writes an HTTP 401 for an unknown key as a guard line of the address, without the key', async () => {
    const refused = await post(INITIALIZE, { Authorization: `Bearer ${WRONG_KEY}` });
    expect(refused.status).toBe(401);
    await refused.text();
    const lines = () => guardLines({ door: 'http', status: 401 });
    expect(await eventually(() => lines().length > 0, 5_000)).toBe(true);
    expect(lines()[0]).toMatchObject({ principal: 'address:127.0.0.1', reason: 'unauthorized', count: 1 });
    const text = readFileSync(auditPath, 'utf8');
    for (const key of [WRONG_KEY, KEYS.http, KEYS.ws]) expect(text).not.toContain(key);
  });
});
