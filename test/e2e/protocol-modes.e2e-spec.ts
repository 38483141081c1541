import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from '../helpers/test-server';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
};

function post(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.httpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

describe('protocol: modern-only over HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    const base = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:' }, {});
    server = await startTestServer({ dispatch: { ...base.dispatch, protocol: 'modern-only' } });
  });
  afterAll(() => server.close());

  it('refuses the 2025 era with bodies a client can read: initialize 404 -32601, GET and DELETE 405', async () => {
    const initialize = await post(server, INITIALIZE);
    expect(initialize.status).toBe(404);
    expect(await initialize.json()).toMatchObject({ id: 1, error: { code: -32601 } });
    const get = await fetch(server.httpUrl, { headers: { Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringContaining('2026-07-28') },
    });
    expect((await fetch(server.httpUrl, { method: 'DELETE' })).status).toBe(405);
  });

  it('serves 2026-07-28 requests and offers only that version', async () => {
    const headers = { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' };
    const discover = await post(
      server,
      { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: META } },
      headers,
    );
    expect(discover.status).toBe(200);
    expect(((await discover.json()) as { result: unknown }).result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
    });
  });
});
