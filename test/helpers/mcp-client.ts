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
