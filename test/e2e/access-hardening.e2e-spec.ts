import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { FILTER_HEADERS } from '@myko/filter';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines, callJson, callText, startAccessServer } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { INITIALIZE } from '../helpers/raw-mcp';
import { releaseAll } from '../helpers/releases';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const KEY = {
  denyBer: generateApiKey(),
  direct: generateApiKey(),
  allowBer: generateApiKey(),
  ams: generateApiKey(),
  all: generateApiKey(),
};
const DENY_BER = {
  command_CancelOrder: { warehouseCode: ['BER'] },
  command_RestockProduct: { warehouseCode: ['BER'] },
};

interface ToolCallReply {
  result: { isError: boolean; content: { text: string }[] };
}

/** A new session of `key`, then one raw `tools/call` body sent as written (shapes the SDK would not send). */
async function rawToolCall(server: TestServer, key: string, body: string): Promise<ToolCallReply> {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${key}` };
  const init = await fetch(server.httpUrl, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
  const session = init.headers.get('mcp-session-id') ?? '';
  await init.text();
  const call = await fetch(server.httpUrl, {
    method: 'POST',
    headers: { ...headers, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18' },
    body,
  });
  return (await call.json()) as ToolCallReply;
}

function writeConfig(profiles: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'myko-hardening-'));
  const path = join(dir, 'myko.config.json');
  // The host's checks are under test (arguments parsed first, the audited refusal): the type check, which would
  // refuse a literally named hidden operation before anything runs (by design), is off.
  const config = { auth: { required: true }, profiles, audit: { path: 'audit.log' }, typeCheck: 'off' };
  writeFileSync(path, JSON.stringify(config));
  return path;
}

describe('access rules that hold under case and shape games', () => {
  let server: TestServer;
  let auditPath: string;
  const clients: Partial<Record<keyof typeof KEY, Client>> = {};
  const client = async (who: keyof typeof KEY, headers: Record<string, string> = {}) => {
    const transport = new StreamableHTTPClientTransport(server.httpUrl, {
      requestInit: { headers: { Authorization: `Bearer ${KEY[who]}`, ...headers } },
    });
    return connectClient(transport);
  };

  beforeAll(async () => {
    const path = writeConfig({
      denyBer: { keys: [hashApiKey(KEY.denyBer)], callable: { deny: DENY_BER } },
      direct: { keys: [hashApiKey(KEY.direct)], toolMode: 'direct', callable: { deny: DENY_BER } },
      allowBer: {
        keys: [hashApiKey(KEY.allowBer)],
        callable: { allow: { command_CancelOrder: { warehouseCode: ['ber'] } } },
      },
      ams: { keys: [hashApiKey(KEY.ams)], callable: { allow: { report_LowStock: { warehouseCode: ['AMS'] } } } },
      all: { keys: [hashApiKey(KEY.all)] },
    });
    auditPath = join(path, '..', 'audit.log');
    server = await startAccessServer(path);
    for (const who of Object.keys(KEY) as (keyof typeof KEY)[]) clients[who] = await client(who);
  });
  afterAll(() => releaseAll(...Object.values(clients).map((c) => () => c?.close()), () => server?.close()));

  const pendingOrder = (code: string) =>
    callJson<number>(clients.all as Client, 'execute', {
      code: `return (await myko.query('ListOrders', { status: 'pending', warehouseCode: '${code}', limit: 1 })).items[0].id;`,
    });
  const cancelIn = (who: keyof typeof KEY, args: string) =>
    callText(clients[who] as Client, 'execute', { code: `return await myko.command('CancelOrder', ${args});` });

  it.each(['ber', 'bEr', 'Ber', 'BER'])(
    'a deny of BER refuses %j: values compare the way the operation reads them',
    async (code) => {
      const order = await pendingOrder('BER');
      const result = await cancelIn('denyBer', `{ orderId: ${order}, warehouseCode: '${code}' }`);
      expect(result).toMatchObject({ isError: true });
      expect(result.text).toContain('is in the denied list ["BER"]');
      const restock = await callText(clients.denyBer as Client, 'execute', {
        code: `return await myko.command('RestockProduct', { productId: 1, warehouseCode: '${code}', quantity: 1 });`,
      });
      expect(restock.text).toContain('CallRefusedError');
    },
  );

  it('an omitted or null guard argument is refused by a deny (the command would then act on BER too)', async () => {
    const order = await pendingOrder('BER');
    for (const args of [`{ orderId: ${order} }`, `{ orderId: ${order}, warehouseCode: null }`]) {
      const result = await cancelIn('denyBer', args);
      expect(result.text).toContain('argument `warehouseCode` is omitted');
    }
    const status = await callJson<{ status: string }>(clients.all as Client, 'execute', {
      code: `return (await myko.query('GetOrders', { ids: [${order}] }))[0];`,
    });
    expect(status.status).toBe('pending');
    const ams = await pendingOrder('AMS');
    expect((await cancelIn('denyBer', `{ orderId: ${ams}, warehouseCode: 'ams' }`)).isError).toBe(false);
  });

  it('the same holds on tools/call where operations are tools, and an allow listed in lower case admits any case', async () => {
    const order = await pendingOrder('BER');
    const refused = await callText(clients.direct as Client, 'command_CancelOrder', {
      orderId: order,
      warehouseCode: 'bEr',
    });
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining('in the denied list') });
    const allowed = await cancelIn('allowBer', `{ orderId: ${order}, warehouseCode: 'BER' }`);
    expect(allowed.isError).toBe(false);
  });

  it('a resource backed by an operation follows its rules: a profile limited to AMS cannot read every warehouse', async () => {
    const uri = 'myko://inventory/low-stock';
    const listed = async (who: keyof typeof KEY) =>
      (await (clients[who] as Client).listResources()).resources.map((r) => r.uri);
    expect(await listed('all')).toContain(uri);
    expect(await listed('ams')).not.toContain(uri);
    await expect((clients.ams as Client).readResource({ uri })).rejects.toMatchObject({ code: -32002 });
    expect((await (clients.all as Client).readResource({ uri })).contents).toHaveLength(1);
    const own = await callText(clients.ams as Client, 'execute', {
      code: "return await myko.report('LowStock', { warehouseCode: 'ams' });",
    });
    expect(own.isError).toBe(false);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'rejects %j as an argument key like any unknown key',
    async (key) => {
      const inScript = await callText(clients.all as Client, 'execute', {
        code: `return await myko.query('ListOrders', JSON.parse('{"${key}": {"limit": 1}}'));`,
      });
      expect(inScript).toMatchObject({ isError: true, text: expect.stringContaining(key) });
      expect(inScript.text).toContain('InvalidArgumentsError');
      const body = await rawToolCall(
        server,
        KEY.direct,
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"query_ListOrders","arguments":{"${key}":{"limit":1}}}}`,
      );
      expect(body.result.isError).toBe(true);
      expect(body.result.content[0].text).toContain(key);
    },
  );

  it('does the same work for a hidden and a missing operation: arguments parsed first, the same audited refusal', async () => {
    const hiddenFor = await client('all', { [FILTER_HEADERS.visibilityDeny]: 'command_CancelOrder' });
    const answer = (name: string) =>
      callText(hiddenFor, 'execute', { code: `return await myko.command('${name}', JSON.parse('[1, 2]'));` });
    const [hidden, missing] = [await answer('CancelOrder'), await answer('NoSuchCommand')];
    expect(hidden.text.replace('CancelOrder', 'X')).toBe(missing.text.replace('NoSuchCommand', 'X'));
    expect(hidden.text).toContain('must be an object');
    // With arguments that parse, both end in the same error and both write an audited refusal.
    const before = auditLines(auditPath).length;
    const call = (name: string) =>
      callText(hiddenFor, 'execute', { code: `return await myko.command('${name}', { orderId: 1 });` });
    const [hiddenCall, missingCall] = [await call('CancelOrder'), await call('NoSuchCommand')];
    expect(hiddenCall.text.replace('CancelOrder', 'X')).toBe(missingCall.text.replace('NoSuchCommand', 'X'));
    expect(auditLines(auditPath).slice(before)).toEqual([
      expect.objectContaining({
        operation: 'command_CancelOrder',
        outcome: 'refused',
        error: expect.stringContaining('not visible'),
      }),
      expect.objectContaining({
        operation: 'command_NoSuchCommand',
        outcome: 'refused',
        error: expect.stringContaining('not an operation'),
      }),
    ]);
    await hiddenFor.close();
  });

  it('writes the audit line of a refused call with a 30,000-deep argument', async () => {
    const before = auditLines(auditPath).length;
    const deep = `${'['.repeat(30_000)}1${']'.repeat(30_000)}`;
    const body = await rawToolCall(
      server,
      KEY.direct,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"command_CancelOrder","arguments":{"orderId":1,"warehouseCode":"BER","reason":${deep}}}}`,
    );
    expect(body.result.isError).toBe(true);
    const lines = auditLines(auditPath).slice(before);
    expect(lines).toEqual([
      expect.objectContaining({
        profile: 'direct',
        operation: 'command_CancelOrder',
        outcome: 'refused',
        argsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });
});

describe('malformed patterns are refused', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccessServer(writeConfig({ all: { keys: [hashApiKey(KEY.all)] } }));
  });
  afterAll(() => server.close());

  it.each(['command_*}', 'query_Nothing},command_*', 'query_{Get}', 'query_a.b'])(
    'from a header: %j → 400',
    async (pattern) => {
      const res = await fetch(server.httpUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${KEY.all}`,
          [FILTER_HEADERS.visibilityDeny]: pattern,
        },
        body: JSON.stringify(INITIALIZE),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(FILTER_HEADERS.visibilityDeny);
    },
  );

  it.each([
    [{ visibility: { deny: ['command_*}'] } }, 'profiles.bad.visibility.deny'],
    [{ visibility: { allow: ['query_Nothing},command_*'] } }, 'profiles.bad.visibility.allow'],
    [{ callable: { deny: { 'command_*}': { warehouseCode: ['BER'] } } } }, 'profiles.bad.callable.deny'],
  ])('from the config file: %j is a start-up error', (profile, path) => {
    const config = writeConfig({ bad: { keys: [hashApiKey(generateApiKey())], ...profile } });
    expect(() => createAppConfig('serve', { host: '127.0.0.1', port: 0, configPath: config }, {})).toThrow(path);
  });
});
