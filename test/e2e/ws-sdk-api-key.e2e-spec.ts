import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { apiKeyProtocol as serverSideEntry } from '../../libs/gateways/src/ws/ws-api-key.protocol';
import { KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { compileReadmeExample } from '../helpers/readme-example';
import type { TestServer } from '../helpers/test-server';

/**
 * Issue 39: the official SDK 1.x WebSocket client, which takes only a URL, authenticates with an API
 * key through the subclass docs/transports.md gives (the key as a subprotocol entry, never in the URL),
 * against a server that requires keys.
 */
const example = compileReadmeExample(
  "#### An API key from the SDK's WebSocket client",
  'api-key-websocket.transport.ts',
);
const ApiKeyWebSocketTransport = example.ApiKeyWebSocketTransport as new (url: URL, key: string) => Transport;
const apiKeyProtocol = example.apiKeyProtocol as (key: string) => string;

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'ws-sdk-api-key', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe("the SDK's WebSocket client with an API key", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startAccessServer(writeAccessConfig().path);
  });

  afterAll(() => server?.close());

  it("encodes the key's entry as the server decodes it, non-ASCII keys included", () => {
    for (const key of [KEYS.ops, 'ключ-🔑-with+/=']) expect(apiKeyProtocol(key)).toBe(serverSideEntry(key));
  });

  it("connects with the documented transport and acts as the key's profile", async () => {
    const client = await connect(new ApiKeyWebSocketTransport(server.wsUrl, KEYS.ops));
    try {
      const search = await client.callTool({ name: 'search', arguments: { kind: 'command' } });
      const found = search.structuredContent as { operations: Array<{ id: string }> };
      expect(found.operations.map((op) => op.id)).toEqual(['CancelOrder']);
    } finally {
      await client.close();
    }
    // The global WebSocket is the native one again once the socket is built.
    expect(globalThis.WebSocket.name).toBe('WebSocket');
  });

  it('is refused without a key, with a wrong one, and with the key in the URL', async () => {
    await expect(connect(new WebSocketClientTransport(server.wsUrl))).rejects.toBeDefined();
    await expect(connect(new ApiKeyWebSocketTransport(server.wsUrl, 'not-a-key'))).rejects.toBeDefined();
    const inUrl = new URL(server.wsUrl);
    inUrl.searchParams.set('key', KEYS.ops);
    await expect(connect(new WebSocketClientTransport(inUrl))).rejects.toBeDefined();
  });
});
