import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { releaseAll } from '../helpers/releases';
import { type SseApp, startSseApp } from '../helpers/sse-client';
import { WATCHED_URI } from '../helpers/sse-fixtures';

/** Each request the transport sent: method and the headers that matter here. */
interface SentRequest {
  method: string;
  lastEventId: string | null;
  protocolVersion: string | null;
}

/** The official SDK client over StreamableHTTPClientTransport, recording what it sends. */
async function sdkClient(url: string): Promise<{ client: Client; sent: SentRequest[] }> {
  const sent: SentRequest[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      sent.push({
        method: init?.method ?? 'GET',
        lastEventId: headers.get('last-event-id'),
        protocolVersion: headers.get('mcp-protocol-version'),
      });
      return fetch(input, init);
    },
  });
  const client = new Client({ name: 'sse-sdk-e2e', version: '1.0.0' }, { capabilities: { sampling: {} } });
  await client.connect(transport);
  return { client, sent };
}

describe('Streamable HTTP SSE with the official SDK client', () => {
  let server: SseApp;
  let client: Client;

  beforeAll(async () => {
    server = await startSseApp();
    ({ client } = await sdkClient(server.url));
  });

  afterAll(() =>
    releaseAll(
      () => client?.close(),
      () => server?.close(),
    ),
  );

  it('reports progress through onprogress, then resolves with the result', async () => {
    const progress: number[] = [];
    const result = await client.callTool({ name: 'progress_steps', arguments: { steps: 3, delayMs: 20 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(progress).toEqual([1, 2, 3]);
    expect(result.content).toEqual([{ type: 'text', text: 'done after 3 steps' }]);
  });

  it('delivers the logs of a call as notifications/message before its result', async () => {
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params.data);
    });
    const result = await client.callTool({ name: 'log_burst', arguments: { count: 3 } });
    expect(result.content).toEqual([{ type: 'text', text: 'logged 3' }]);
    expect(logs).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('answers a sampling request sent on the call’s stream', async () => {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      content: { type: 'text', text: `hi (${request.params.maxTokens} tokens)` },
      model: 'e2e-model',
    }));
    const result = await client.callTool({ name: 'ask_model', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'model said: hi (10 tokens)' }]);
  });

  it('gets resources/updated on its standalone GET stream after a change', async () => {
    const updated = new Promise<string>((resolve) => {
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri));
    });
    await client.subscribeResource({ uri: WATCHED_URI });
    await client.callTool({ name: 'touch', arguments: {} });
    await expect(updated).resolves.toBe(WATCHED_URI);
  });
});

describe('SSE polling (SEP-1699) with the official SDK client', () => {
  let server: SseApp;

  beforeAll(async () => {
    server = await startSseApp({ ssePollAfterMs: 100, sseRetryMs: 50 });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('the POST stream closes after priming; the SDK resumes with GET + Last-Event-ID and resolves the call', async () => {
    const { client, sent } = await sdkClient(server.url);
    try {
      const result = await client.callTool({ name: 'sleep', arguments: { ms: 500 } });
      expect(result.content).toEqual([{ type: 'text', text: 'slept 500 ms' }]);
      const resumes = sent.filter((r) => r.method === 'GET' && r.lastEventId !== null);
      expect(resumes).toEqual([
        { method: 'GET', lastEventId: expect.stringMatching(/^r\d+:1$/), protocolVersion: '2025-11-25' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('progress sent while the client was away is replayed on the resume', async () => {
    const { client, sent } = await sdkClient(server.url);
    try {
      const progress: number[] = [];
      const result = await client.callTool(
        { name: 'progress_steps', arguments: { steps: 4, delayMs: 60 } },
        undefined,
        { onprogress: (p) => progress.push(p.progress) },
      );
      expect(result.content).toEqual([{ type: 'text', text: 'done after 4 steps' }]);
      expect(progress).toEqual([1, 2, 3, 4]);
      expect(sent.filter((r) => r.method === 'GET' && r.lastEventId !== null)).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
