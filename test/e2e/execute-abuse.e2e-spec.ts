import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { callExecute } from '../helpers/execute-tool';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const COOLDOWN_MS = 4_000;
const SPIN = 'while (true) {}';

/** What the backoff tests compare: the outcome without its blocks. */
async function execute(client: Client, code: string) {
  const { isError, text, meta } = await callExecute(client, code);
  return { isError, text, meta };
}

let server: TestServer;
let abuser: Client;
let bystander: Client;
let sameAddress: Client;
/** The bystander's own API key: the backoff counts a conversation inside its key, else inside its address. */
const BYSTANDER_KEY = generateApiKey();

beforeAll(async () => {
  // Through the config file, as an operator would set it.
  const dir = mkdtempSync(join(tmpdir(), 'myko-abuse-'));
  const configPath = join(dir, 'myko.config.json');
  const sandbox = { cpuTimeMs: 100, abuseBackoff: { strikes: 3, windowMs: 60_000, cooldownMs: COOLDOWN_MS } };
  const profiles = { agents: { keys: [hashApiKey(BYSTANDER_KEY)] } };
  writeFileSync(configPath, JSON.stringify({ auth: { required: false }, profiles, sandbox }));
  const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {});
  server = await startTestServer(config);
  abuser = await connectClient(clientTransport('http', server));
  const headers = { Authorization: `Bearer ${BYSTANDER_KEY}` };
  bystander = await connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
  sameAddress = await connectClient(clientTransport('ws', server));
});

afterAll(() =>
  releaseAll(
    () => abuser?.close(),
    () => bystander?.close(),
    () => sameAddress?.close(),
    () => server?.close(),
  ),
);

describe('the execute abuse backoff', () => {
  it('refuses a conversation after three CPU-limited runs, with retry advice, and serves it again after the cooldown', async () => {
    for (let i = 0; i < 3; i++) {
      const spun = await execute(abuser, SPIN);
      expect(spun).toMatchObject({ isError: true, text: expect.stringContaining('CPU time limit') });
    }

    const askedAt = performance.now();
    const refused = await execute(abuser, 'return 1;');
    // Held for a second, so a client that ignores the advice cannot loop on refusals.
    expect(performance.now() - askedAt).toBeGreaterThanOrEqual(900);
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(
      /Execution refused: 3 of this conversation's scripts [\s\S]*\nRetry after \d s, at \S+ \(retryAfterMs: \d+\)/s,
    );
    expect(refused.meta).toMatchObject({ limit: 'execute-abuse-backoff', retryAfterMs: expect.any(Number) });
    const retryAfterMs = refused.meta?.retryAfterMs as number;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(COOLDOWN_MS);

    // Another client (its own key) is served at once; so is another conversation from the abuser's address (one
    // conversation's runaway scripts do not pause its siblings; see execute-abuse-conversations for the principal).
    const bystanderAt = performance.now();
    expect(await execute(bystander, 'return 2;')).toEqual({ isError: false, text: '2', meta: undefined });
    expect(performance.now() - bystanderAt).toBeLessThan(900);
    expect(await execute(sameAddress, 'return 4;')).toEqual({ isError: false, text: '4', meta: undefined });
    expect(await abuser.callTool({ name: 'search', arguments: { query: 'stock' } })).not.toHaveProperty(
      'isError',
      true,
    );

    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 50));
    expect(await execute(abuser, 'return 3;')).toMatchObject({ isError: false, text: '3' });
  });

  it('counts a stateless (2026-07-28) conversation across its requests, each a session of its own, by the name it sends', async () => {
    const modern = new ModernClient(
      { name: 'abuse-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const headers = { 'X-Myko-Conversation': 'agent-1' };
    await modern.connect(new ModernHttpTransport(server.httpUrl, { requestInit: { headers } }));
    const run = async (code: string) => {
      const result = await modern.callTool({ name: 'execute', arguments: { code } });
      return { isError: result.isError === true, meta: result._meta as Record<string, unknown> | undefined };
    };
    for (let i = 0; i < 3; i++) expect(await run(SPIN)).toMatchObject({ isError: true });
    const refused = { isError: true, meta: { limit: 'execute-abuse-backoff', level: 'conversation' } };
    expect(await run('return 1;')).toMatchObject(refused);
    expect(await execute(bystander, 'return 2;')).toMatchObject({ isError: false, text: '2' });
    await modern.close();
  });
});
