import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

export type TransportName = 'stdio' | 'http' | 'ws';

/** The launcher MCP hosts start; needs `npm run build` (the test script builds first). */
export const LAUNCHER = resolve(__dirname, '../../bin/myko-nest');

/** Spawns `bin/myko-nest stdio --db :memory: …args` with the given extra environment. */
export function stdioTransport(env: Record<string, string> = {}, args: string[] = []): StdioClientTransport {
  return new StdioClientTransport({
    command: LAUNCHER,
    args: ['stdio', '--db', ':memory:', ...args],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
}

/** A transport to the server at `urls`, or (stdio) to a fresh `bin/myko-nest stdio` with `stdioArgs`. */
export function clientTransport(
  name: TransportName,
  urls: { httpUrl: URL; wsUrl: URL },
  stdioArgs: string[] = [],
): Transport {
  if (name === 'stdio') return stdioTransport({}, stdioArgs);
  if (name === 'http') return new StreamableHTTPClientTransport(urls.httpUrl);
  return new WebSocketClientTransport(urls.wsUrl);
}

/** An official SDK client, connected (initialize + initialized done). */
export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'myko-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * A client session for the tests of one `describe`: opened before them, closed after them. Returns a
 * getter (the session exists only once `beforeAll` has run).
 */
export function useSession<T extends { client: Client }>(open: () => Promise<T>): () => T {
  let session: T | undefined;
  beforeAll(async () => {
    session = await open();
  });
  afterAll(async () => {
    await session?.client.close();
  });
  return () => {
    if (!session) throw new Error('the session is not open yet (use it inside a test or hook)');
    return session;
  };
}

/** A JSON-RPC message as the client's transport delivered it. */
export interface WireMessage {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
}

/**
 * Records every message the client's transport delivers, in arrival order, until `stop()`: what the
 * server sent, before the SDK's handling (which drops a progress read in the same chunk as its result).
 */
export function recordWire(client: Client) {
  const transport = client.transport;
  const deliver = transport?.onmessage;
  if (!transport || !deliver) throw new Error('the client is not connected');
  const messages: WireMessage[] = [];
  transport.onmessage = (message, extra) => {
    messages.push(message as WireMessage);
    deliver(message, extra);
  };
  return { messages, stop: () => (transport.onmessage = deliver) };
}

/**
 * The progress values sent for the one request answered among `messages` (the SDK's token is the request's
 * id), and whether every one came before its result.
 */
export function progressOnWire(messages: readonly WireMessage[]): { progress: number[]; beforeResult: boolean } {
  const result = messages.findIndex((m) => 'result' in m && typeof m.id === 'number');
  const token = messages[result]?.id;
  const sent = messages
    .map((m, at) => ({ at, params: m.method === 'notifications/progress' ? m.params : undefined }))
    .filter(({ params }) => params !== undefined && params.progressToken === token);
  return {
    progress: sent.map(({ params }) => params?.progress as number),
    beforeResult: sent.every(({ at }) => at < result),
  };
}
