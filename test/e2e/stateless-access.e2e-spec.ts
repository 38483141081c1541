import { auditLines, KEYS, type ProfileName, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

let nextId = 1;

/** One raw 2026-07-28 POST: the `_meta` envelope and the mirrored headers, no session. */
async function modern(
  server: TestServer,
  method: string,
  params: Record<string, unknown>,
  profile?: ProfileName,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
  };
  if (typeof params.name === 'string') headers['Mcp-Name'] = params.name;
  if (profile) headers.Authorization = `Bearer ${KEYS[profile]}`;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const res = await fetch(server.httpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta } }),
  });
  return { status: res.status, body: await res.json() };
}

const run = async (server: TestServer, code: string, profile: ProfileName) =>
  (await modern(server, 'tools/call', { name: 'execute', arguments: { code } }, profile)).body.result;

describe('stateless (2026-07-28) requests under access profiles', () => {
  let server: TestServer;
  let auditPath: string;

  beforeAll(async () => {
    const config = writeAccessConfig();
    auditPath = config.auditPath;
    server = await startAccessServer(config.path);
  });
  afterAll(() => server.close());

  it('binds each request to its key: none or a wrong one is 401 with a JSON-RPC body', async () => {
    const anonymous = await modern(server, 'tools/list', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    const listed = await modern(server, 'tools/list', {}, 'support');
    expect(listed.status).toBe(200);
    expect(listed.body.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
  });

  it("applies the key's profile on every request: search and execute see only what it allows", async () => {
    const commands = await modern(server, 'tools/call', { name: 'search', arguments: { kind: 'command' } }, 'support');
    expect(commands.body.result.structuredContent.operations).toEqual([]);
    const hidden = await run(server, "return await myko.command('CancelOrder', { orderId: 1 });", 'support');
    expect(hidden.isError).toBe(true);
    expect(hidden.content[0].text).toContain('Unknown operation: command_CancelOrder');
  });

  it('enforces callability and writes the audit log for stateless executes', async () => {
    const pending =
      "const p = await myko.query('ListOrders', { status: 'pending', warehouseCode: 'AMS', limit: 1 }); return p.items[0].id;";
    const ams = JSON.parse((await run(server, pending, 'ops')).content[0].text);
    const refused = await run(
      server,
      `return await myko.command('CancelOrder', { orderId: ${ams}, warehouseCode: 'AMS' });`,
      'ops',
    );
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain('"AMS" is not in the allowed list ["BER"]');
    const berPending = pending.replace("'AMS'", "'BER'");
    const ber = JSON.parse((await run(server, berPending, 'ops')).content[0].text);
    const cancelled = await run(
      server,
      `return (await myko.command('CancelOrder', { orderId: ${ber}, warehouseCode: 'BER', reason: 'stateless' })).status;`,
      'ops',
    );
    expect(cancelled.content[0].text).toBe('"cancelled"');
    const records = auditLines(auditPath).filter((r) => r.operation === 'command_CancelOrder');
    expect(records).toEqual(
      expect.arrayContaining([expect.objectContaining({ profile: 'ops', transport: 'http', outcome: 'ok' })]),
    );
  });
});
