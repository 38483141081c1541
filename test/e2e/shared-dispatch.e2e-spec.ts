import { PassThrough } from 'node:stream';
import { type ClientContext, DispatchService } from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';
import { StdioTransport } from '@myko/gateways';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Runs the stdio transport in-process over in-memory streams and returns the answered lines. */
async function overInProcessStdio(app: TestServer['app'], lines: object[]): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  const served = app.get(StdioTransport).serve({ input, output, filters: ClientFilters.ALLOW_ALL });
  input.end(lines.map((line) => JSON.stringify(line)).join('\n'));
  await served;
  return written
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('the three gateways share one DispatchService', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await server?.close();
  });

  it('routes HTTP, WebSocket and stdio messages through the same instance', async () => {
    const dispatch = server.app.get(DispatchService);
    // Spies on the app's one instance call through: a gateway holding another instance would not show up.
    const handle = jest.spyOn(dispatch, 'handle');
    const handleText = jest.spyOn(dispatch, 'handleText');

    for (const name of ['http', 'ws'] as const) {
      const client = await connectClient(clientTransport(name, server));
      try {
        await client.ping();
      } finally {
        await client.close();
      }
    }
    const answers = await overInProcessStdio(server.app, [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);

    const calls = [...handle.mock.calls, ...handleText.mock.calls] as [unknown, ClientContext][];
    expect(new Set(calls.map(([, client]) => client.transport))).toEqual(new Set(['http', 'ws', 'stdio']));
  });
});
