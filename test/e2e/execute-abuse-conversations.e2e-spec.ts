import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { callExecute } from '../helpers/execute-tool';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** A key is a tenant of many agents: every session of these tests but one presents it. */
const TENANT_KEY = generateApiKey();
const OTHER_KEY = generateApiKey();
const SPIN = 'while (true) {}';
/** What the service logs, once, when a cooldown starts. */
const PAUSE_LOG = /execute paused for (conversation|principal) /;

let server: TestServer;
const sessions: Client[] = [];
const logged: string[] = [];
let restoreLog: () => void;

/** A new SDK 1.x session over HTTP presenting `key`. */
async function session(key = TENANT_KEY): Promise<Client> {
  const headers = { Authorization: `Bearer ${key}` };
  const client = await connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
  sessions.push(client);
  return client;
}

async function execute(client: Client, code: string) {
  const { isError, text, meta } = await callExecute(client, code);
  return { isError, text, meta };
}

/** Runaway scripts from `client` until the sandbox's CPU limit has stopped `count` of them. */
async function runAway(client: Client, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    expect(await execute(client, SPIN)).toMatchObject({
      isError: true,
      text: expect.stringContaining('CPU time limit'),
    });
  }
}

/** Log lines of cooldowns that started, of `level`. */
function pauses(level: 'conversation' | 'principal'): string[] {
  return logged.filter((line) => PAUSE_LOG.test(line) && line.includes(`level ${level}`));
}

beforeAll(async () => {
  // Every line the service writes, as an operator's log collector would see it.
  const writes = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    return () => {
      stream.write = write;
    };
  });
  restoreLog = () => {
    for (const restore of writes) restore();
  };
  // Through the config file, as an operator would set it: two strikes cool a conversation down; the principal's
  // thresholds are the defaults (three conversations cooled down within the window).
  const dir = mkdtempSync(join(tmpdir(), 'myko-abuse-conversations-'));
  const configPath = join(dir, 'myko.config.json');
  const sandbox = { cpuTimeMs: 100, abuseBackoff: { strikes: 2, windowMs: 60_000, cooldownMs: 30_000 } };
  const profiles = { agents: { keys: [hashApiKey(TENANT_KEY), hashApiKey(OTHER_KEY)] } };
  writeFileSync(configPath, JSON.stringify({ auth: { required: false }, profiles, sandbox }));
  const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {});
  server = await startTestServer(config);
});

afterAll(() =>
  releaseAll(
    ...sessions.map((client) => () => client.close()),
    () => server?.close(),
    async () => restoreLog?.(),
  ),
);

describe('the execute abuse backoff, per conversation under one API key', () => {
  let siblings: Client[];

  it("cools down only the conversation whose scripts ran away; its siblings' execute still runs", async () => {
    const hostile = await session();
    siblings = [await session(), await session()];
    await runAway(hostile, 2);

    for (const [i, sibling] of siblings.entries()) {
      expect(await execute(sibling, `return ${i + 10};`)).toEqual({
        isError: false,
        text: `${i + 10}`,
        meta: undefined,
      });
    }
    const refused = await execute(hostile, 'return 1;');
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Execution refused: 2 of this conversation's scripts within 60 s /);
    expect(refused.text).toMatch(/\nRetry after \d+ s, at \d{4}-\d\d-\d\dT[\d:.]+Z \(retryAfterMs: \d+\)/);
    expect(refused.meta).toMatchObject({ limit: 'execute-abuse-backoff', level: 'conversation' });
    // Refused again: still one cooldown, logged once at its start, not per refusal.
    expect((await execute(hostile, 'return 1;')).isError).toBe(true);

    expect(pauses('conversation')).toHaveLength(1);
    expect(pauses('conversation')[0]).toMatch(/cause cpu, principal key:\S+, conversation key:\S+\/\S+\) for 30 s/);
    expect(pauses('principal')).toHaveLength(0);
  });

  it('pauses the whole key once three of its conversations misbehaved, and only that key', async () => {
    await runAway(await session(), 2);
    expect(await execute(siblings[0], 'return 2;')).toMatchObject({ isError: false, text: '2' });
    expect(pauses('principal')).toHaveLength(0);

    await runAway(await session(), 2);
    const fresh = await session();
    for (const client of [siblings[0], siblings[1], fresh]) {
      const refused = await execute(client, 'return 3;');
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(
        /^Execution refused: this API key \(or address\) is paused as a whole: 3 of its conversations/,
      );
      expect(refused.meta).toMatchObject({ limit: 'execute-abuse-backoff', level: 'principal' });
    }
    expect(await execute(await session(OTHER_KEY), 'return 4;')).toMatchObject({ isError: false, text: '4' });
    expect(pauses('conversation')).toHaveLength(3);
    expect(pauses('principal')).toHaveLength(1);
    expect(pauses('principal')[0]).toMatch(
      /execute paused for principal key:\S+ \(level principal, cause conversations,/,
    );
  });
});
