import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { auditLines } from '../helpers/access-fixtures';
import { useFileBackedServer } from '../helpers/file-backed-server';
import { useReleases } from '../helpers/releases';

jest.setTimeout(90_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

const ADMIN_KEY = generateApiKey();
/** A and C share a profile, B has another: each key is a principal of its own. */
const KEYS = { a: generateApiKey(), b: generateApiKey(), c: generateApiKey() };
type Who = keyof typeof KEYS;
const CONFIG = {
  auth: { required: true },
  profiles: {
    alpha: { keys: [hashApiKey(KEYS.a), hashApiKey(KEYS.c)] },
    beta: { keys: [hashApiKey(KEYS.b)] },
  },
  admin: { keys: [hashApiKey(ADMIN_KEY)] },
  typeCheck: 'off',
  audit: { path: 'audit.log' },
};
/** How a listing names a key's principal: `key:` and the first 16 hex digits of its SHA-256. */
const principalOf = (who: Who) => `key:${hashApiKey(KEYS[who]).slice('sha256:'.length, 'sha256:'.length + 16)}`;

/** Deactivating a product needs an approval no SDK client without elicitation can give: the run pauses. */
const PAUSING = (productId: number) => `
  await myko.command('UpdateProductPrice', { productId: ${productId}, unitPriceCents: 1234 });
  await myko.command('DeactivateProduct', { productId: ${productId} });
  return 'deactivated';`;
const COMPLETING = (productId: number) => `
  await myko.command('RestockProduct', { productId: ${productId}, warehouseCode: 'BER', quantity: 1 });
  return 'restocked';`;

const served = useFileBackedServer({ prefix: 'myko-executions-listing-', config: CONFIG });
const opened = useReleases();
const ran: Record<Who, { paused: string; completed: string }> = {} as never;

beforeAll(async () => {
  // A, then B, then C: the newest first is C's completed run.
  let product = 1;
  for (const who of ['a', 'b', 'c'] as const) {
    const client = await connect(who);
    const paused: Json = await client.callTool({ name: 'execute', arguments: { code: PAUSING(product++) } });
    expect(paused.structuredContent.execution.state).toBe('paused');
    const completed: Json = await client.callTool({ name: 'execute', arguments: { code: COMPLETING(product++) } });
    expect(completed._meta.execution.state).toBe('completed');
    ran[who] = { paused: paused.structuredContent.execution.id, completed: completed._meta.execution.id };
  }
});

/** The official SDK client over Streamable HTTP with a key, declaring no elicitation. */
async function connect(who: Who): Promise<Client> {
  const client = opened(new Client({ name: `listing-${who}`, version: '1.0.0' }, { capabilities: {} }), (c) =>
    c.close(),
  );
  const headers = { Authorization: `Bearer ${KEYS[who]}` };
  await client.connect(new StreamableHTTPClientTransport(served.server.httpUrl, { requestInit: { headers } }));
  return client;
}

async function readListing(client: Client, uri = 'myko://executions'): Promise<Json> {
  const { contents } = await client.readResource({ uri });
  expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
  return JSON.parse((contents[0] as { text: string }).text);
}

async function admin(query: string, key = ADMIN_KEY): Promise<{ status: number; body: Json }> {
  const res = await fetch(new URL(`/admin/executions${query}`, served.server.httpUrl), {
    headers: { Authorization: `Bearer ${key}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('myko://executions: a principal lists its own', () => {
  it('is listed in resources/list and answers key A only its own, the paused one with what it waits for', async () => {
    const client = await connect('a');
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: 'myko://executions', mimeType: 'application/json' }),
    );
    const { executions, next } = await readListing(client);
    expect(next).toBeUndefined();
    expect(executions.map((e: Json) => e.id)).toEqual([ran.a.completed, ran.a.paused]);
    expect(executions[1]).toEqual({
      id: ran.a.paused,
      state: 'paused',
      principal: principalOf('a'),
      profile: 'alpha',
      sessionId: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      expiresAt: expect.any(String),
      calls: 1,
      waitingFor: { operation: 'command_DeactivateProduct', args: { productId: 1 }, reason: 'approval' },
    });
    expect(JSON.stringify(executions)).not.toMatch(/script|result|digest|unitPriceCents/);
  });

  it('never shows another key’s, in another profile or the same one', async () => {
    const b = await readListing(await connect('b'));
    expect(b.executions.map((e: Json) => e.id)).toEqual([ran.b.completed, ran.b.paused]);
    const c = await readListing(await connect('c'));
    expect(c.executions.map((e: Json) => e.id)).toEqual([ran.c.completed, ran.c.paused]);
    expect(c.executions.every((e: Json) => e.principal === principalOf('c') && e.profile === 'alpha')).toBe(true);
  });

  it('narrows to the paused ones with ?state=paused, and refuses a principal of its choosing', async () => {
    const client = await connect('b');
    const paused = await readListing(client, 'myko://executions?state=paused');
    expect(paused.executions.map((e: Json) => e.id)).toEqual([ran.b.paused]);
    await expect(client.readResource({ uri: `myko://executions?principal=${principalOf('a')}` })).rejects.toThrow(
      /principal/,
    );
  });
});

describe('GET /admin/executions: an operator lists all', () => {
  it('lists every key’s paused executions, newest first, in the summary shape', async () => {
    const { status, body } = await admin('?state=paused');
    expect(status).toBe(200);
    expect(body.executions.map((e: Json) => e.id)).toEqual([ran.c.paused, ran.b.paused, ran.a.paused]);
    expect(body.executions.map((e: Json) => e.principal)).toEqual([
      principalOf('c'),
      principalOf('b'),
      principalOf('a'),
    ]);
    expect(body.executions[1].waitingFor).toEqual({
      operation: 'command_DeactivateProduct',
      args: { productId: 3 },
      reason: 'approval',
    });
    expect(body.next).toBeUndefined();
  });

  it('filters by principal, and by principal and state', async () => {
    const all = await admin(`?principal=${encodeURIComponent(principalOf('b'))}`);
    expect(all.body.executions.map((e: Json) => e.id)).toEqual([ran.b.completed, ran.b.paused]);
    const completed = await admin(`?principal=${encodeURIComponent(principalOf('b'))}&state=completed`);
    expect(completed.body.executions.map((e: Json) => e.id)).toEqual([ran.b.completed]);
  });

  it('pages with limit=1 and the next cursor through every execution once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { status, body } = await admin(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      expect(body.executions).toHaveLength(1);
      seen.push(body.executions[0].id);
      cursor = body.next;
    } while (cursor && seen.length < 20);
    const newestFirst = (['c', 'b', 'a'] as const).flatMap((who) => [ran[who].completed, ran[who].paused]);
    expect(seen).toEqual(newestFirst);
  });

  it('refuses a bad state, limit, cursor or filter with 400', async () => {
    for (const query of ['?state=sleeping', '?limit=0', '?limit=201', '?limit=ten', '?cursor=%21%21', '?owner=x']) {
      const { status, body } = await admin(query);
      expect([query, status]).toEqual([query, 400]);
      expect(body.error).toEqual(expect.any(String));
    }
  });

  it('refuses an ordinary key with 403 and no credential with 401; each request is audited', async () => {
    expect((await admin('?state=paused', KEYS.a)).status).toBe(403);
    const anonymous = await fetch(new URL('/admin/executions', served.server.httpUrl));
    expect(anonymous.status).toBe(401);
    const lines = auditLines(join(served.dir, 'audit.log')).filter((line) => line.action === 'executions.list');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'admin', outcome: 'ok', status: 200 }),
        expect.objectContaining({ outcome: 'ok', target: `principal:${principalOf('b')}` }),
        expect.objectContaining({ outcome: 'invalid', status: 400 }),
        expect.objectContaining({ outcome: 'forbidden', status: 403 }),
      ]),
    );
  });
});

describe('after a decision', () => {
  it('lists a rejected execution with its decision, out of the paused ones, first in its owner’s list', async () => {
    const rejected = await fetch(new URL(`/admin/executions/${ran.a.paused}/reject`, served.server.httpUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, 'X-Myko-Operator': 'bob' },
    });
    expect(rejected.status).toBe(200);
    const paused = await admin('?state=paused');
    expect(paused.body.executions.map((e: Json) => e.id)).toEqual([ran.c.paused, ran.b.paused]);
    const { executions } = await readListing(await connect('a'));
    expect(executions.map((e: Json) => e.id)).toEqual([ran.a.paused, ran.a.completed]);
    expect(executions[0]).toMatchObject({
      state: 'rejected',
      decision: { verdict: 'rejected', by: 'operator:bob', at: expect.any(String) },
    });
  });
});
